/**
 * @module Agreement of a human step-matching campaign (the paper's Appendix F): inter-annotator agreement over
 * predicted-step decisions (all agree, majority, Fleiss' κ), each annotator's F1 per workflow, the human-average F1,
 * and its Pearson correlation and mean absolute difference with each judge's F1.
 */
import { f1Of } from "../judge/metrics/f1.ts";
import {
  type FleissKappa,
  fleissKappa,
  type HumanJudgeAgreement,
  humanJudgeAgreement,
  labelCounts,
  raterAgreement,
} from "./agreement.ts";

/** One annotated workflow: a run's predicted steps against its task's gold steps, and the judges' F1 for that run. */
export type AnnotatedWorkflow = {
  item: string;
  task: string;
  agent: string;
  run: string;
  /** Number of predicted steps (decisions are made on steps 1…predicted). */
  predicted: number;
  /** Number of gold steps. */
  gold: number;
  /** F1 in [0, 1] per judge (an evaluation label), absent when that judge did not score the run. */
  judges: Record<string, number>;
};

/** One annotator's decision on one predicted step: the gold step's item number, or null (unmatched). */
export type StepLabel = { annotator: string; item: string; step: number; gold: number | null };

export type WorkflowAgreement = AnnotatedWorkflow & {
  /** F1 per annotator; null until that annotator decided every predicted step of the workflow. */
  annotatorF1: Record<string, number | null>;
  /** Mean F1 over the annotators who finished the workflow (null when none has). */
  humanF1: number | null;
  /** Annotators behind `humanF1`. */
  humanN: number;
};

export type Disagreement = {
  item: string;
  step: number;
  /** Each annotator's choice. */
  labels: Record<string, number | null>;
  /** The gold step a strict majority chose (null: a majority left it unmatched; undefined: no majority). */
  majority: number | null | undefined;
  /** The adjudicator's final decision (null: unmatched; undefined: not adjudicated yet). */
  adjudicated: number | null | undefined;
};

/** An adjudicator's final decision on one predicted step: the gold step, or null (unmatched). */
export type Adjudication = { item: string; step: number; gold: number | null };

export type CampaignAgreement = {
  annotators: string[];
  /** Predicted-step decisions in the campaign, and those every annotator has made (the ones agreement is over). */
  decisions: number;
  complete: number;
  allAgree: number | null;
  majorityAgree: number | null;
  /** Null with fewer than two annotators or no complete decision. */
  fleiss: FleissKappa | null;
  workflows: WorkflowAgreement[];
  /** Human-average F1 against each judge, over the workflows both scored. */
  judges: Record<string, HumanJudgeAgreement>;
  disagreements: Disagreement[];
};

const NONE = "none";
const category = (gold: number | null) => (gold === null ? NONE : `gold ${gold}`);

/**
 * Agreement over the annotators' own labels (all agree, majority, Fleiss' κ, the disagreements); F1 per annotator,
 * the human average and its agreement with the judges over the final labels: an adjudicated step counts as the
 * adjudicator decided it, for every annotator who decided it.
 */
export function campaignAgreement(
  workflows: readonly AnnotatedWorkflow[],
  annotators: readonly string[],
  labels: readonly StepLabel[],
  adjudications: readonly Adjudication[] = [],
): CampaignAgreement {
  const byKey = new Map<string, Map<string, number | null>>();
  for (const l of labels) {
    const key = `${l.item}\u0000${l.step}`;
    const m = byKey.get(key) ?? new Map<string, number | null>();
    m.set(l.annotator, l.gold);
    byKey.set(key, m);
  }
  const adjudicated = new Map(adjudications.map((a) => [`${a.item}\u0000${a.step}`, a.gold]));
  const finalOf = (key: string) => {
    const own = byKey.get(key);
    if (!own || !adjudicated.has(key)) return own;
    const gold = adjudicated.get(key)!;
    return new Map([...own.keys()].map((a) => [a, gold]));
  };
  const subjects: { item: string; step: number; labels: Map<string, number | null> }[] = [];
  let decisions = 0;
  for (const w of workflows) {
    for (let step = 1; step <= w.predicted; step++) {
      decisions++;
      const m = byKey.get(`${w.item}\u0000${step}`);
      if (m && annotators.every((a) => m.has(a))) subjects.push({ item: w.item, step, labels: m });
    }
  }
  const rows = subjects.map((s) => annotators.map((a) => category(s.labels.get(a)!)));
  const shares = rows.length > 0 ? raterAgreement(rows) : null;
  const fleiss = annotators.length >= 2 && rows.length > 0 ? fleissKappa(labelCounts(rows).counts) : null;

  const perWorkflow = workflows.map((w): WorkflowAgreement => {
    const annotatorF1: Record<string, number | null> = {};
    for (const a of annotators) {
      let decided = 0;
      let matched = 0;
      for (let step = 1; step <= w.predicted; step++) {
        const m = finalOf(`${w.item}\u0000${step}`);
        if (!m?.has(a)) continue;
        decided++;
        if (m.get(a) !== null) matched++;
      }
      annotatorF1[a] =
        decided < w.predicted
          ? null
          : f1Of(w.predicted ? matched / w.predicted : 0, w.gold ? matched / w.gold : 0);
    }
    const done = Object.values(annotatorF1).filter((v): v is number => v !== null);
    return {
      ...w,
      annotatorF1,
      humanF1: done.length ? done.reduce((s, v) => s + v, 0) / done.length : null,
      humanN: done.length,
    };
  });

  const judgeNames = [...new Set(workflows.flatMap((w) => Object.keys(w.judges)))].sort();
  const judges: Record<string, HumanJudgeAgreement> = {};
  for (const j of judgeNames) {
    const pairs = perWorkflow.flatMap((w) =>
      w.humanF1 !== null && w.judges[j] !== undefined ? [{ human: w.humanF1, judge: w.judges[j]! }] : [],
    );
    judges[j] = humanJudgeAgreement(pairs);
  }

  const disagreements = subjects.flatMap((s): Disagreement[] => {
    const chosen = annotators.map((a) => s.labels.get(a)!);
    if (chosen.every((c) => c === chosen[0])) return [];
    const freq = new Map<number | null, number>();
    for (const c of chosen) freq.set(c, (freq.get(c) ?? 0) + 1);
    const top = [...freq.entries()].find(([, n]) => n * 2 > chosen.length);
    return [
      {
        item: s.item,
        step: s.step,
        labels: Object.fromEntries(annotators.map((a, i) => [a, chosen[i]!])),
        majority: top ? top[0] : undefined,
        adjudicated: adjudicated.get(`${s.item}\u0000${s.step}`),
      },
    ];
  });

  return {
    annotators: [...annotators],
    decisions,
    complete: subjects.length,
    allAgree: shares?.all ?? null,
    majorityAgree: shares?.majority ?? null,
    fleiss,
    workflows: perWorkflow,
    judges,
    disagreements,
  };
}
