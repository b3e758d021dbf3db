/** @module Every workflow family, three per domain, in a fixed order (the order decides demo task families). */
import type { FamilySpec } from "../family.ts";
import { contractRedlines, customerOnboarding, invoiceDispute } from "./b2b.ts";
import { duplicateCharge, hackedAccount, lateReturn } from "./b2c.ts";
import { finaidAppeal, priorLearning, transcriptCorrection } from "./education.ts";
import { lepConsent, recordsRelease, tbIsolation } from "./healthcare.ts";
import { complianceInvestigation, deniedClaim, overdueCollection } from "./legal.ts";

export const FAMILIES: readonly FamilySpec[] = [
  customerOnboarding,
  invoiceDispute,
  contractRedlines,
  lateReturn,
  hackedAccount,
  duplicateCharge,
  finaidAppeal,
  transcriptCorrection,
  priorLearning,
  lepConsent,
  tbIsolation,
  recordsRelease,
  deniedClaim,
  complianceInvestigation,
  overdueCollection,
];
