/**
 * @module The `llm` judge: the paper's N.1–N.5 prompts, one per question with every question of a metric in flight at
 * once (`per-step`), or drflow's `batched` prompts, one request per metric and direction (factuality: per set of
 * claims sharing a cited source); DRBench prompts; embedding-ranked evidence chunks.
 */
import type { z } from "zod";
import type { JudgeInfo, ReportStep } from "../../../core/index.ts";
import { countTokens } from "../../../llm/tokens.ts";
import type { Model } from "../../../llm/types.ts";
import { modelEmbedder, roleEmbedder } from "../../../retrieval/embedders/index.ts";
import type { GoldStep } from "../../gold.ts";
import {
  BATCHED_PRECISION_TEMPLATE,
  BATCHED_RECALL_TEMPLATE,
  batchedPrecisionPrompt,
  batchedRecallPrompt,
} from "../../prompts/batched-alignment.ts";
import {
  BATCHED_COMPREHENSIVENESS_TEMPLATE,
  batchedComprehensivenessPrompt,
} from "../../prompts/batched-comprehensiveness.ts";
import {
  BATCHED_CONDITION_RESOLUTION_TEMPLATE,
  batchedConditionResolutionPrompt,
} from "../../prompts/batched-condition-resolution.ts";
import {
  BATCHED_FACTUALITY_TEMPLATE,
  batchedFactualityPrompt,
  claimId,
} from "../../prompts/batched-factuality.ts";
import { COMPREHENSIVENESS_TEMPLATE, comprehensivenessPrompt } from "../../prompts/comprehensiveness.ts";
import {
  CONDITION_RESOLUTION_PROMPT_TEMPLATE,
  conditionResolutionPrompt,
} from "../../prompts/condition-resolution.ts";
import {
  INSIGHT_MATCH_TEMPLATE,
  INSIGHTS_TEMPLATE,
  insightMatchPrompt,
  insightsPrompt,
  REPORT_QUALITY_TEMPLATE,
  reportQualityPrompt,
} from "../../prompts/drbench.ts";
import { FACTUALITY_TEMPLATE, factualityPrompt } from "../../prompts/factuality.ts";
import { PRECISION_PROMPT_TEMPLATE, precisionPrompt } from "../../prompts/precision.ts";
import { RECALL_PROMPT_TEMPLATE, recallPrompt } from "../../prompts/recall.ts";
import { REPAIR_TEMPLATE } from "../../prompts/repair.ts";
import { promptHash } from "../../prompts/template.ts";
import type { Claim } from "../../reading/document.ts";
import type { ReadReport } from "../../reading/report.ts";
import type {
  AlignmentBatch,
  AlignmentDecision,
  AtomicInsight,
  Candidate,
  ClaimToCheck,
  Comprehensiveness,
  ConditionScore,
  DecisionKind,
  Judge,
  Judged,
  QualityDimensions,
  StepPair,
  Support,
  Verdict,
  Verdicts,
} from "../types.ts";
import { type AskSettings, ask } from "./ask.ts";
import { askBatch, type BatchAnswer, type BatchSpec } from "./batch.ts";
import { bestPerDocument } from "./passages.ts";
import {
  ComprehensivenessEntry,
  ComprehensivenessReply,
  ConditionEntry,
  ConditionReply,
  FactualityEntry,
  InsightMatchReply,
  InsightsReply,
  itemOf,
  PrecisionEntry,
  PrecisionReply,
  QualityReply,
  type Read,
  RecallEntry,
  RecallReply,
  readFactual,
  readJson,
} from "./replies.ts";

/** The prompts' confidence bars: N.1 reserves ≥ 0.88 for a match, N.2 ≥ 0.83. */
export const LLM_BARS = { precision: 0.88, recall: 0.83 } as const;

export type LlmJudgeOptions = {
  protocol?: "per-step" | "batched";
  temperature?: number;
  seed?: number;
  /** Repeat index (judge repeats), passed to the model layer so repeats are not served from one cache entry. */
  repeat?: number;
  /**
   * Model that embeds claims and chunks for factuality ranking. Default: the embedder role of the judge model's layer
   * (`DRFLOW_EMBEDDER_MODEL`, else `openai:text-embedding-3-small`, the paper's) — never the judge's chat model.
   */
  embedder?: Model;
  /** The run the judge's calls are recorded under (usage by run and batch). */
  runId?: string;
  /** Attempts per question including the first; the rest are repair turns (default 2). */
  attempts?: number;
};

const DEFAULTS = { protocol: "per-step", temperature: 0, seed: 0, repeat: 0, attempts: 2 } as const;

function templatesOf(kind: DecisionKind, protocol: "per-step" | "batched"): string[] {
  switch (kind) {
    case "precision":
      return [protocol === "batched" ? BATCHED_PRECISION_TEMPLATE : PRECISION_PROMPT_TEMPLATE];
    case "recall":
      return [protocol === "batched" ? BATCHED_RECALL_TEMPLATE : RECALL_PROMPT_TEMPLATE];
    case "condition_resolution":
      return [
        protocol === "batched" ? BATCHED_CONDITION_RESOLUTION_TEMPLATE : CONDITION_RESOLUTION_PROMPT_TEMPLATE,
      ];
    case "personalized_comprehensiveness":
      return [protocol === "batched" ? BATCHED_COMPREHENSIVENESS_TEMPLATE : COMPREHENSIVENESS_TEMPLATE];
    case "factuality":
      return [protocol === "batched" ? BATCHED_FACTUALITY_TEMPLATE : FACTUALITY_TEMPLATE];
    case "insights":
      return [INSIGHTS_TEMPLATE];
    case "insight_match":
      return [INSIGHTS_TEMPLATE, INSIGHT_MATCH_TEMPLATE];
    case "report_quality":
      return [REPORT_QUALITY_TEMPLATE];
  }
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

const unscoredDecision = (source: number, why: string): AlignmentDecision => ({
  source,
  target: null,
  confidence: null,
  justification: `unscored: ${why}`,
  unscored: true,
});

/** Alignment decisions from per-item answers: a missing or unreadable answer is an unscored decision, never "no match". */
function decisionsOf<E>(
  sources: readonly number[],
  answer: BatchAnswer<E>,
  toDecision: (e: E) => Pick<AlignmentDecision, "target" | "confidence" | "justification">,
): AlignmentBatch {
  const decisions = sources.map((source, i) => {
    const e = answer.entries[i];
    return e ? { source, ...toDecision(e), unscored: false } : unscoredDecision(source, answer.problems[i]!);
  });
  return { decisions, tokens: answer.tokens };
}

/** Verdicts from per-item answers: a missing or unreadable answer is a null value with the reason. */
function verdictsOf<E, T>(answer: BatchAnswer<E>, toJudged: (e: E, i: number) => Judged<T>): Verdicts<T> {
  return {
    verdicts: answer.entries.map((e, i) =>
      e ? toJudged(e, i) : { value: null, justification: answer.problems[i]! },
    ),
    tokens: answer.tokens,
  };
}

/** The most chunks one batched factuality request shows; a larger set of linked claims is split. */
export const MAX_BATCH_CHUNKS = 30;

/**
 * Batched factuality requests: claims linked by a shared cited source (the connected sets of the claim–source graph; a
 * report whose claims each cite one source gets one request per source), split so no request shows more than
 * MAX_BATCH_CHUNKS chunks. Each request shows the union of its claims' top chunks, in order of first appearance, and
 * each claim names its own.
 */
export function factualityBatches(
  claims: readonly ClaimToCheck[],
  top: readonly number[][],
): { members: number[]; shown: string[] }[] {
  const parent = claims.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    return root;
  };
  const owner = new Map<string, number>();
  for (const [i, c] of claims.entries())
    for (const chunk of c.chunks) {
      const j = owner.get(chunk);
      if (j === undefined) owner.set(chunk, i);
      else parent[find(i)] = find(j);
    }
  const linked = new Map<number, number[]>();
  for (const i of claims.keys()) linked.set(find(i), [...(linked.get(find(i)) ?? []), i]);
  const batches: { members: number[]; shown: string[] }[] = [];
  for (const members of linked.values()) {
    let batch: { members: number[]; shown: string[] } = { members: [], shown: [] };
    for (const i of members) {
      const mine = top[i]!.map((n) => claims[i]!.chunks[n]!);
      const union = [...new Set([...batch.shown, ...mine])];
      if (batch.members.length > 0 && union.length > MAX_BATCH_CHUNKS) {
        batches.push(batch);
        batch = { members: [i], shown: [...new Set(mine)] };
      } else batch = { members: [...batch.members, i], shown: union };
    }
    batches.push(batch);
  }
  return batches;
}

export class LlmJudge implements Judge {
  readonly name = "llm";
  readonly bars = LLM_BARS;
  private readonly protocol: "per-step" | "batched";
  private readonly settings: AskSettings;

  constructor(
    private readonly model: Model,
    private readonly options: LlmJudgeOptions = {},
  ) {
    this.protocol = options.protocol ?? DEFAULTS.protocol;
    this.settings = {
      temperature: options.temperature ?? DEFAULTS.temperature,
      seed: options.seed ?? DEFAULTS.seed,
      repeat: options.repeat ?? DEFAULTS.repeat,
      attempts: options.attempts ?? DEFAULTS.attempts,
      ...(options.runId ? { runId: options.runId } : {}),
    };
  }

  info(kind: DecisionKind): JudgeInfo {
    return {
      judge: "llm",
      model: this.model.handle,
      temperature: this.settings.temperature,
      seed: this.settings.seed,
      prompt_hash: promptHash(...templatesOf(kind, this.protocol), REPAIR_TEMPLATE),
      protocol: this.protocol,
    };
  }

  private ask<T>(kind: DecisionKind, prompt: string, read: (text: string) => Read<T>) {
    return ask(this.model, prompt, read, `judge:${kind}`, this.info(kind).prompt_hash, this.settings);
  }

  /** A batched question with this judge's settings; replies' item ids are compared by their number. */
  private batch<Q, E>(
    kind: DecisionKind,
    spec: Omit<BatchSpec<Q, E>, "ask" | "key">,
  ): Promise<BatchAnswer<E>> {
    return askBatch({
      ...spec,
      key: (id) => String(itemOf(id) ?? id),
      ask: (p, read) => this.ask(kind, p, read),
    });
  }

  async alignPrecision(pred: readonly ReportStep[], gold: readonly GoldStep[]): Promise<AlignmentBatch> {
    const goldItems = new Set(gold.map((g) => g.item));
    const check = (r: typeof PrecisionReply._output): string | null => {
      if (!r.matched) return null;
      const item = itemOf(r.matched_gold_id);
      return item !== null && goldItems.has(item)
        ? null
        : `matched_gold_id "${r.matched_gold_id}" is not one of the golden step ids (WORKFLOW_STEP_${[...goldItems][0] ?? 1}…).`;
    };
    const toDecision = (r: typeof PrecisionReply._output) => ({
      target: r.matched ? itemOf(r.matched_gold_id) : null,
      confidence: r.confidence,
      justification: r.justification,
    });
    if (pred.length === 0) return { decisions: [], tokens: 0 };
    if (this.protocol === "batched") {
      const answer = await this.batch("precision", {
        questions: pred,
        idOf: (p) => String(p.item),
        list: "decisions",
        entry: PrecisionEntry,
        idField: "pred_item",
        check,
        prompt: (subset) => batchedPrecisionPrompt(subset, gold),
      });
      return decisionsOf(
        pred.map((p) => p.item),
        answer,
        toDecision,
      );
    }
    return decisionsOf(
      pred.map((p) => p.item),
      await this.each("precision", pred, (p) => precisionPrompt(p, gold), PrecisionReply, check),
      toDecision,
    );
  }

  async alignRecall(gold: readonly GoldStep[], pred: readonly ReportStep[]): Promise<AlignmentBatch> {
    const predItems = new Set(pred.map((p) => p.item));
    const check = (r: typeof RecallReply._output): string | null => {
      if (!r.matched) return null;
      const item = itemOf(r.matched_pred_item);
      return item !== null && predItems.has(item)
        ? null
        : `matched_pred_item "${r.matched_pred_item}" is not the item number of a predicted step.`;
    };
    const toDecision = (r: typeof RecallReply._output) => ({
      target: r.matched ? itemOf(r.matched_pred_item) : null,
      confidence: r.confidence,
      justification: r.justification,
    });
    if (this.protocol === "batched") {
      const answer = await this.batch("recall", {
        questions: gold,
        idOf: (g) => g.id,
        list: "decisions",
        entry: RecallEntry,
        idField: "gold_id",
        check,
        prompt: (subset) => batchedRecallPrompt(subset, pred),
      });
      return decisionsOf(
        gold.map((g) => g.item),
        answer,
        toDecision,
      );
    }
    return decisionsOf(
      gold.map((g) => g.item),
      await this.each("recall", gold, (g) => recallPrompt(g, pred), RecallReply, check),
      toDecision,
    );
  }

  /** The paper's per-step protocol: one prompt per question, all sent at once (the model layer queues them under the provider's limit). */
  private async each<Q, S extends z.ZodType>(
    kind: DecisionKind,
    questions: readonly Q[],
    prompt: (q: Q) => string,
    schema: S,
    check?: (r: z.infer<S>) => string | null,
  ): Promise<BatchAnswer<z.infer<S>>> {
    const answers = await Promise.all(
      questions.map((q) =>
        this.ask(kind, prompt(q), (text): Read<z.infer<S>> => {
          const r = readJson(schema, text);
          if (!r.ok || !check) return r;
          const bad = check(r.value);
          return bad ? { ok: false, problem: bad } : r;
        }),
      ),
    );
    return {
      entries: answers.map((a) => a.value),
      problems: answers.map((a) => a.problem),
      tokens: answers.reduce((s, a) => s + a.tokens, 0),
    };
  }

  async resolveConditions(pairs: readonly StepPair[]): Promise<Verdicts<ConditionScore>> {
    if (pairs.length === 0) return { verdicts: [], tokens: 0 };
    const answer =
      this.protocol === "batched"
        ? await this.batch("condition_resolution", {
            questions: pairs,
            idOf: (p) => p.gold.id,
            list: "verdicts",
            entry: ConditionEntry,
            idField: "gold_id",
            prompt: batchedConditionResolutionPrompt,
          })
        : await this.each(
            "condition_resolution",
            pairs,
            (p) => conditionResolutionPrompt(p.gold, p.pred),
            ConditionReply,
          );
    return verdictsOf(answer, (r) => ({
      value: r.score as ConditionScore,
      justification: `${r.level}: ${r.justification}`,
    }));
  }

  async comprehensiveness(pairs: readonly StepPair[]): Promise<Verdicts<Comprehensiveness>> {
    if (pairs.length === 0) return { verdicts: [], tokens: 0 };
    const answer =
      this.protocol === "batched"
        ? await this.batch("personalized_comprehensiveness", {
            questions: pairs,
            idOf: (p) => String(p.pred.item),
            list: "ratings",
            entry: ComprehensivenessEntry,
            idField: "pred_item",
            prompt: batchedComprehensivenessPrompt,
          })
        : await this.each(
            "personalized_comprehensiveness",
            pairs,
            (p) => comprehensivenessPrompt(p.gold, p.pred),
            ComprehensivenessReply,
          );
    return verdictsOf(answer, (r) => {
      const { specificity, personalization, completeness, actionability, missing_details, justification } = r;
      return {
        value: { specificity, personalization, completeness, actionability, missing_details },
        justification,
      };
    });
  }

  /**
   * Each claim's top `k` chunks by embedding similarity, then N.3 per claim (per-step, all in flight at once) or, batched,
   * one request per set of claims linked by a shared cited source: the union of those claims' top chunks shown once, each
   * claim checked against its own.
   */
  async factuality(claims: readonly ClaimToCheck[], k: number): Promise<Verdicts<Support>> {
    if (claims.length === 0) return { verdicts: [], tokens: 0 };
    const ranked = await this.rankChunks(claims, k);
    const entries: ({ factual: boolean; explanation: string } | null)[] = claims.map(() => null);
    const problems: string[] = claims.map(() => "");
    let tokens = ranked.tokens;
    if (this.protocol === "batched") {
      const batches = factualityBatches(claims, ranked.indices);
      const answers = await Promise.all(
        batches.map(({ members, shown }) =>
          this.batch("factuality", {
            questions: members,
            idOf: (i) => claimId(members.indexOf(i)),
            list: "verdicts",
            entry: FactualityEntry,
            idField: "claim_id",
            prompt: (subset) =>
              batchedFactualityPrompt(
                subset.map((i) => ({
                  id: claimId(members.indexOf(i)),
                  text: claims[i]!.text,
                  sources: ranked.indices[i]!.map((n) => shown.indexOf(claims[i]!.chunks[n]!)),
                })),
                shown,
              ),
          }),
        ),
      );
      for (const [b, answer] of answers.entries()) {
        tokens += answer.tokens;
        for (const [m, i] of batches[b]!.members.entries()) {
          entries[i] = answer.entries[m]!;
          problems[i] = answer.problems[m]!;
        }
      }
    } else {
      const answers = await Promise.all(
        claims.map((c, i) =>
          this.ask(
            "factuality",
            factualityPrompt(
              c.text,
              ranked.indices[i]!.map((n) => c.chunks[n]!),
            ),
            readFactual,
          ),
        ),
      );
      for (const [i, a] of answers.entries()) {
        tokens += a.tokens;
        entries[i] = a.value;
        problems[i] = a.problem;
      }
    }
    const verdicts = verdictsOf({ entries, problems, tokens }, (r, i) => ({
      value: { factual: r.factual, shown: ranked.indices[i]! },
      justification: r.explanation,
    }));
    return verdicts;
  }

  /**
   * Per claim, its cited documents' best chunks for it (each document's best, then the best of the rest up to k), best first. One embedding request for the report: every
   * distinct claim and chunk text once (a source cited by several claims is embedded once).
   */
  private async rankChunks(
    claims: readonly ClaimToCheck[],
    k: number,
  ): Promise<{ indices: number[][]; tokens: number }> {
    const ranking = claims.filter((c) => c.chunks.length > k);
    const texts = [...new Set(ranking.flatMap((c) => [c.text, ...c.chunks]))];
    let vectors = new Map<string, number[]>();
    if (texts.length > 0) {
      // One request for the report; the embedder role may be the offline hashing embedder.
      const how = { stage: "judge:factuality", batchSize: texts.length, runId: this.options.runId };
      const embedder = this.options.embedder
        ? modelEmbedder(this.options.embedder, how)
        : roleEmbedder(this.model, how);
      if (!embedder) {
        throw new Error(
          `llm judge ${this.model.handle}: factuality ranking needs an embedding model; pass llm.embedder (the judge's chat model is never used to embed)`,
        );
      }
      const embedded = await embedder.embed(texts);
      vectors = new Map(texts.map((t, i) => [t, embedded[i]!]));
    }
    // Each cited document's best passages for the claim (bestPerDocument), by embedding similarity.
    const indices = claims.map(({ text, chunks }) => {
      if (chunks.length <= k) return chunks.map((_, i) => i);
      const q = vectors.get(text)!;
      return bestPerDocument(chunks, (i) => cosine(q, vectors.get(chunks[i]!)!), k);
    });
    return { indices, tokens: texts.length ? await countTokens(texts.join("\n")) : 0 };
  }

  async insights(claims: readonly Claim[], question: string): Promise<Verdict<AtomicInsight[]>> {
    if (claims.length === 0) return { value: [], justification: "no claims to decompose", tokens: 0 };
    const a = await this.ask("insights", insightsPrompt(claims, question), (t) => {
      const r = readJson(InsightsReply, t);
      if (!r.ok) return r;
      const bad = r.value.insights.find((i) => "claim" in i && i.claim && i.claim > claims.length);
      return bad && "claim" in bad
        ? { ok: false, problem: `claim ${bad.claim} is not one of the ${claims.length} numbered claims.` }
        : r;
    });
    if (!a.value) return { value: null, justification: a.problem, tokens: a.tokens };
    const value = a.value.insights.map((i): AtomicInsight => {
      const from = "claim" in i && i.claim ? claims[i.claim - 1] : undefined;
      return { text: i.text, citations: from ? from.citations : i.citations };
    });
    return {
      value,
      justification: `${value.length} atomic insights from ${claims.length} claims`,
      tokens: a.tokens,
    };
  }

  async matchInsight(
    insight: string,
    candidates: readonly Candidate[],
  ): Promise<Verdict<{ id: string | null }>> {
    const ids = new Set(candidates.map((c) => c.id));
    const a = await this.ask("insight_match", insightMatchPrompt(insight, candidates), (t) => {
      const r = readJson(InsightMatchReply, t);
      if (!r.ok) return r;
      if (r.value.matched && (r.value.fact_id === null || !ids.has(r.value.fact_id)))
        return { ok: false, problem: `fact_id "${r.value.fact_id}" is not one of the reference fact ids.` };
      return r;
    });
    if (!a.value) return { value: null, justification: a.problem, tokens: a.tokens };
    return {
      value: { id: a.value.matched ? a.value.fact_id : null },
      justification: a.value.justification,
      tokens: a.tokens,
    };
  }

  async reportQuality(
    _reading: ReadReport,
    reportText: string,
    question: string,
    persona: string,
  ): Promise<Verdict<QualityDimensions>> {
    const a = await this.ask("report_quality", reportQualityPrompt(reportText, question, persona), (t) =>
      readJson(QualityReply, t),
    );
    if (!a.value) return { value: null, justification: a.problem, tokens: a.tokens };
    const { justification, ...dims } = a.value;
    return { value: dims, justification, tokens: a.tokens };
  }
}

export function llmJudge(model: Model, options: LlmJudgeOptions = {}): LlmJudge {
  return new LlmJudge(model, options);
}
