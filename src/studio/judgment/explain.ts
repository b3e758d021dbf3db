/**
 * @module The decisions behind a metric, in one shape for every judge: aligned pairs with similarity, unmatched steps
 * on both sides, conditions with expected and predicted branch, claims with their supporting sources, specifics
 * credited, missed and misplaced. Built from the stored `MetricResult` items and, where the judge recorded it, each
 * item's `evidence` (similarity, best cited chunk, specifics); older results fall back to the reply's text.
 */
import type { MetricResult, Report, ReportStep } from "../../core/index.ts";
import type { GoldStep } from "../../judge/gold.ts";
import { judgedSteps } from "../../judge/predicted.ts";

export type StepRef = { id: string; title: string; text: string; citations: string[] };

export type Pair = {
  gold: StepRef | null;
  predicted: StepRef | null;
  similarity: number | null;
  score: number | null;
  note: string;
};
export type ConditionDecision = {
  gold: StepRef;
  condition: string;
  expected: string;
  predicted: StepRef | null;
  predictedText: string;
  evidence: { text: string; citations: string[] }[];
  score: number | null;
  note: string;
};
export type Claim = {
  step: StepRef | null;
  sources: string[];
  /** The best cited chunk and its document, when the judge recorded it. */
  support: { text: string; source: string } | null;
  score: number | null;
  note: string;
};
export type Specifics = {
  predicted: StepRef | null;
  gold: StepRef | null;
  score: number | null;
  /** The dimension scores in words. */
  note: string;
  credited: string[];
  missing: string[];
  misplaced: string[];
};

export type Explanation = {
  pairs: Pair[];
  unmatchedGold: Pair[];
  unmatchedPredicted: Pair[];
  conditions: ConditionDecision[];
  claims: Claim[];
  specifics: Specifics[];
  /** Items of metrics without a richer view (topology pairs, F1). */
  other: { id: string; matched: string | null; score: number | null; note: string }[];
};

export type ExplainInput = { result: MetricResult; report: Report | null; gold: readonly GoldStep[] };

function predicted(report: Report | null): ReportStep[] {
  if (!report) return [];
  return judgedSteps(report);
}

function stepRefs(input: ExplainInput) {
  const pred = new Map(
    predicted(input.report).map((s) => [
      `PRED_STEP_${s.item}`,
      {
        id: `PRED_STEP_${s.item}`,
        title: s.title,
        text: s.task_description || s.task,
        citations: s.citations,
      },
    ]),
  );
  const gold = new Map(
    input.gold.map((g) => [
      g.id,
      {
        id: g.id,
        title: g.title,
        text: g.personalized_description || g.task_description,
        citations: [] as string[],
      },
    ]),
  );
  return { pred, gold };
}

const core = (text: string) =>
  text
    .toLowerCase()
    .replace(/^does this case satisfy:\s*/, "")
    .replace(/[?.\s]+$/, "")
    .trim();

/**
 * The report's condition rows about a predicted step: rows whose condition (without the "Does this case satisfy:"
 * frame) is part of the condition text of the step, or of the generic step with the same item.
 */
function conditionRows(report: Report | null, step: ReportStep | undefined): Report["condition_resolution"] {
  if (!report || !step) return [];
  const generic = report.generic_workflow.find((g) => g.item === step.item);
  const texts = [step.condition_description, generic?.condition_description ?? ""].map((t) =>
    t.toLowerCase(),
  );
  return report.condition_resolution.filter((r) => {
    const c = core(r.condition);
    return c.length > 0 && texts.some((t) => t.includes(c));
  });
}

/** "specificity 40%, …; missing: a, b" → the dimension scores and the missing details (results without evidence). */
function splitMissing(note: string): { note: string; missing: string[] } {
  const at = note.indexOf("; missing: ");
  if (at < 0) return { note, missing: [] };
  return {
    note: note.slice(0, at),
    missing: note
      .slice(at + "; missing: ".length)
      .split(", ")
      .filter(Boolean),
  };
}

export function explain(input: ExplainInput): Explanation {
  const { result } = input;
  const { pred, gold } = stepRefs(input);
  const out: Explanation = {
    pairs: [],
    unmatchedGold: [],
    unmatchedPredicted: [],
    conditions: [],
    claims: [],
    specifics: [],
    other: [],
  };
  switch (result.metric) {
    case "recall":
    case "precision": {
      const goldSide = result.metric === "recall";
      for (const item of result.items) {
        const self = (goldSide ? gold : pred).get(item.id) ?? {
          id: item.id,
          title: "",
          text: "",
          citations: [],
        };
        const other = item.matched ? ((goldSide ? pred : gold).get(item.matched) ?? null) : null;
        const pair: Pair = {
          gold: goldSide ? self : other,
          predicted: goldSide ? other : self,
          similarity: item.evidence?.similarity ?? item.confidence,
          score: item.score,
          note: item.justification,
        };
        if (item.matched) out.pairs.push(pair);
        else (goldSide ? out.unmatchedGold : out.unmatchedPredicted).push(pair);
      }
      break;
    }
    case "condition_resolution": {
      const _rows = input.report?.condition_resolution ?? [];
      for (const item of result.items) {
        const g = input.gold.find((x) => x.id === item.id);
        const p = item.matched ? (pred.get(item.matched) ?? null) : null;
        const predStep = p ? predicted(input.report).find((s) => `PRED_STEP_${s.item}` === p.id) : undefined;
        out.conditions.push({
          gold: gold.get(item.id) ?? { id: item.id, title: "", text: "", citations: [] },
          condition: g?.condition_description ?? "",
          expected: [g?.resolved_branch ? `branch ${g.resolved_branch}` : "", g?.answer ?? ""]
            .filter(Boolean)
            .join(": "),
          predicted: p,
          predictedText: predStep
            ? [predStep.condition_description, predStep.task_description].filter(Boolean).join(" — ")
            : "",
          evidence: conditionRows(input.report, predStep).map((r) => ({
            text: `${r.evidence} → ${r.resolution}`,
            citations: r.citations,
          })),
          score: item.score,
          note: item.justification,
        });
      }
      break;
    }
    case "factuality":
      for (const item of result.items)
        out.claims.push({
          step: pred.get(item.id) ?? null,
          sources: item.matched ? item.matched.split(",").filter(Boolean) : [],
          support: item.evidence?.support
            ? { text: item.evidence.support, source: item.evidence.source ?? "" }
            : null,
          score: item.score,
          note: item.justification,
        });
      break;
    case "personalized_comprehensiveness":
      for (const item of result.items) {
        // The judge's recorded evidence when present (credited, missing, misplaced specifics); else the reply's text.
        const parsed = splitMissing(item.justification);
        out.specifics.push({
          predicted: pred.get(item.id) ?? null,
          gold: item.matched ? (gold.get(item.matched) ?? null) : null,
          score: item.score,
          note: parsed.note,
          credited: item.evidence?.credited ?? [],
          missing: item.evidence?.missing ?? parsed.missing,
          misplaced: item.evidence?.misplaced ?? [],
        });
      }
      break;
    default:
      for (const item of result.items)
        out.other.push({ id: item.id, matched: item.matched, score: item.score, note: item.justification });
  }
  return out;
}
