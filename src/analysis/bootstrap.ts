/** @module Seeded paired bootstrap: confidence intervals for a mean difference over tasks. */

import { seededRandom } from "../core/random.ts";

export { seededRandom };

export type BootstrapOptions = { seed?: number; resamples?: number; level?: number };

/**
 * The one bootstrap setting every front end uses (studio compare page, compare notebook), so one comparison has one
 * interval wherever it is read.
 */
export const BOOTSTRAP = { seed: 20260101, resamples: 2000, level: 0.95 } as const;

/** An interval needs at least two pairs: one pair resamples to itself, a zero-width "interval" that says nothing. */
export const MIN_PAIRS = 2;

export type BootstrapCI = {
  estimate: number;
  low: number;
  high: number;
  level: number;
  resamples: number;
  n: number;
};

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Percentile bootstrap CI of the mean of `values` (e.g. per-task differences B − A); null when empty. */
export function bootstrapMeanCI(
  values: readonly number[],
  options: BootstrapOptions = {},
): BootstrapCI | null {
  const { seed = BOOTSTRAP.seed, resamples = BOOTSTRAP.resamples, level = BOOTSTRAP.level } = options;
  const n = values.length;
  if (n === 0) return null;
  const rand = seededRandom(seed);
  const means: number[] = [];
  for (let b = 0; b < resamples; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += values[Math.floor(rand() * n)]!;
    means.push(s / n);
  }
  means.sort((a, b) => a - b);
  const alpha = (1 - level) / 2;
  const estimate = values.reduce((a, b) => a + b, 0) / n;
  return { estimate, low: quantile(means, alpha), high: quantile(means, 1 - alpha), level, resamples, n };
}

/** Paired bootstrap CI of mean(b − a) over the keys both maps share (tasks scored in both runs). */
export function pairedBootstrapCI(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  options: BootstrapOptions = {},
): BootstrapCI | null {
  const diffs: number[] = [];
  for (const [k, va] of [...a].sort(([x], [y]) => x.localeCompare(y))) {
    const vb = b.get(k);
    if (vb !== undefined) diffs.push(vb - va);
  }
  return bootstrapMeanCI(diffs, options);
}

/** Whether a CI carries an interval (at least `MIN_PAIRS` pairs). */
export function hasInterval(ci: BootstrapCI): boolean {
  return ci.n >= MIN_PAIRS;
}

/** A CI as tables print it, ×100: `[low, high]`, or why there is none. */
export function formatInterval(ci: BootstrapCI): string {
  if (!hasInterval(ci))
    return `none: ${ci.n} pair${ci.n === 1 ? "" : "s"}, an interval needs at least ${MIN_PAIRS}`;
  return `[${(ci.low * 100).toFixed(2)}, ${(ci.high * 100).toFixed(2)}]`;
}
