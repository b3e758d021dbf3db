/**
 * @module Factuality (N.3): a claim with no resolvable citation is non-factual; a claim that only restates the task's
 * question is unsupported (it states nothing a source could support); otherwise the top-5 chunks of its cited sources
 * go to the judge. A report with no claims scores 0, not 100: it supports nothing.
 */
import type { MetricItem } from "../../core/index.ts";
import { chunkDocument } from "../../retrieval/index.ts";
import { terms } from "../judges/lexical/terms.ts";
import { withoutCitations } from "../report/citations.ts";
import { resolveCitations } from "../sources.ts";
import { consideredInsights } from "./insight-matching.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric, type MetricContext } from "./types.ts";

/** Chunks of cited evidence the judge sees per claim. */
export const TOP_CHUNKS = 5;
/** A claim whose content terms beyond the question's are fewer than this share of its terms echoes the question. */
export const ECHO_NOVEL_SHARE = 0.25;

/** Whether a claim only restates the question: (almost) none of its content terms are new. */
export function echoesQuestion(claim: string, question: string | ReadonlySet<string>): boolean {
  const asked = typeof question === "string" ? new Set(terms(question)) : question;
  const said = [...new Set(terms(claim))];
  if (said.length === 0) return true;
  return said.filter((t) => !asked.has(t)).length / said.length < ECHO_NOVEL_SHARE;
}

type Claim = { id: string; text: string; citations: string[] };

/** DRFlow: one claim per predicted step (title + task + description). DRBench tasks without a workflow: the report's insights. */
async function claimsOf(ctx: MetricContext): Promise<{ claims: Claim[]; tokens: number; unread: boolean }> {
  if (ctx.predicted.length > 0) {
    return {
      claims: ctx.predicted.map((s) => ({
        id: predStepId(s.item),
        text: withoutCitations([s.title, s.task, s.task_description].join(". ")),
        citations: s.citations,
      })),
      tokens: 0,
      unread: false,
    };
  }
  if (ctx.task.kind !== "drbench") return { claims: [], tokens: 0, unread: false };
  const { considered, tokens } = await consideredInsights(ctx);
  return {
    claims: (considered ?? []).map((ins, i) => ({ id: `INSIGHT_${i + 1}`, ...ins })),
    tokens,
    unread: considered === null,
  };
}

export const factuality: Metric = {
  name: "factuality",
  dependsOn: [],
  async run(ctx) {
    const { judge, report, sources } = ctx;
    const { claims, tokens: claimTokens, unread } = await claimsOf(ctx);
    let tokens = claimTokens;
    const items: MetricItem[] = [];
    // Chunks per set of cited sources, built once: claims citing the same sources share the list (and a judge's index).
    const chunkLists = new Map<string, { chunks: ReturnType<typeof chunkDocument>; texts: string[] }>();
    const asked = new Set(terms(ctx.task.seed.question));
    for (const claim of claims) {
      const base = { id: claim.id, matched: null, confidence: null };
      if (claim.citations.length === 0) {
        items.push({
          ...base,
          score: 0,
          justification: "no citation: non-factual",
          evidence: { text: claim.text },
        });
        continue;
      }
      if (echoesQuestion(claim.text, asked)) {
        items.push({
          ...base,
          score: 0,
          justification: "restates the task's question: states nothing a source could support",
          evidence: { text: claim.text },
        });
        continue;
      }
      const { documents, unresolved } = await resolveCitations(claim.citations, report, sources);
      if (documents.length === 0) {
        items.push({
          ...base,
          score: 0,
          justification: `citations ${unresolved.join(", ")} resolve to no source of the task`,
          evidence: { text: claim.text },
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
      const best = ranked.indices[0] === undefined ? undefined : chunks[ranked.indices[0]];
      items.push({
        ...base,
        matched: documents.map((d) => d.id).join(","),
        score: verdict.value === null ? null : verdict.value ? 1 : 0,
        justification: verdict.value === null ? `unscored: ${verdict.justification}` : verdict.justification,
        evidence: {
          text: claim.text,
          ...(best ? { support: best.text.slice(0, 600), source: best.documentId } : {}),
        },
      });
    }
    // No claims: nothing supported, 0 (unscored only when a DRBench decomposition could not be read).
    const value = claims.length === 0 ? (unread ? null : 0) : undefined;
    return itemsResult("factuality", items, judge.info("factuality"), tokens, value);
  },
};
