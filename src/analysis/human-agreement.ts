/**
 * @module Judges against people, metric by metric: from annotators' labels under the paper's rubrics (step matching
 * F.1, condition resolution N.4, personalized comprehensiveness N.5, factuality per step) the human scores of each
 * labelled report, as drflow defines its metrics; then, per judge and metric, Pearson's r, the mean absolute
 * difference and the within-task preference agreement against the annotator average, and the annotators' own agreement
 * (Fleiss' κ and pairwise). The human-agreement bench (`scripts/bench/judge-humans.ts`) and the studio's campaign
 * dashboard both report these figures from this one function.
 */
import { f1Of } from "../judge/metrics/f1.ts";
import { fleissKappa, labelCounts, meanAbsoluteDifference, pearson, raterAgreement } from "./agreement.ts";

/** The metrics people label, in the order they are reported. */
export const LABELLED_METRICS = [
  "f1",
  "condition_resolution",
  "personalized_comprehensiveness",
  "factuality",
] as const;
export type LabelledMetric = (typeof LABELLED_METRICS)[number];

export type ComprehensivenessLabel = {
  specificity: number;
  personalization: number;
  completeness: number;
  actionability: number;
};

/** One annotator's labels on one packet; keys are step numbers. An annotator may have labelled only some of it. */
export type PacketLabels = {
  /** Predicted step → gold step or null (unmatched), one to one. */
  match: Record<number, number | null>;
  /** Matched conditional gold step → 1 / 0.5 / 0 (N.4). */
  cr: Record<number, number>;
  /** Matched predicted step → the four N.5 dimensions in 0–1. */
  pc: Record<number, ComprehensivenessLabel>;
  /** Predicted step → supported (1) or not (0) by its cited documents. */
  factuality?: Record<number, number>;
};

/** A labelled report: a workflow judged against its task's gold, and every annotator's labels on it. */
export type LabelledPacket = {
  id: string;
  /** Reports of the same task are compared with each other (within-task preference). */
  task: string;
  /** Who wrote the report (an agent, a reader), for the tables; never shown to annotators. */
  source?: string;
  gold: { step: number; conditional: boolean }[];
  predicted: number[];
  labels: Record<string, PacketLabels>;
};

/** What a judge scored on a packet: metric values in 0–1 (null: unscored) and its factuality verdict per step. */
export type JudgeScores = Partial<Record<LabelledMetric, number | null>> & {
  factualitySteps?: Record<number, number | null>;
};

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** An annotator's scores on a packet as drflow defines the metrics; null where they have not labelled enough. */
export function annotatorScores(
  packet: LabelledPacket,
  labels: PacketLabels,
): Record<LabelledMetric, number | null> {
  const decided = packet.predicted.filter((p) => p in labels.match);
  const complete = decided.length === packet.predicted.length && packet.predicted.length > 0;
  const matched = packet.predicted.filter((p) => labels.match[p] !== null && labels.match[p] !== undefined);
  const f1 = complete
    ? f1Of(
        matched.length / packet.predicted.length,
        packet.gold.length ? matched.length / packet.gold.length : 0,
      )
    : packet.predicted.length === 0
      ? 0
      : null;
  const goldMatched = new Set(matched.map((p) => labels.match[p]!));
  const conditional = packet.gold.filter((g) => g.conditional);
  const crComplete = complete && conditional.every((g) => !goldMatched.has(g.step) || g.step in labels.cr);
  const cr =
    conditional.length === 0 || !crComplete
      ? null
      : conditional.reduce((s, g) => s + (goldMatched.has(g.step) ? (labels.cr[g.step] ?? 0) : 0), 0) /
        conditional.length;
  const pcValues = matched.map((p) => labels.pc[p]);
  const pc =
    !complete || pcValues.some((v) => v === undefined)
      ? null
      : matched.length === 0
        ? 0
        : mean(
            pcValues.map(
              (d) => (d!.specificity + d!.personalization + d!.completeness + d!.actionability) / 4,
            ),
          );
  const fact = labels.factuality;
  const factuality =
    fact && packet.predicted.length > 0 && packet.predicted.every((p) => p in fact)
      ? mean(packet.predicted.map((p) => fact[p]!))
      : null;
  return { f1, condition_resolution: cr, personalized_comprehensiveness: pc, factuality };
}

export type MetricAgreement = {
  /** Packets both the annotators and the judge scored. */
  n: number;
  pearson: number | null;
  meanAbsoluteDifference: number | null;
  /** Pairs of reports of the same task the annotators rank strictly, and those the judge ranks the same way. */
  preference: { agree: number; pairs: number };
};

export type PacketRow = {
  id: string;
  task: string;
  source?: string;
  /** The annotator average per metric (null when no annotator labelled it), and how many annotators it averages. */
  human: Record<LabelledMetric, number | null>;
  annotators: Record<LabelledMetric, number>;
  judges: Record<string, JudgeScores>;
};

export type PairwiseAgreement = { a: string; b: string; agreement: number | null; n: number };

export type AnnotatorAgreement = {
  annotators: string[];
  /** Step matching: subjects are predicted steps every annotator decided; categories the gold step chosen or none. */
  match: { subjects: number; kappa: number | null; allAgree: number | null; pairwise: PairwiseAgreement[] };
  /** Condition scores on gold steps every annotator scored. */
  conditionResolution: {
    subjects: number;
    kappa: number | null;
    allAgree: number | null;
    pairwise: PairwiseAgreement[];
  };
  /** Comprehensiveness: mean |difference| of a step's four-dimension average, per pair of annotators. */
  comprehensiveness: { pairs: { a: string; b: string; meanAbsoluteDifference: number | null; n: number }[] };
  /** Factuality per step (with two or more factuality annotators). */
  factuality: { subjects: number; kappa: number | null; pairwise: PairwiseAgreement[] };
};

/** A judge's factuality verdicts per step against the annotators' majority. */
export type StepAgreement = { agree: number; steps: number; kappa: number | null };

export type HumanAgreement = {
  packets: PacketRow[];
  metrics: Record<LabelledMetric, Record<string, MetricAgreement>>;
  annotators: AnnotatorAgreement;
  factualitySteps: Record<string, StepAgreement>;
};

const EPS = 1e-9;

/** Pairs of packets of one task that `human` orders strictly, and how many of them `judge` orders the same way. */
export function preferenceAgreement(rows: readonly { task: string; human: number; judge: number }[]): {
  agree: number;
  pairs: number;
} {
  let agree = 0;
  let pairs = 0;
  for (let i = 0; i < rows.length; i++)
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      if (a.task !== b.task || Math.abs(a.human - b.human) < EPS) continue;
      pairs++;
      if (Math.sign(a.human - b.human) === Math.sign(a.judge - b.judge) && Math.abs(a.judge - b.judge) >= EPS)
        agree++;
    }
  return { agree, pairs };
}

function pairwise(annotators: readonly string[], rows: readonly Map<string, string>[]): PairwiseAgreement[] {
  const out: PairwiseAgreement[] = [];
  for (let i = 0; i < annotators.length; i++)
    for (let j = i + 1; j < annotators.length; j++) {
      const a = annotators[i]!;
      const b = annotators[j]!;
      const both = rows.filter((r) => r.has(a) && r.has(b));
      out.push({
        a,
        b,
        n: both.length,
        agreement: both.length ? both.filter((r) => r.get(a) === r.get(b)).length / both.length : null,
      });
    }
  return out;
}

function kappaOf(annotators: readonly string[], rows: readonly Map<string, string>[]) {
  const complete = rows.filter((r) => annotators.every((a) => r.has(a)));
  const labels = complete.map((r) => annotators.map((a) => r.get(a)!));
  return {
    subjects: complete.length,
    kappa: annotators.length >= 2 && labels.length > 0 ? fleissKappa(labelCounts(labels).counts).kappa : null,
    allAgree: labels.length ? raterAgreement(labels).all : null,
  };
}

function annotatorAgreement(packets: readonly LabelledPacket[]): AnnotatorAgreement {
  const annotators = [...new Set(packets.flatMap((p) => Object.keys(p.labels)))].sort();
  const matchRows: Map<string, string>[] = [];
  const crRows: Map<string, string>[] = [];
  const factRows: Map<string, string>[] = [];
  const pcSteps: Map<string, number>[] = [];
  for (const p of packets) {
    for (const step of p.predicted) {
      const m = new Map<string, string>();
      const f = new Map<string, string>();
      const pc = new Map<string, number>();
      for (const [a, l] of Object.entries(p.labels)) {
        if (step in l.match) m.set(a, l.match[step] === null ? "none" : `gold ${l.match[step]}`);
        if (l.factuality && step in l.factuality) f.set(a, String(l.factuality[step]));
        const d = l.pc[step];
        if (d) pc.set(a, (d.specificity + d.personalization + d.completeness + d.actionability) / 4);
      }
      matchRows.push(m);
      factRows.push(f);
      pcSteps.push(pc);
    }
    for (const g of p.gold.filter((x) => x.conditional)) {
      const c = new Map<string, string>();
      for (const [a, l] of Object.entries(p.labels)) if (g.step in l.cr) c.set(a, String(l.cr[g.step]));
      crRows.push(c);
    }
  }
  const factAnnotators = annotators.filter((a) => factRows.some((r) => r.has(a)));
  // Step labellers (matching, conditions, comprehensiveness) and factuality labellers may be different people.
  const stepAnnotators = annotators.filter((a) => matchRows.some((r) => r.has(a)));
  const pcPairs: AnnotatorAgreement["comprehensiveness"]["pairs"] = [];
  for (let i = 0; i < stepAnnotators.length; i++)
    for (let j = i + 1; j < stepAnnotators.length; j++) {
      const a = stepAnnotators[i]!;
      const b = stepAnnotators[j]!;
      const both = pcSteps.filter((r) => r.has(a) && r.has(b));
      pcPairs.push({
        a,
        b,
        n: both.length,
        meanAbsoluteDifference: meanAbsoluteDifference(
          both.map((r) => r.get(a)!),
          both.map((r) => r.get(b)!),
        ),
      });
    }
  const fk = kappaOf(factAnnotators, factRows);
  return {
    annotators,
    match: { ...kappaOf(stepAnnotators, matchRows), pairwise: pairwise(stepAnnotators, matchRows) },
    conditionResolution: { ...kappaOf(stepAnnotators, crRows), pairwise: pairwise(stepAnnotators, crRows) },
    comprehensiveness: { pairs: pcPairs },
    factuality: {
      subjects: fk.subjects,
      kappa: factAnnotators.length >= 2 ? fk.kappa : null,
      pairwise: pairwise(factAnnotators, factRows),
    },
  };
}

/** Cohen's κ of two binary raters over the same items. */
function cohenKappa(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n === 0) return null;
  const po = xs.filter((x, i) => x === ys[i]).length / n;
  const px = xs.filter((x) => x === 1).length / n;
  const py = ys.filter((y) => y === 1).length / n;
  const pe = px * py + (1 - px) * (1 - py);
  return pe === 1 ? (po === 1 ? 1 : null) : (po - pe) / (1 - pe);
}

/**
 * The whole comparison: per packet the annotator average and each judge's scores; per metric and judge r, MAD and
 * within-task preference; the annotators' agreement; per judge its factuality verdicts per step against the annotators'
 * majority (ties count as unsupported).
 */
export function humanAgreement(
  packets: readonly LabelledPacket[],
  judges: Readonly<Record<string, Readonly<Record<string, JudgeScores>>>>,
): HumanAgreement {
  const judgeNames = Object.keys(judges).sort();
  const rows: PacketRow[] = packets.map((p) => {
    const per = Object.values(p.labels).map((l) => annotatorScores(p, l));
    const human = {} as Record<LabelledMetric, number | null>;
    const annotators = {} as Record<LabelledMetric, number>;
    for (const m of LABELLED_METRICS) {
      const xs = per.map((s) => s[m]).filter((v): v is number => v !== null);
      human[m] = mean(xs);
      annotators[m] = xs.length;
    }
    return {
      id: p.id,
      task: p.task,
      ...(p.source ? { source: p.source } : {}),
      human,
      annotators,
      judges: Object.fromEntries(judgeNames.map((j) => [j, judges[j]![p.id] ?? {}])),
    };
  });
  const metrics = {} as HumanAgreement["metrics"];
  for (const m of LABELLED_METRICS) {
    metrics[m] = {};
    for (const j of judgeNames) {
      const both = rows.flatMap((r) => {
        const h = r.human[m];
        const v = r.judges[j]?.[m];
        return h === null || v === null || v === undefined ? [] : [{ task: r.task, human: h, judge: v }];
      });
      metrics[m][j] = {
        n: both.length,
        pearson: pearson(
          both.map((b) => b.human),
          both.map((b) => b.judge),
        ),
        meanAbsoluteDifference: meanAbsoluteDifference(
          both.map((b) => b.human),
          both.map((b) => b.judge),
        ),
        preference: preferenceAgreement(both),
      };
    }
  }
  const factualitySteps: Record<string, StepAgreement> = {};
  for (const j of judgeNames) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const p of packets) {
      const verdicts = judges[j]![p.id]?.factualitySteps;
      if (!verdicts) continue;
      for (const step of p.predicted) {
        const votes = Object.values(p.labels)
          .map((l) => l.factuality?.[step])
          .filter((v): v is number => v !== undefined);
        const v = verdicts[step];
        if (votes.length === 0 || v === null || v === undefined) continue;
        xs.push(votes.filter((x) => x === 1).length * 2 > votes.length ? 1 : 0);
        ys.push(v);
      }
    }
    factualitySteps[j] = {
      steps: xs.length,
      agree: xs.filter((x, i) => x === ys[i]).length,
      kappa: cohenKappa(xs, ys),
    };
  }
  return { packets: rows, metrics, annotators: annotatorAgreement(packets), factualitySteps };
}
