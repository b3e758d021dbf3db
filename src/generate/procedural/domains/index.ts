/** @module The five domains of the benchmark, by name. */
import type { Domain } from "../../../core/index.ts";
import type { DomainSpec } from "../family.ts";
import { b2b } from "./b2b.ts";
import { b2c } from "./b2c.ts";
import { education } from "./education.ts";
import { healthcare } from "./healthcare.ts";
import { legal } from "./legal.ts";

export const DOMAINS: Record<Domain, DomainSpec> = { b2b, b2c, education, healthcare, legal };
