/** @module Modalities per side: a configurable distribution over file formats, sampled with a seeded PRNG. */
import { z } from "zod";
import type { Rng } from "../../procedural/prng.ts";

export const Modality = z.enum(["pdf", "docx", "md", "chat", "email"]);
export type Modality = z.infer<typeof Modality>;

/** Relative weights (need not sum to 1). */
export const ModalityWeights = z.partialRecord(Modality, z.number().min(0));
export type ModalityWeights = z.infer<typeof ModalityWeights>;

export const ModalityConfig = z.object({ company: ModalityWeights, user: ModalityWeights });
export type ModalityConfig = z.infer<typeof ModalityConfig>;

/** Company documents live on the drive (PDF, DOCX); the user side adds personal files, chats and emails. */
export const DEFAULT_MODALITIES: ModalityConfig = {
  company: { pdf: 0.5, docx: 0.5 },
  user: { pdf: 0.2, docx: 0.15, md: 0.05, chat: 0.3, email: 0.3 },
};

/** Draw one modality from `weights`; company-side chat or email is refused (company policy is documents). */
export function sampleModality(weights: ModalityWeights, rng: Rng, side: "company" | "user"): Modality {
  const entries = Object.entries(weights).filter(([, w]) => (w ?? 0) > 0) as [Modality, number][];
  if (entries.length === 0)
    throw new Error(`modalities.${side}: expected at least one format with a positive weight`);
  if (side === "company") {
    const bad = entries.find(([m]) => m === "chat" || m === "email");
    if (bad)
      throw new Error(`modalities.company.${bad[0]}: company-side artifacts are documents (pdf, docx, md)`);
  }
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [m, w] of entries) {
    x -= w;
    if (x < 0) return m;
  }
  return entries[entries.length - 1]![0];
}

/** `k` distinct modalities drawn without replacement (all of them when fewer have a positive weight). */
export function sampleDistinctModalities(
  weights: ModalityWeights,
  rng: Rng,
  side: "company" | "user",
  k: number,
): Modality[] {
  const left: ModalityWeights = { ...weights };
  const out: Modality[] = [];
  while (out.length < k && Object.values(left).some((w) => (w ?? 0) > 0)) {
    const m = sampleModality(left, rng, side);
    out.push(m);
    delete left[m];
  }
  return out;
}
