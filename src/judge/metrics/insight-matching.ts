/** @module DRBench insight machinery shared by insight recall, distractor avoidance and insight factuality: decompose once, keep the first gold + 5 insights, match each to a reference fact. */
import type { EvidenceUnit, MetricItem } from "../../core/index.ts";
import type { AtomicInsight, Candidate } from "../judges/types.ts";
import { type InsightMatching, itemsResult, type Metric, type MetricContext } from "./types.ts";

/** Report insights considered beyond the number of golden insights (DRBench's anti-copying cutoff). */
export const INSIGHT_SLACK = 5;

export function goldInsights(ctx: MetricContext): EvidenceUnit[] {
  return ctx.task.evidence.filter((e) => e.role === "insight");
}
export function distractorUnits(ctx: MetricContext): EvidenceUnit[] {
  return ctx.task.evidence.filter((e) => e.role === "distractor");
}

/** The report's insights, first gold + 5 of them; decomposed once per evaluation, tokens charged to the first caller. */
export async function consideredInsights(
  ctx: MetricContext,
): Promise<{ considered: AtomicInsight[] | null; total: number; note: string; tokens: number }> {
  if (ctx.reading.unusable)
    return { considered: null, total: 0, note: `unscored: ${ctx.reading.unusable}`, tokens: 0 };
  const first = !ctx.state.insights;
  if (first) ctx.state.insights = ctx.judge.insights(ctx.reading.claims, ctx.task.seed.question);
  const decomposed = await ctx.state.insights!;
  const tokens = first ? decomposed.tokens : 0;
  if (decomposed.value === null)
    return { considered: null, total: 0, note: decomposed.justification, tokens };
  const k = goldInsights(ctx).length + INSIGHT_SLACK;
  const considered = decomposed.value.slice(0, k);
  const note = `${decomposed.value.length} report insights, first ${considered.length} considered (k = gold + ${INSIGHT_SLACK} = ${k})`;
  return { considered, total: decomposed.value.length, note, tokens };
}

async function compute(ctx: MetricContext): Promise<InsightMatching> {
  const { considered, note, tokens: decomposeTokens } = await consideredInsights(ctx);
  let tokens = decomposeTokens;
  if (considered === null) return { considered: null, matches: [], note, tokens };
  // Candidates are numbered neutrally so the judge cannot tell insights from distractors.
  const units = [...goldInsights(ctx), ...distractorUnits(ctx)];
  const candidates: Candidate[] = units.map((u, i) => ({ id: `F${i + 1}`, text: u.text }));
  const unitOf = new Map(candidates.map((c, i) => [c.id, units[i]!.id]));
  const matches: (string[] | undefined)[] = [];
  for (const insight of considered) {
    const verdict = await ctx.judge.matchInsight(insight.text, candidates);
    tokens += verdict.tokens;
    const v = verdict.value;
    matches.push(
      v === null
        ? undefined
        : [v.id, ...(v.also ?? [])].flatMap((id) => {
            const unit = id === null ? undefined : unitOf.get(id);
            return unit ? [unit] : [];
          }),
    );
  }
  return { considered, matches, note, tokens };
}

/** The shared matching, computed once per evaluation; `tokens` is non-zero only for the first caller. */
export type { InsightMatching };

export async function insightMatching(ctx: MetricContext): Promise<InsightMatching> {
  if (!ctx.state.insightMatching) {
    ctx.state.insightMatching = compute(ctx);
    return ctx.state.insightMatching;
  }
  return { ...(await ctx.state.insightMatching), tokens: 0 };
}

/**
 * Items per unit: 1 when some considered insight states it, 0 when every considered insight was judged and none does,
 * null (unscored) when it was not stated but some judge reply could not be read.
 */
function unitItems(units: readonly EvidenceUnit[], m: InsightMatching, hit: 1 | 0): MetricItem[] {
  const someUnscored = m.considered === null || m.matches.some((x) => x === undefined);
  return units.map((u) => {
    const at = m.matches.findIndex((x) => x?.includes(u.id));
    const stated = at >= 0;
    return {
      id: u.id,
      score: stated ? hit : someUnscored ? null : 1 - hit,
      matched: stated ? `INSIGHT_${at + 1}` : null,
      confidence: null,
      justification: stated
        ? `stated by report insight ${at + 1}: "${m.considered![at]!.text.slice(0, 160)}"`
        : someUnscored
          ? m.considered === null
            ? `not judged: ${m.note}`
            : "not found, but some matches could not be read: unscored"
          : `not stated by any of the ${m.considered!.length} considered insights`,
    };
  });
}

/** A metric over reference units (golden insights or distractors): each scores `hit` when the report states it, `1 − hit` when not. */
export function unitMetric(
  declaration: Pick<Metric, "name" | "label" | "notApplicable">,
  unitsOf: (ctx: MetricContext) => EvidenceUnit[],
  hit: 1 | 0,
): Metric {
  const { name } = declaration;
  return {
    ...declaration,
    kinds: ["drbench"],
    decisions: ["insight_match", "insights"],
    dependsOn: [],
    async run(ctx) {
      const m = await insightMatching(ctx);
      return itemsResult(name, unitItems(unitsOf(ctx), m, hit), ctx.judge.info("insight_match"), m.tokens);
    },
  };
}
