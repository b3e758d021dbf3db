/** @module The `llm` judge: the paper's N.1–N.5 prompts (per-step, or drflow's batched alignment), DRBench prompts, embedding-ranked evidence chunks. */
import type { JudgeInfo, ReportStep } from "../../../core/index.ts";
import { countTokens } from "../../../llm/tokens.ts";
import type { Model } from "../../../llm/types.ts";
import type { GoldStep } from "../../gold.ts";
import {
  BATCHED_PRECISION_TEMPLATE,
  BATCHED_RECALL_TEMPLATE,
  batchedPrecisionPrompt,
  batchedRecallPrompt,
} from "../../prompts/batched.ts";
import { COMPREHENSIVENESS_TEMPLATE, comprehensivenessPrompt } from "../../prompts/comprehensiveness.ts";
import {
  CONDITION_RESOLUTION_TEMPLATE,
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
import { PRECISION_TEMPLATE, precisionPrompt } from "../../prompts/precision.ts";
import { RECALL_TEMPLATE, recallPrompt } from "../../prompts/recall.ts";
import { REPAIR_TEMPLATE } from "../../prompts/repair.ts";
import { promptHash } from "../../prompts/template.ts";
import type {
  AlignmentBatch,
  AlignmentDecision,
  AtomicInsight,
  Candidate,
  Comprehensiveness,
  ConditionScore,
  DecisionKind,
  Judge,
  QualityDimensions,
  Verdict,
} from "../types.ts";
import { type AskSettings, ask } from "./ask.ts";
import {
  BatchedPrecisionReply,
  BatchedRecallReply,
  ComprehensivenessReply,
  ConditionReply,
  InsightMatchReply,
  InsightsReply,
  itemOf,
  PrecisionReply,
  QualityReply,
  type Read,
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
      return [protocol === "batched" ? BATCHED_PRECISION_TEMPLATE : PRECISION_TEMPLATE];
    case "recall":
      return [protocol === "batched" ? BATCHED_RECALL_TEMPLATE : RECALL_TEMPLATE];
    case "condition_resolution":
      return [CONDITION_RESOLUTION_TEMPLATE];
    case "personalized_comprehensiveness":
      return [COMPREHENSIVENESS_TEMPLATE];
    case "factuality":
      return [FACTUALITY_TEMPLATE];
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

  async alignPrecision(pred: readonly ReportStep[], gold: readonly GoldStep[]): Promise<AlignmentBatch> {
    const goldItems = new Set(gold.map((g) => g.item));
    const toDecision = (source: number, r: typeof PrecisionReply._output): AlignmentDecision => {
      const target = r.matched ? itemOf(r.matched_gold_id) : null;
      return { source, target, confidence: r.confidence, justification: r.justification, unscored: false };
    };
    const checkTarget = (r: typeof PrecisionReply._output): string | null => {
      if (!r.matched) return null;
      const item = itemOf(r.matched_gold_id);
      return item !== null && goldItems.has(item)
        ? null
        : `matched_gold_id "${r.matched_gold_id}" is not one of the golden step ids (WORKFLOW_STEP_${[...goldItems][0] ?? 1}…).`;
    };
    if (pred.length === 0) return { decisions: [], tokens: 0 };
    if (this.protocol === "batched") {
      const want = new Set(pred.map((p) => p.item));
      const answer = await this.ask(
        "precision",
        batchedPrecisionPrompt(pred, gold),
        (text): Read<typeof BatchedPrecisionReply._output> => {
          const r = readJson(BatchedPrecisionReply, text);
          if (!r.ok) return r;
          const bad = r.value.decisions.map(checkTarget).find((x) => x !== null);
          if (bad) return { ok: false, problem: bad };
          const missing = [...want].filter((i) => !r.value.decisions.some((d) => d.pred_item === i));
          return missing.length
            ? { ok: false, problem: `decisions are missing for predicted items ${missing.join(", ")}.` }
            : r;
        },
      );
      const decisions = pred.map((p) => {
        const d = answer.value?.decisions.find((x) => x.pred_item === p.item);
        return d ? toDecision(p.item, d) : unscoredDecision(p.item, answer.problem);
      });
      return { decisions, tokens: answer.tokens };
    }
    const answers = await Promise.all(
      pred.map((p) =>
        this.ask("precision", precisionPrompt(p, gold), (text) => {
          const r = readJson(PrecisionReply, text);
          if (!r.ok) return r;
          const bad = checkTarget(r.value);
          return bad ? { ok: false, problem: bad } : r;
        }),
      ),
    );
    return {
      decisions: answers.map((a, i) =>
        a.value ? toDecision(pred[i]!.item, a.value) : unscoredDecision(pred[i]!.item, a.problem),
      ),
      tokens: answers.reduce((s, a) => s + a.tokens, 0),
    };
  }

  async alignRecall(gold: readonly GoldStep[], pred: readonly ReportStep[]): Promise<AlignmentBatch> {
    const predItems = new Set(pred.map((p) => p.item));
    const toDecision = (source: number, r: typeof RecallReply._output): AlignmentDecision => ({
      source,
      target: r.matched ? itemOf(r.matched_pred_item) : null,
      confidence: r.confidence,
      justification: r.justification,
      unscored: false,
    });
    const checkTarget = (r: typeof RecallReply._output): string | null => {
      if (!r.matched) return null;
      const item = itemOf(r.matched_pred_item);
      return item !== null && predItems.has(item)
        ? null
        : `matched_pred_item "${r.matched_pred_item}" is not the item number of a predicted step.`;
    };
    if (this.protocol === "batched") {
      const want = new Set(gold.map((g) => g.item));
      const answer = await this.ask(
        "recall",
        batchedRecallPrompt(gold, pred),
        (text): Read<typeof BatchedRecallReply._output> => {
          const r = readJson(BatchedRecallReply, text);
          if (!r.ok) return r;
          const bad = r.value.decisions.map(checkTarget).find((x) => x !== null);
          if (bad) return { ok: false, problem: bad };
          const missing = [...want].filter((i) => !r.value.decisions.some((d) => itemOf(d.gold_id) === i));
          return missing.length
            ? {
                ok: false,
                problem: `decisions are missing for WORKFLOW_STEP_${missing.join(", WORKFLOW_STEP_")}.`,
              }
            : r;
        },
      );
      const decisions = gold.map((g) => {
        const d = answer.value?.decisions.find((x) => itemOf(x.gold_id) === g.item);
        return d ? toDecision(g.item, d) : unscoredDecision(g.item, answer.problem);
      });
      return { decisions, tokens: answer.tokens };
    }
    const answers = await Promise.all(
      gold.map((g) =>
        this.ask("recall", recallPrompt(g, pred), (text) => {
          const r = readJson(RecallReply, text);
          if (!r.ok) return r;
          const bad = checkTarget(r.value);
          return bad ? { ok: false, problem: bad } : r;
        }),
      ),
    );
    return {
      decisions: answers.map((a, i) =>
        a.value ? toDecision(gold[i]!.item, a.value) : unscoredDecision(gold[i]!.item, a.problem),
      ),
      tokens: answers.reduce((s, a) => s + a.tokens, 0),
    };
  }

  async resolveCondition(gold: GoldStep, pred: ReportStep): Promise<Verdict<ConditionScore>> {
    const a = await this.ask("condition_resolution", conditionResolutionPrompt(gold, pred), (t) =>
      readJson(ConditionReply, t),
    );
    return a.value
      ? {
          value: a.value.score as ConditionScore,
          justification: `${a.value.level}: ${a.value.justification}`,
          tokens: a.tokens,
        }
      : { value: null, justification: a.problem, tokens: a.tokens };
  }

  async comprehensiveness(gold: GoldStep, pred: ReportStep): Promise<Verdict<Comprehensiveness>> {
    const a = await this.ask("personalized_comprehensiveness", comprehensivenessPrompt(gold, pred), (t) =>
      readJson(ComprehensivenessReply, t),
    );
    if (!a.value) return { value: null, justification: a.problem, tokens: a.tokens };
    const { specificity, personalization, completeness, actionability, missing_details, justification } =
      a.value;
    return {
      value: { specificity, personalization, completeness, actionability, missing_details },
      justification,
      tokens: a.tokens,
    };
  }

  async rankChunks(
    claim: string,
    chunks: readonly string[],
    k: number,
  ): Promise<{ indices: number[]; tokens: number }> {
    if (chunks.length <= k) return { indices: chunks.map((_, i) => i), tokens: 0 };
    const embedder = this.options.embedder ?? this.model.forRole?.("embedder");
    if (!embedder) {
      throw new Error(
        `llm judge ${this.model.handle}: factuality ranking needs an embedding model; pass llm.embedder (the judge's chat model is never used to embed)`,
      );
    }
    const vectors = await embedder.embed([claim, ...chunks], {
      stage: "judge:factuality",
      role: "embedder",
      ...(this.options.runId ? { runId: this.options.runId } : {}),
    });
    const [q, ...rest] = vectors;
    const indices = rest
      .map((v, i) => ({ i, s: cosine(q!, v) }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, k)
      .map((x) => x.i);
    return { indices, tokens: await countTokens([claim, ...chunks].join("\n")) };
  }

  async factual(claim: string, chunks: readonly string[]): Promise<Verdict<boolean>> {
    const a = await this.ask("factuality", factualityPrompt(claim, chunks), readFactual);
    return a.value
      ? { value: a.value.factual, justification: a.value.explanation, tokens: a.tokens }
      : { value: null, justification: a.problem, tokens: a.tokens };
  }

  async insights(reportText: string, question: string): Promise<Verdict<AtomicInsight[]>> {
    const a = await this.ask("insights", insightsPrompt(reportText, question), (t) =>
      readJson(InsightsReply, t),
    );
    return a.value
      ? {
          value: a.value.insights,
          justification: `${a.value.insights.length} atomic insights`,
          tokens: a.tokens,
        }
      : { value: null, justification: a.problem, tokens: a.tokens };
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
