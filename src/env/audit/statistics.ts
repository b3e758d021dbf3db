/** @module Kendall's tau-b for the leak audit's order tests. */

/** Kendall's tau-b of two equally long sequences (ties in either allowed); null with fewer than 2 informative pairs. */
export function kendallTau(x: readonly number[], y: readonly number[]): number | null {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denominator === 0 ? null : (concordant - discordant) / denominator;
}
