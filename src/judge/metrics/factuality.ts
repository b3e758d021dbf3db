/** @module Factuality (N.3): a claim with no resolvable citation is non-factual; otherwise the top-5 chunks of its cited sources go to the judge. */
import type { MetricItem } from "../../core/index.ts";
import { chunkDocument } from "../../retrieval/index.ts";
import { withoutCitations } from "../report/citations.ts";
import { resolveCitations } from "../sources.ts";
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

export const factuality: Metric = {
  name: "factuality",
  dependsOn: [],
  async run(ctx) {
    const { judge, report, sources } = ctx;
    const { claims, tokens: claimTokens } = await claimsOf(ctx);
    let tokens = claimTokens;
    const items: MetricItem[] = [];
    // Chunks per set of cited sources, built once: claims citing the same sources share the list (and a judge's index).
    const chunkLists = new Map<string, { chunks: ReturnType<typeof chunkDocument>; texts: string[] }>();
    for (const claim of claims) {
      const base = { id: claim.id, matched: null, confidence: null };
      if (claim.citations.length === 0) {
        items.push({ ...base, score: 0, justification: "no citation: non-factual" });
        continue;
      }
      const { documents, unresolved } = await resolveCitations(claim.citations, report, sources);
      if (documents.length === 0) {
        items.push({
          ...base,
          score: 0,
          justification: `citations ${unresolved.join(", ")} resolve to no source of the task`,
        });
        continue;
      }
      const key = documents.map((d) => d.id).join("\u0000");
      let list = chunkLists.get(key);
      if (!list) {
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
        list = { chunks, texts: chunks.map((c) => `[${c.documentId}] ${c.text}`) };
        chunkLists.set(key, list);
      }
      const { chunks, texts } = list;
      const ranked = await judge.rankChunks(claim.text, texts, TOP_CHUNKS);
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
