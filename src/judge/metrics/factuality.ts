/**
 * @module Factuality (N.3): a claim with no resolvable citation is non-factual; a claim that only restates the task's
 * question is unsupported (it states nothing a source could support); otherwise the top-5 chunks of its cited sources
 * go to the judge. A report with no claims scores 0, not 100: it supports nothing.
 */

import type { MetricItem } from "../../core/index.ts";
import { chunkDocument } from "../../retrieval/index.ts";
import { caseEvidence } from "../case-evidence.ts";
import { excerptAround } from "../excerpt.ts";
import { distinctSentences } from "../judges/lexical/sentences.ts";
import { terms } from "../judges/lexical/terms.ts";
import { echoesQuestion } from "../reading/report.ts";
import { withoutCitations } from "../report/citations.ts";
import { consideredInsights } from "./insight-matching.ts";
import { predStepId } from "./precision.ts";
import { itemsResult, type Metric, type MetricContext } from "./types.ts";

/** Chunks of cited evidence the judge sees per claim. */
export const TOP_CHUNKS = 5;

type Claim = { id: string; text: string; citations: string[] };

/** DRFlow: one claim per predicted step (title + task + description). DRBench tasks without a workflow: the report's insights. */
async function claimsOf(ctx: MetricContext): Promise<{ claims: Claim[]; tokens: number; unread: boolean }> {
  if (ctx.predicted.length > 0) {
    return {
      claims: ctx.predicted.map((s) => ({
        id: predStepId(s.item),
        text: withoutCitations(distinctSentences([s.title, s.task, s.task_description])),
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
  label: { short: "Fact.", long: "Factuality" },
  kinds: ["drflow", "drbench"],
  decisions: ["factuality"],
  dependsOn: [],
  async run(ctx) {
    const { judge } = ctx;
    const { claims, tokens: claimTokens, unread } = await claimsOf(ctx);
    const items: (MetricItem | undefined)[] = [];
    // Claims citing the same sources share one chunk list (built once).
    const groups = new Map<string, { chunks: ReturnType<typeof chunkDocument>; members: number[] }>();
    const asked = new Set(terms(ctx.task.seed.question, { keepNumbers: true }));
    for (const [i, claim] of claims.entries()) {
      const base = { id: claim.id, matched: null, confidence: null, evidence: { text: claim.text } };
      const decided = (score: number | null, justification: string) => {
        items[i] = { ...base, score, justification };
      };
      if (claim.citations.length === 0) {
        decided(0, "no citation: non-factual");
        continue;
      }
      if (echoesQuestion(claim.text, asked)) {
        decided(0, "restates the task's question: states nothing a source could support");
        continue;
      }
      const { documents, unresolved, unsavedWeb } = await ctx.resolve(claim.citations);
      if (documents.length === 0 && unsavedWeb.length === unresolved.length) {
        decided(
          null,
          `unscored: cites only web pages the task's offline web store does not hold (${unsavedWeb.join(", ")}); the judge cannot read them offline`,
        );
        continue;
      }
      if (documents.length === 0) {
        decided(0, `citations ${unresolved.join(", ")} resolve to no source of the task`);
        continue;
      }
      const key = documents.map((d) => d.id).join(",");
      let group = groups.get(key);
      if (!group) {
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
        group = { chunks, members: [] };
        groups.set(key, group);
      }
      group.members.push(i);
    }
    // Every claim goes to the judge at once (one call each, concurrently, or batched by shared source).
    // Every passage of each cited document, headed by the document's id and title (a code in the title, "TB-173", is
    // what the document carries too).
    const asks = [...groups].flatMap(([key, { chunks, members }]) => {
      const texts = chunks.map((c) => `[${c.documentId}] (${c.title}) ${c.text}`);
      return members.map((i) => ({ i, key, chunks, claim: { text: claims[i]!.text, chunks: texts } }));
    });
    const context = {
      steps: ctx.task.generic_workflow.map((g) => ({
        condition: g.condition ?? null,
        step: `${g.title} ${g.task} ${g.task_description}`,
      })),
      cases: caseEvidence(ctx.task),
    };
    const checked = await judge.factuality(
      asks.map((a) => a.claim),
      TOP_CHUNKS,
      context,
    );
    for (const [n, { i, key, chunks }] of asks.entries()) {
      const { value, justification } = checked.verdicts[n]!;
      const best = value?.shown[0] === undefined ? undefined : chunks[value.shown[0]];
      items[i] = {
        id: claims[i]!.id,
        matched: key,
        confidence: null,
        score: value === null ? null : value.factual ? 1 : 0,
        justification: value === null ? `unscored: ${justification}` : justification,
        evidence: {
          text: claims[i]!.text,
          ...(best
            ? { support: excerptAround(best.text, claims[i]!.text, 600), source: best.documentId }
            : {}),
        },
      };
    }
    const tokens = claimTokens + checked.tokens;
    // No claims: nothing supported, 0 (unscored only when a DRBench decomposition could not be read).
    const value = claims.length === 0 ? (unread ? null : 0) : undefined;
    return itemsResult("factuality", items as MetricItem[], judge.info("factuality"), tokens, value);
  },
};
