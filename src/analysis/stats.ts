/** @module Descriptive statistics: mean, sample standard deviation, mean ± std over repeats. */

/** Arithmetic mean; null for an empty list. */
export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample standard deviation (n − 1); null with fewer than two values. */
export function std(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs)!;
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return Math.sqrt(s / (xs.length - 1));
}

export type MeanStd = { mean: number | null; std: number | null; n: number };

export function meanStd(xs: readonly number[]): MeanStd {
  return { mean: mean(xs), std: std(xs), n: xs.length };
}

/** `57.93 ± 1.20` on a 0–100 scale (values are in [0, 1]); "—" when there is nothing. */
export function formatMeanStd(m: MeanStd, scale = 100, digits = 2): string {
  if (m.mean === null) return "—";
  const v = (m.mean * scale).toFixed(digits);
  return m.std === null ? v : `${v} ± ${(m.std * scale).toFixed(digits)}`;
}
