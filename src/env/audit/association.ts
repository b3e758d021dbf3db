/**
 * @module Association of one categorical feature with role inside one stratum (an app, or a folder of an app): does
 * a value seen with a role on other tasks predict that role on a held-out task?
 *
 * The statistic is the cross-validated uncertainty coefficient: for every document, P(role | value) is estimated
 * from the other tasks (one document out when there is a single task), smoothed towards the stratum's role mix of
 * the same tasks, and the log-likelihood it gives the true role is compared with the role mix alone; the total gain
 * in bits over the stratum's role entropy is `u` (1: the value gives the role away; 0 or below: it tells nothing that
 * transfers). Unlike accuracy over the stratum's base rate, it counts a value that only the majority role uses
 * (every `.docx` in `files/` a look-alike's, where look-alikes are most of `files/`). Significance: roles permuted
 * within each task (so every task keeps its role mix), sequentially (stopped once the p-value is clearly large).
 */
import type { ArtifactRole } from "../../core/index.ts";
import { seededRandom, shuffled } from "../../core/random.ts";

export const PERMUTATIONS = 2000;
/** Stop permuting once this many permutations reach the observed gain: p is then well above any alpha used. */
const ENOUGH_EXTREME = 25;
/** Pseudo-count of the smoothing towards the role mix. */
const ALPHA_SMOOTH = 1;

export type Labelled = { task: string; role: ArtifactRole; value: string };

export type Association = {
  n: number;
  /** Distinct values of the feature in the stratum. */
  values: number;
  /** Cross-validated uncertainty coefficient (null when the stratum holds one role or the feature one value). */
  u: number | null;
  p: number | null;
  /** The value that most raises one role's share, e.g. `docx → adjacent 20/20 (base 62%, 10 tasks)`. */
  rule: string;
};

type Encoded = { roles: Int32Array; values: Int32Array; folds: Int32Array; R: number; V: number; F: number };

function encode(docs: readonly Labelled[]): {
  enc: Encoded;
  roleNames: ArtifactRole[];
  valueNames: string[];
} {
  const roleNames = [...new Set(docs.map((d) => d.role))].sort();
  const valueNames = [...new Set(docs.map((d) => d.value))].sort();
  const taskNames = [...new Set(docs.map((d) => d.task))];
  const single = taskNames.length === 1;
  const ri = new Map(roleNames.map((r, i) => [r, i]));
  const vi = new Map(valueNames.map((v, i) => [v, i]));
  const ti = new Map(taskNames.map((t, i) => [t, i]));
  const n = docs.length;
  const enc: Encoded = {
    roles: Int32Array.from(docs, (d) => ri.get(d.role)!),
    values: Int32Array.from(docs, (d) => vi.get(d.value)!),
    folds: Int32Array.from(docs, (d, i) => (single ? i : ti.get(d.task)!)),
    R: roleNames.length,
    V: valueNames.length,
    F: single ? n : taskNames.length,
  };
  return { enc, roleNames, valueNames };
}

/** Total cross-validated gain in bits of knowing the value, for the given role of every document. */
function gainBits(e: Encoded, roles: Int32Array): number {
  const { R, V, F, values, folds } = e;
  const n = roles.length;
  const cnt = new Float64Array(V * R);
  const cntV = new Float64Array(V);
  const foldCnt = new Float64Array(F * V * R);
  const foldV = new Float64Array(F * V);
  const roleN = new Float64Array(R);
  const foldRole = new Float64Array(F * R);
  const foldN = new Float64Array(F);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const r = roles[i]!;
    const f = folds[i]!;
    cnt[v * R + r]!++;
    cntV[v]!++;
    foldCnt[(f * V + v) * R + r]!++;
    foldV[f * V + v]!++;
    roleN[r]!++;
    foldRole[f * R + r]!++;
    foldN[f]!++;
  }
  let gain = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const r = roles[i]!;
    const f = folds[i]!;
    const prior = (roleN[r]! - foldRole[f * R + r]! + 1) / (n - foldN[f]! + R);
    const seen = cnt[v * R + r]! - foldCnt[(f * V + v) * R + r]!;
    const seenV = cntV[v]! - foldV[f * V + v]!;
    const p = (seen + ALPHA_SMOOTH * prior) / (seenV + ALPHA_SMOOTH);
    gain += Math.log2(p / prior);
  }
  return gain;
}

function entropyBits(roles: Int32Array, R: number): number {
  const c = new Float64Array(R);
  for (const r of roles) c[r]!++;
  let h = 0;
  for (const x of c) if (x > 0) h -= (x / roles.length) * Math.log2(x / roles.length);
  return h;
}

/** Roles permuted within each task (within the whole set for a single task). */
function permuteWithinTasks(docs: readonly Labelled[], roles: Int32Array, random: () => number): Int32Array {
  const out = new Int32Array(roles.length);
  const byTask = new Map<string, number[]>();
  docs.forEach((d, i) => {
    (byTask.get(d.task) ?? byTask.set(d.task, []).get(d.task)!).push(i);
  });
  for (const idx of byTask.values()) {
    const dealt = shuffled(
      idx.map((i) => roles[i]!),
      random,
    );
    idx.forEach((i, k) => {
      out[i] = dealt[k]!;
    });
  }
  return out;
}

function bestRule(docs: readonly Labelled[], roleNames: readonly ArtifactRole[]): string {
  const n = docs.length;
  const base = new Map(roleNames.map((r) => [r, docs.filter((d) => d.role === r).length / n]));
  const byValue = new Map<string, Labelled[]>();
  for (const d of docs) (byValue.get(d.value) ?? byValue.set(d.value, []).get(d.value)!).push(d);
  // ranked by the evidence the rule carries: documents it covers × log-lift
  let best: { score: number; text: string } | null = null;
  for (const [value, ds] of byValue) {
    if (ds.length < 3) continue;
    for (const r of roleNames) {
      const k = ds.filter((d) => d.role === r).length;
      const lift = k / ds.length / base.get(r)!;
      if (lift <= 1) continue;
      const score = k * Math.log2(lift);
      if (!best || score > best.score + 1e-9) {
        const tasks = new Set(ds.map((d) => d.task)).size;
        const shown = value === "" ? "(empty)" : value.length > 60 ? `${value.slice(0, 57)}…` : value;
        best = {
          score,
          text: `${shown} → ${r} ${k}/${ds.length} (base ${Math.round(100 * base.get(r)!)}%, ${tasks} task(s))`,
        };
      }
    }
  }
  return best?.text ?? "";
}

export function association(docs: readonly Labelled[], seed = 0x5eed): Association {
  const { enc, roleNames, valueNames } = encode(docs);
  const n = docs.length;
  const rule = bestRule(docs, roleNames);
  const h = entropyBits(enc.roles, enc.R);
  if (n < 2 || enc.R < 2 || enc.V < 2 || h === 0) return { n, values: enc.V, u: null, p: null, rule };
  const observed = gainBits(enc, enc.roles);
  const random = seededRandom(seed);
  let extreme = 0;
  let done = 0;
  while (done < PERMUTATIONS && extreme < ENOUGH_EXTREME) {
    if (gainBits(enc, permuteWithinTasks(docs, enc.roles, random)) >= observed - 1e-9) extreme++;
    done++;
  }
  return { n, values: valueNames.length, u: observed / (n * h), p: (extreme + 1) / (done + 1), rule };
}
