/** @module What file realization knows about a task: company slots, the persona, dates, and the shape of a realized artifact. */
import type { ArtifactContent } from "../../realize/index.ts";
import type { SeedRecord } from "../stages/s1-seeds.ts";
import type { StageEnv } from "../stages/stage-env.ts";
import type { Modality } from "./modality.ts";

/** The persona whose files, chats and emails these are (the task's user). */
export type FilePersona = {
  name: string;
  email: string;
  username: string;
  role: string;
  role_description: string;
};

export type FileContext = {
  env: StageEnv;
  seed: SeedRecord;
  persona: FilePersona;
  /** Extra lines for `{persona_context}` (an adjacent case's id, timeline and cast). */
  personaExtra?: string;
  /** Subsections per document (K.8, K.12 `{n_subsections}`). */
  subsections: number;
  chatTurns: number;
  emailMessages: number;
  /** The suite's secret (keys Message-IDs; empty: none). */
  secret?: string;
};

/** What one realized artifact is: its content, the exact text that carries its evidence, and its metadata. */
export type Realized = {
  content: ArtifactContent;
  modality: Modality;
  /** The paragraph, post or email body that carries the target fact, verbatim as it appears in the file. */
  carrier: string;
  /** Where the carrier sits inside `content` (JSON path parts), so a fact-checked content yields its new carrier. */
  carrierPath: (string | number)[];
  title: string;
  /** File name without extension (a slug). */
  stem: string;
  /** A person's name, username or email; assembly resolves it to the name task.json lists. */
  author: string;
  date: string;
  /** People and channels the artifact introduces (chat and email users, chat channel). */
  people: { name: string; email: string; username: string; role: string }[];
  channels: string[];
};

export function companySlots(seed: SeedRecord): Record<string, string> {
  return {
    company_name: seed.company_name,
    company_description: seed.company_description,
    industry: seed.company_industry,
    company_size: seed.company_size,
    employee_count: seed.company_employee_count,
    annual_revenue: seed.company_annual_revenue,
  };
}

export function personaContext(ctx: FileContext): string {
  const p = ctx.persona;
  const lines = [
    `Name: ${p.name}`,
    `Username: ${p.username}`,
    `Email: ${p.email}`,
    `Role: ${p.role} (${p.role_description})`,
  ];
  if (ctx.personaExtra) lines.push(ctx.personaExtra);
  return lines.join("\n");
}

/** `alice.smith@northbridge.example` → `alice.smith`. */
export function usernameOf(email: string): string {
  return (email.split("@")[0] ?? email).toLowerCase();
}

/** `2026-03-02` + 5 days → `2026-03-07` (UTC, no clock involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
