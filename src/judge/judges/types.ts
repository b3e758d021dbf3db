/** @module What a judge decides (alignment, condition resolution, comprehensiveness, factuality, insights, report quality) — the interface `llm` and `lexical` implement. */
import type { ItemEvidence, JudgeInfo, ReportStep } from "../../core/index.ts";
import type { CaseEvidence, FactualityContext } from "../case-evidence.ts";
import type { GoldStep } from "../gold.ts";
import type { Claim } from "../reading/document.ts";
import type { ReadReport } from "../reading/report.ts";

/** Decision kinds; each has its own pinned prompt (or lexical rule) and so its own JudgeInfo. */
/**
 * Every question a judge answers, each with its own pinned description (`Judge.info`). The list is the one declaration:
 * the type is derived from it, run identities hash the judge's description of each (src/eval/identity.ts), and each
 * metric names the ones it reads (`Metric.decisions`). The order is part of every stored judge identity: append only.
 */
export const DECISION_KINDS = [
  "precision",
  "recall",
  "condition_resolution",
  "personalized_comprehensiveness",
  "factuality",
  "insights",
  "insight_match",
  "report_quality",
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** A judged value, or null when the judge's reply could not be parsed after repair (unscored, never 0). */
export type Verdict<T> = { value: T | null; justification: string; tokens: number };

/** One judged value of a batch of questions; null when its reply was missing or unreadable (the reason is the justification). */
export type Judged<T> = { value: T | null; justification: string };

/** The verdicts on a batch of questions, in the order asked, and the tokens all its requests spent. */
export type Verdicts<T> = { verdicts: Judged<T>[]; tokens: number };

/** A golden step and the predicted step precision aligned to it. */
export type StepPair = { gold: GoldStep; pred: ReportStep };

/** A claim and the chunks (`[document id] text`) of the sources it cites; claims citing the same sources share one array. */
export type ClaimToCheck = { text: string; chunks: readonly string[] };

/** Whether a claim is supported, and the chunks (indices into its own chunks) it was checked against, best first. */
export type Support = { factual: boolean; shown: number[] };

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
/**
 * DRBench's report quality criteria, each 1–10 (10 best): depth and quality of the analysis, relevance to the research
 * question, consistency with the persona, coherence and conciseness, and freedom from contradictions.
 */
export type QualityDimensions = {
  depth: number;
  relevance: number;
  persona_consistency: number;
  coherence: number;
  non_contradiction: number;
};
export const QUALITY_DIMENSIONS = [
  "depth",
  "relevance",
  "persona_consistency",
  "coherence",
  "non_contradiction",
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
  /**
   * N.4 on every conditional golden step and the predicted step aligned to it. All questions of a metric come at once:
   * the judge asks them one by one (concurrently) or in one batch, as its protocol says.
   */
  resolveConditions(pairs: readonly StepPair[], cases?: CaseEvidence): Promise<Verdicts<ConditionScore>>;
  /** N.5 on every aligned pair; `cases` lets a judge tell the user's specifics, and other cases', from generic text. */
  comprehensiveness(pairs: readonly StepPair[], cases?: CaseEvidence): Promise<Verdicts<Comprehensiveness>>;
  /**
   * N.3 on every claim of the report with a readable citation: each against its cited documents' passages (`chunks`,
   * every passage of each cited document, headed by the document's id and title), the `k` most relevant to it shown.
   * `context`: the task's conditions and case facts (the lexical judge reads a branch choice with them).
   */
  factuality(
    claims: readonly ClaimToCheck[],
    k: number,
    context?: FactualityContext,
  ): Promise<Verdicts<Support>>;
  /**
   * The report's atomic insights, in report order, from the claims the shared reader extracted (so both judges see the
   * same sentences and the same parsed citations): the lexical judge keeps the substantive ones, the LLM judge splits
   * them into atomic statements that inherit their claim's citations.
   */
  insights(claims: readonly Claim[], question: string): Promise<Verdict<AtomicInsight[]>>;
  /** Which candidate fact (if any) an insight states. */
  /**
   * Which candidate fact (if any) an insight states; `also`: further candidates a compound insight states as well
   * (DRBench checks every gold item against the report's claims, so one claim may cover two facts).
   */
  matchInsight(
    insight: string,
    candidates: readonly Candidate[],
  ): Promise<Verdict<{ id: string | null; also?: string[] }>>;
  /**
   * `persona`: the user the report is for (name, role, company, responsibilities); `company`: the company's name;
   * `considered`: how many insights DRBench reads of a report (gold + 5), what a concise report stays within.
   */
  reportQuality(
    reading: ReadReport,
    reportText: string,
    question: string,
    persona: string,
    company?: string,
    considered?: number,
  ): Promise<Verdict<QualityDimensions>>;
}
