/** @module Factuality (N.3): a claim with no resolvable citation is non-factual; otherwise the top-5 chunks of its cited sources go to the judge. */
import type { MetricItem } from "../../core/index.ts";
import { chunkDocument } from "../../retrieval/index.ts";
import { withoutCitations } from "../report/citations.ts";
import { consideredInsights } from "./insight-matching.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric, type MetricContext } from "./types.ts";

/** Chunks of cited evidence the judge sees per claim. */
export const TOP_CHUNKS = 5;

type Claim = { id: string; text: string; citations: string[] };

/** DRFlow: one claim per predicted step (title + task + description). DRBench tasks without a workflow: the report's insights. */
async function claimsOf(ctx: MetricContext): Promise<{ claims: Claim[]; tokens: number }> {
  if (ctx.predicted.length > 0) {
    return {
      claims: ctx.predicted.map((s) => ({
        id: predStepId(s.item),
        text: withoutCitations([s.title, s.task, s.task_description].join(". ")),
        citations: s.citations,
      })),
      tokens: 0,
    };
  }
  const { considered, tokens } = await consideredInsights(ctx);
  return { claims: (considered ?? []).map((ins, i) => ({ id: `INSIGHT_${i + 1}`, ...ins })), tokens };
}

/** Why factuality has nothing to score, when it does not: the report cannot be read, or states no claim. */
function nothingToScore(ctx: MetricContext, claims: readonly Claim[]): string | null {
  if (claims.length > 0) return null;
  if (ctx.reading.unusable) return `unscored: ${ctx.reading.unusable}`;
  return ctx.predicted.length === 0 ? "the report states no claims: not applicable" : null;
}

export const factuality: Metric = {
  name: "factuality",
  dependsOn: [],
  async run(ctx) {
    const { judge } = ctx;
    const { claims, tokens: claimTokens } = await claimsOf(ctx);
    let tokens = claimTokens;
    const items: MetricItem[] = [];
    const none = nothingToScore(ctx, claims);
    if (none)
      return {
        ...itemsResult("factuality", [], judge.info("factuality"), tokens),
        unscored: ctx.reading.unusable ? 1 : 0,
        items: [{ id: "report", score: null, matched: null, confidence: null, justification: none }],
      };
    for (const claim of claims) {
      const base = { id: claim.id, matched: null, confidence: null };
      if (claim.citations.length === 0) {
        items.push({ ...base, score: 0, justification: "no citation: non-factual" });
        continue;
      }
      const { documents, unresolved, unsavedWeb } = await ctx.resolve(claim.citations);
      if (documents.length === 0 && unsavedWeb.length === unresolved.length) {
        items.push({
          ...base,
          score: null,
          justification: `unscored: cites only web pages the task's offline web store does not hold (${unsavedWeb.join(", ")}); the judge cannot read them offline`,
        });
        continue;
      }
      if (documents.length === 0) {
        items.push({
          ...base,
          score: 0,
          justification: `citations ${unresolved.join(", ")} resolve to no source of the task`,
        });
        continue;
      }
      const chunks = documents.flatMap((d) =>
        chunkDocument({
          id: d.id,
          app: "files",
          title: d.title,
          path: d.path,
          author: "",
          date: "",
          text: d.text,
        }),
      );
      const ranked = await judge.rankChunks(
        claim.text,
        chunks.map((c) => `[${c.documentId}] ${c.text}`),
        TOP_CHUNKS,
      );
      tokens += ranked.tokens;
      const top = ranked.indices.map((i) => `[${chunks[i]!.documentId}] ${chunks[i]!.text}`);
      const verdict = await judge.factual(claim.text, top);
      tokens += verdict.tokens;
      items.push({
        ...base,
        matched: documents.map((d) => d.id).join(","),
        score: verdict.value === null ? null : verdict.value ? 1 : 0,
        justification: verdict.value === null ? `unscored: ${verdict.justification}` : verdict.justification,
      });
    }
    return itemsResult("factuality", items, judge.info("factuality"), tokens);
  },
};
