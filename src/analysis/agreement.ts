/** @module Agreement statistics: Pearson correlation, mean absolute difference, concordant pairs, Fleiss' κ. */

function checkPaired(xs: readonly number[], ys: readonly number[], what: string): void {
  if (xs.length !== ys.length)
    throw new Error(`${what}: expected paired lists of equal length, got ${xs.length} and ${ys.length}`);
}

/** Pearson's r; null with fewer than two pairs or when either side is constant. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  checkPaired(xs, ys, "pearson");
  const n = xs.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Mean of |x − y| over pairs (the paper's human vs judge "mean absolute F1 difference"); null when empty. */
export function meanAbsoluteDifference(xs: readonly number[], ys: readonly number[]): number | null {
  checkPaired(xs, ys, "meanAbsoluteDifference");
  if (xs.length === 0) return null;
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += Math.abs(xs[i]! - ys[i]!);
  return s / xs.length;
}

export type PairCounts = { concordant: number; discordant: number; ties: number; pairs: number };

/**
 * Count the pairs (i < j) ordered the same way by both rankings (concordant), the opposite way (discordant), or
 * tied in either. Topology uses the concordant fraction over aligned steps; Kendall's τ-a is (C − D) / pairs.
 */
export function concordantPairs(xs: readonly number[], ys: readonly number[]): PairCounts {
  checkPaired(xs, ys, "concordantPairs");
  let concordant = 0;
  let discordant = 0;
  let ties = 0;
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) {
      const s = Math.sign(xs[j]! - xs[i]!) * Math.sign(ys[j]! - ys[i]!);
      if (s > 0) concordant++;
      else if (s < 0) discordant++;
      else ties++;
    }
  }
  return { concordant, discordant, ties, pairs: (xs.length * (xs.length - 1)) / 2 };
}

/** Kendall's τ-a; null with fewer than two items. */
export function kendallTau(xs: readonly number[], ys: readonly number[]): number | null {
  const c = concordantPairs(xs, ys);
  return c.pairs === 0 ? null : (c.concordant - c.discordant) / c.pairs;
}

export type FleissKappa = {
  kappa: number;
  pBar: number;
  pExpected: number;
  subjects: number;
  raters: number;
};

/**
 * Fleiss' κ from a subjects × categories count matrix (`counts[i][j]` = raters who put subject i in category j);
 * every subject must have the same number of raters (≥ 2).
 */
export function fleissKappa(counts: readonly (readonly number[])[]): FleissKappa {
  const N = counts.length;
  if (N === 0) throw new Error("fleissKappa: expected at least one subject");
  const k = counts[0]!.length;
  const n = counts[0]!.reduce((a, b) => a + b, 0);
  if (n < 2) throw new Error("fleissKappa: expected at least two raters per subject");
  counts.forEach((row, i) => {
    if (row.length !== k)
      throw new Error(`fleissKappa: subject ${i} has ${row.length} categories, expected ${k}`);
    const total = row.reduce((a, b) => a + b, 0);
    if (total !== n)
      throw new Error(`fleissKappa: subject ${i} has ${total} ratings, expected ${n} like subject 0`);
  });
  const pj = Array.from({ length: k }, (_, j) => counts.reduce((s, row) => s + row[j]!, 0) / (N * n));
  const Pi = counts.map((row) => (row.reduce((s, c) => s + c * c, 0) - n) / (n * (n - 1)));
  const pBar = Pi.reduce((a, b) => a + b, 0) / N;
  const pExpected = pj.reduce((s, p) => s + p * p, 0);
  const kappa = pExpected === 1 ? 1 : (pBar - pExpected) / (1 - pExpected);
  return { kappa, pBar, pExpected, subjects: N, raters: n };
}

/** Turn per-subject rater labels (`labels[i]` = each rater's label for subject i) into Fleiss' count matrix. */
export function labelCounts(labels: readonly (readonly string[])[]): {
  categories: string[];
  counts: number[][];
} {
  const categories = [...new Set(labels.flat())].sort();
  const index = new Map(categories.map((c, i) => [c, i]));
  const counts = labels.map((row) => {
    const out = new Array<number>(categories.length).fill(0);
    for (const l of row) out[index.get(l)!]!++;
    return out;
  });
  return { categories, counts };
}

/** Share of subjects on which all raters agree and on which a strict majority agrees (the paper's 57.2% / 97.6%). */
export function raterAgreement(labels: readonly (readonly string[])[]): { all: number; majority: number } {
  if (labels.length === 0) return { all: 0, majority: 0 };
  let all = 0;
  let majority = 0;
  for (const row of labels) {
    const freq = new Map<string, number>();
    for (const l of row) freq.set(l, (freq.get(l) ?? 0) + 1);
    const top = Math.max(...freq.values());
    if (top === row.length) all++;
    if (top * 2 > row.length) majority++;
  }
  return { all: all / labels.length, majority: majority / labels.length };
}

export type HumanJudgeAgreement = {
  n: number;
  pearson: number | null;
  meanAbsoluteDifference: number | null;
};

/** Human vs judge scores on the same items (e.g. human-average F1 and judge F1 per task × agent, Appendix F). */
export function humanJudgeAgreement(pairs: readonly { human: number; judge: number }[]): HumanJudgeAgreement {
  const h = pairs.map((p) => p.human);
  const j = pairs.map((p) => p.judge);
  return { n: pairs.length, pearson: pearson(h, j), meanAbsoluteDifference: meanAbsoluteDifference(h, j) };
}
