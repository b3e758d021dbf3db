/** @module What a judge decides (alignment, condition resolution, comprehensiveness, factuality, insights, report quality) — the interface `llm` and `lexical` implement. */
import type { ItemEvidence, JudgeInfo, ReportStep } from "../../core/index.ts";
import type { GoldStep } from "../gold.ts";
import type { CaseEvidence } from "../metrics/types.ts";

/** Decision kinds; each has its own pinned prompt (or lexical rule) and so its own JudgeInfo. */
export type DecisionKind =
  | "precision"
  | "recall"
  | "condition_resolution"
  | "personalized_comprehensiveness"
  | "factuality"
  | "insights"
  | "insight_match"
  | "report_quality";

/** A judged value, or null when the judge's reply could not be parsed after repair (unscored, never 0). */
export type Verdict<T> = { value: T | null; justification: string; tokens: number };

/**
 * One directed alignment decision: `source` (a predicted item for precision, a golden item for recall)
 * → `target` or null. `confidence` is null when unscored.
 */
export type AlignmentDecision = {
  source: number;
  target: number | null;
  confidence: number | null;
  justification: string;
  unscored: boolean;
};
export type AlignmentBatch = { decisions: AlignmentDecision[]; tokens: number };

export type ConditionScore = 0 | 0.5 | 1;
export type Comprehensiveness = {
  specificity: number;
  personalization: number;
  completeness: number;
  actionability: number;
  missing_details: string[];
  /** What the judge credited and why (the lexical judge: specifics credited, missing, misplaced). */
  evidence?: ItemEvidence;
};
export type AtomicInsight = { text: string; citations: string[] };
export type QualityDimensions = {
  depth: number;
  relevance: number;
  persona_consistency: number;
  coherence: number;
  non_contradiction: number;
  completeness: number;
};
export const QUALITY_DIMENSIONS = [
  "depth",
  "relevance",
  "persona_consistency",
  "coherence",
  "non_contradiction",
  "completeness",
] as const satisfies readonly (keyof QualityDimensions)[];

export type Candidate = { id: string; text: string };

export interface Judge {
  /** "lexical" or "llm". */
  readonly name: string;
  /** Minimum confidence for an alignment to count, per direction (the prompts' bars for the LLM judge). */
  readonly bars: { precision: number; recall: number };
  /** The pinned judge description for results of a decision kind. */
  info(kind: DecisionKind): JudgeInfo;
  /** One decision per predicted step: at most one golden step it matches. */
  alignPrecision(pred: readonly ReportStep[], gold: readonly GoldStep[]): Promise<AlignmentBatch>;
  /** One decision per golden step: the predicted step that covers it, if any. */
  alignRecall(gold: readonly GoldStep[], pred: readonly ReportStep[]): Promise<AlignmentBatch>;
  resolveCondition(gold: GoldStep, pred: ReportStep): Promise<Verdict<ConditionScore>>;
  /** N.5 on one aligned pair; `cases` lets a judge tell the user's specifics, and other cases', from generic text. */
  comprehensiveness(
    gold: GoldStep,
    pred: ReportStep,
    cases?: CaseEvidence,
  ): Promise<Verdict<Comprehensiveness>>;
  /** Indices of the `k` chunks most relevant to `claim`, best first. */
  rankChunks(
    claim: string,
    chunks: readonly string[],
    k: number,
  ): Promise<{ indices: number[]; tokens: number }>;
  factual(claim: string, chunks: readonly string[]): Promise<Verdict<boolean>>;
  /** The report decomposed into atomic insights, in report order. */
  insights(reportText: string, question: string): Promise<Verdict<AtomicInsight[]>>;
  /** Which candidate fact (if any) an insight states. */
  matchInsight(insight: string, candidates: readonly Candidate[]): Promise<Verdict<{ id: string | null }>>;
  reportQuality(reportText: string, question: string, persona: string): Promise<Verdict<QualityDimensions>>;
}
