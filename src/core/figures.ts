/**
 * @module Figures in text — `60.00%`, `$1.2M`, `1,250`, `1.2 million`, `$8,000` — read as numbers so that the same
 * figure written two ways matches: `1.2 million` = `1200000`, `15%` = `0.15` (a rate column) = `15` (a "%" column).
 * Numbers glued to letters (`Q3`, `H1`, `IN001`) are labels, not figures.
 */

export type Figure = { raw: string; value: number; percent: boolean };

const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  trillion: 1e12,
};

const FIGURE =
  /(?<![\p{L}\d.])([$€£]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|percent\b|percentage points?\b)|\s?(k|mm|mn|m|bn|b|t)\b|\s(thousand|million|billion|trillion)\b)?(?![\p{L}\d])/giu;

/**
 * Every figure of a text, in order. With `ambiguousCommas` (evidence that may be CSV), `540,459` also reads as the two
 * cells `540` and `459`.
 */
export function figures(text: string, options: { ambiguousCommas?: boolean } = {}): Figure[] {
  const out: Figure[] = [];
  for (const m of text.matchAll(FIGURE)) {
    if (options.ambiguousCommas && m[2]!.includes(","))
      for (const part of m[2]!.split(",")) out.push({ raw: part, value: Number(part), percent: false });
    const base = Number(`${m[2]!.replace(/,/g, "")}${m[3] ?? ""}`);
    if (!Number.isFinite(base)) continue;
    const percent = Boolean(m[4]);
    const scale = SCALE[(m[5] ?? m[6] ?? "").toLowerCase()] ?? 1;
    out.push({ raw: m[0].trim(), value: percent ? base / 100 : base * scale, percent });
  }
  return out;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether `evidence` holds figure `f` in any of its written forms. */
export function hasFigure(f: Figure, evidence: readonly Figure[]): boolean {
  return evidence.some(
    (e) => close(e.value, f.value) || (f.percent && !e.percent && close(e.value, f.value * 100)),
  );
}

/** The figures of `claim` that `evidence` does not hold. */
export function missingFigures(claim: string, evidence: string): string[] {
  const have = figures(evidence, { ambiguousCommas: true });
  return figures(claim)
    .filter((f) => !hasFigure(f, have))
    .map((f) => f.raw);
}
