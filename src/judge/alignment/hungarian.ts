/** @module The Hungarian (Kuhn–Munkres) algorithm: an optimal one-to-one assignment maximizing total score, O(n³). */

/**
 * For a `rows × cols` score matrix, the column assigned to each row (or -1) such that the sum of assigned
 * scores is maximal. Rectangular matrices are padded with zeros; a row whose best option is padding gets -1.
 */
export function maxAssignment(scores: readonly (readonly number[])[]): number[] {
  const rows = scores.length;
  const cols = rows === 0 ? 0 : Math.max(...scores.map((r) => r.length));
  const n = Math.max(rows, cols);
  if (n === 0) return [];
  let max = 0;
  for (const r of scores) for (const v of r) if (v > max) max = v;
  // Minimization on cost = max − score (padding cells cost max, i.e. score 0).
  const cost = (i: number, j: number) =>
    max - (i < rows && j < (scores[i]?.length ?? 0) ? scores[i]![j]! : 0);

  // Potentials u (rows), v (cols); p[j] = row matched to column j (1-based, 0 = none); e-maxx formulation.
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const assignment = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j]! - 1;
    if (i >= 0 && i < rows && j - 1 < (scores[i]?.length ?? 0)) assignment[i] = j - 1;
  }
  return assignment;
}
