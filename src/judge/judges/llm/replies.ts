/** @module Judge reply schemas (N.1–N.5, batched, DRBench) and readers that turn a reply text into a value or a problem to repair. */
import { z } from "zod";
import { extractJson } from "../../../llm/json-extract.ts";

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const Bool = z.union([
  z.boolean(),
  z.enum(["true", "false", "True", "False"]).transform((s) => s.toLowerCase() === "true"),
]);
const Unit = z.coerce.number().min(0).max(1);
const Text = z
  .string()
  .nullish()
  .transform((s) => s ?? "");
const NullableId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "null" || v === "" ? null : String(v)));

export const PrecisionReply = z.object({
  matched: Bool,
  matched_gold_id: NullableId,
  matched_gold_title: z.string().nullish(),
  confidence: Unit,
  justification: Text,
});
export const RecallReply = z.object({
  matched: Bool,
  matched_pred_item: NullableId,
  confidence: Unit,
  justification: Text,
});
export const ConditionReply = z.object({
  score: z.coerce.number().refine((x) => x === 0 || x === 0.5 || x === 1, "score must be 0.0, 0.5 or 1.0"),
  level: Text,
  justification: Text,
});
export const ComprehensivenessReply = z.object({
  specificity: Unit,
  personalization: Unit,
  completeness: Unit,
  actionability: Unit,
  overall_score: Unit.nullish(),
  justification: Text,
  missing_details: z
    .array(z.coerce.string())
    .nullish()
    .transform((x) => x ?? []),
});
/** Entries of the batched replies (drflow's prompts): each names the item it answers. */
const Id = z.union([z.string(), z.number()]).transform(String);
export const PrecisionEntry = PrecisionReply.extend({ pred_item: Id });
export const RecallEntry = RecallReply.extend({ gold_id: Id });
export const ConditionEntry = ConditionReply.extend({ gold_id: Id });
export const ComprehensivenessEntry = ComprehensivenessReply.extend({ pred_item: Id });
export const FactualityEntry = z.object({ claim_id: Id, factual: Bool, explanation: Text });

export const InsightsReply = z.object({
  insights: z.array(
    z.union([
      z.string().transform((text) => ({ text, citations: [] as string[] })),
      z.object({
        text: z.string().min(1),
        /** The numbered report claim the insight comes from (its citations are that claim's). */
        claim: z.coerce.number().int().min(1).nullish(),
        citations: z
          .array(z.coerce.string())
          .nullish()
          .transform((x) => x ?? []),
      }),
    ]),
  ),
});
export const InsightMatchReply = z.object({ matched: Bool, fact_id: NullableId, justification: Text });
const Ten = z.coerce.number().min(1).max(10);
export const QualityReply = z.object({
  depth: Ten,
  relevance: Ten,
  persona_consistency: Ten,
  coherence: Ten,
  non_contradiction: Ten,
  justification: Text,
});

/** Read a JSON reply against a schema; the problem names the JSON path and what was expected. */
export function readJson<S extends z.ZodType>(schema: S, text: string): Read<z.infer<S>> {
  const json = extractJson(text);
  if (!json.ok) return { ok: false, problem: json.problem };
  const parsed = schema.safeParse(json.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`)
    .join("; ");
  return { ok: false, problem: `the JSON does not have the expected fields (${issues}).` };
}

/** N.3's `<factual>true|false</factual> <explanation>…</explanation>` reply. */
export function readFactual(text: string): Read<{ factual: boolean; explanation: string }> {
  const m = /<factual>\s*(true|false)\s*<\/factual>/i.exec(text);
  if (!m) return { ok: false, problem: "expected <factual>true</factual> or <factual>false</factual>." };
  const explanation = /<explanation>([\s\S]*?)(?:<\/explanation>|$)/i.exec(text)?.[1]?.trim() ?? "";
  return { ok: true, value: { factual: m[1]!.toLowerCase() === "true", explanation } };
}

/** `WORKFLOW_STEP_3`, `3` or `step 3` → 3; null when no number is found. */
export function itemOf(id: string | null): number | null {
  if (id === null) return null;
  const m = /(\d+)\s*$/.exec(id.trim());
  return m ? Number(m[1]) : null;
}
