/**
 * @module The Hungarian (Kuhn–Munkres) algorithm: an optimal one-to-one assignment maximizing total score, in
 * O(r² · c) for r = min(rows, cols) and c = max(rows, cols) — linear in the longer side, so a report of thousands of
 * steps against a workflow of a dozen costs little.
 */

/** Assignment for `scores` with rows ≤ cols (every row gets a column): e-maxx's rectangular formulation. */
function assignRows(scores: readonly (readonly number[])[], cols: number): number[] {
  const n = scores.length;
  let max = 0;
  for (const r of scores) for (const v of r) if (v > max) max = v;
  // Minimization on cost = max − score (a missing cell counts as score 0).
  const cost = (i: number, j: number) => max - (scores[i]![j] ?? 0);
  // Potentials u (rows), v (cols); p[j] = row matched to column j (1-based, 0 = none).
  const u = new Float64Array(n + 1);
  const v = new Float64Array(cols + 1);
  const p = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  const minv = new Float64Array(cols + 1);
  const used = new Uint8Array(cols + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Number.POSITIVE_INFINITY);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
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
      for (let j = 0; j <= cols; j++) {
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
  const assignment = new Array<number>(n).fill(-1);
  for (let j = 1; j <= cols; j++) if (p[j]! > 0) assignment[p[j]! - 1] = j - 1;
  return assignment;
}

/**
 * For a `rows × cols` score matrix, the column assigned to each row (or -1) such that the sum of assigned
 * scores is maximal. With more rows than columns the transpose is solved, and the rows left over get -1.
 */
export function maxAssignment(scores: readonly (readonly number[])[]): number[] {
  const rows = scores.length;
  const cols = rows === 0 ? 0 : Math.max(...scores.map((r) => r.length));
  if (rows === 0 || cols === 0) return new Array<number>(rows).fill(-1);
  if (rows <= cols) return assignRows(scores, cols);
  const transposed = Array.from({ length: cols }, (_, j) => scores.map((r) => r[j] ?? 0));
  const byColumn = assignRows(transposed, rows);
  const assignment = new Array<number>(rows).fill(-1);
  byColumn.forEach((i, j) => {
    if (i >= 0) assignment[i] = j;
  });
  return assignment;
}
