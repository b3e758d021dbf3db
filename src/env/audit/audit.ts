/**
 * @module The leak audit (`drflow env audit`): is anything an agent can observe statistically informative about a
 * document's role or the gold step order? Two families of tests over a suite and split:
 *
 * - **role from a field** — a naive Bayes model trained on the other tasks (leave one task out; one document out for a
 *   single task) predicts each document's role from the app it lives in plus one field's tokens that are *not* in the
 *   document's own text (words of the text are content an agent may use; anything else would be a label). It is
 *   compared with the same model given the app alone (McNemar: documents only one of the two gets right).
 * - **order** — Kendall's τ between an order an agent sees (listing, an app's own listing, which search ties follow;
 *   dates; numbers in titles and paths; ids) and the gold step order of the company documents, or role (insight <
 *   distractor < adjacent); significance by permuting gold within each task.
 *
 * A test is a leak when p < `ALPHA` and the effect is at least `MIN_GAIN` (role) or `MIN_TAU` (order).
 */
import type { ArtifactRole } from "../../core/index.ts";
import { seededRandom, shuffled } from "../../core/random.ts";
import { textTable } from "../../core/text-table.ts";
import type { Observed } from "./observe.ts";
import { wordsOf } from "./observe.ts";
import { binomialTail, kendallTau } from "./statistics.ts";

export const ALPHA = 0.001;
/** Accuracy a field must add over the app alone (share of documents) before it counts as a leak. */
export const MIN_GAIN = 0.05;
/** |τ| an order must reach before it counts as a leak. */
export const MIN_TAU = 0.2;
const PERMUTATIONS = 2000;

export type AuditRow = {
  field: string;
  test: "role" | "gold order" | "role order";
  /** Documents (role) or documents with a gold step / groups (order) the test used. */
  n: number;
  /** Role: accuracy with the field; order: mean τ. */
  value: number | null;
  /** Role: accuracy from the app alone; order: 0. */
  chance: number | null;
  p: number | null;
  leak: boolean;
};

const ROLE_FIELDS = ["id", "path", "title", "author", "date", "channel", "subject", "headers"] as const;
type RoleField = (typeof ROLE_FIELDS)[number];

/** Tokens of a visible field that the document's text does not contain, plus a numbered-copy mark for paths. */
export function labelTokens(doc: Observed, field: RoleField): string[] {
  const value = doc.visible[field];
  const out = [...new Set(wordsOf(value))].filter((w) => !doc.textWords.has(w)).map((w) => `${field}:${w}`);
  if (field === "path" && /-\d+\.[a-z0-9]+$/i.test(value)) out.push("path:#numbered-copy");
  return out;
}

type Model = {
  prior: Map<string, Map<ArtifactRole, number>>;
  feature: Map<string, Map<ArtifactRole, number>>;
  roles: Map<ArtifactRole, number>;
};

function train(docs: readonly Observed[], features: (d: Observed) => string[]): Model {
  const model: Model = { prior: new Map(), feature: new Map(), roles: new Map() };
  const bump = <K>(m: Map<K, Map<ArtifactRole, number>>, k: K, r: ArtifactRole) => {
    const row = m.get(k) ?? new Map<ArtifactRole, number>();
    row.set(r, (row.get(r) ?? 0) + 1);
    m.set(k, row);
  };
  for (const d of docs) {
    bump(model.prior, d.visible.app, d.role);
    model.roles.set(d.role, (model.roles.get(d.role) ?? 0) + 1);
    for (const f of new Set(features(d))) bump(model.feature, f, d.role);
  }
  return model;
}

const ROLES: readonly ArtifactRole[] = ["insight", "distractor", "adjacent"];

function predict(model: Model, d: Observed, features: (d: Observed) => string[]): ArtifactRole {
  const prior = model.prior.get(d.visible.app);
  let best: ArtifactRole = "insight";
  let bestScore = -Infinity;
  for (const r of ROLES) {
    const n = model.roles.get(r) ?? 0;
    if (n === 0) continue;
    let score = Math.log(
      ((prior?.get(r) ?? 0) + 1) / ((prior ? [...prior.values()].reduce((a, b) => a + b, 0) : 0) + 3),
    );
    for (const f of new Set(features(d))) {
      const row = model.feature.get(f);
      if (row) score += Math.log(((row.get(r) ?? 0) + 1) / (n + 2));
    }
    if (score > bestScore) {
      bestScore = score;
      best = r;
    }
  }
  return best;
}

/** Held-out folds: one per task, or one per document when there is a single task. */
function folds(docs: readonly Observed[]): Observed[][] {
  const tasks = [...new Set(docs.map((d) => d.task))];
  return tasks.length > 1 ? tasks.map((t) => docs.filter((d) => d.task === t)) : docs.map((d) => [d]);
}

function roleTest(docs: readonly Observed[], field: RoleField): AuditRow {
  const withField = (d: Observed) => labelTokens(d, field);
  const appOnly = () => [];
  let right = 0;
  let rightApp = 0;
  let onlyField = 0;
  let onlyApp = 0;
  for (const held of folds(docs)) {
    const rest = docs.filter((d) => !held.includes(d));
    const full = train(rest, withField);
    for (const d of held) {
      const a = predict(full, d, withField) === d.role;
      const b = predict(full, d, appOnly) === d.role;
      right += Number(a);
      rightApp += Number(b);
      if (a && !b) onlyField++;
      if (b && !a) onlyApp++;
    }
  }
  const n = docs.length;
  const p = binomialTail(onlyField, onlyField + onlyApp, 0.5);
  const gain = n === 0 ? 0 : (right - rightApp) / n;
  return {
    field,
    test: "role",
    n,
    value: n ? right / n : null,
    chance: n ? rightApp / n : null,
    p,
    leak: p < ALPHA && gain >= MIN_GAIN,
  };
}

/** Mean τ over groups and its two-sided permutation p-value (gold permuted within each group). */
function orderTest(field: string, test: AuditRow["test"], groups: { x: number[]; y: number[] }[]): AuditRow {
  const usable = groups.filter((g) => g.x.length >= 3 && kendallTau(g.x, g.y) !== null);
  const meanTau = (gs: { x: number[]; y: number[] }[]) =>
    gs.reduce((s, g) => s + (kendallTau(g.x, g.y) ?? 0), 0) / gs.length;
  if (usable.length === 0) return { field, test, n: 0, value: null, chance: null, p: null, leak: false };
  const observed = meanTau(usable);
  const random = seededRandom(0x5eed);
  let extreme = 0;
  for (let i = 0; i < PERMUTATIONS; i++) {
    const permuted = usable.map((g) => ({ x: g.x, y: shuffled(g.y, random) }));
    if (Math.abs(meanTau(permuted)) >= Math.abs(observed) - 1e-12) extreme++;
  }
  const p = (extreme + 1) / (PERMUTATIONS + 1);
  return {
    field,
    test,
    n: usable.reduce((s, g) => s + g.x.length, 0),
    value: observed,
    chance: 0,
    p,
    leak: p < ALPHA && Math.abs(observed) >= MIN_TAU,
  };
}

/** Orders an agent can see, as a number per document (null when the document gives none). */
function orders(docs: readonly Observed[]): Record<string, (d: Observed) => number | null> {
  const byId = [...docs].map((d) => d.visible.id).sort();
  const idRank = new Map(byId.map((id, i) => [id, i]));
  return {
    "listing (env.list)": (d) => d.listPosition,
    "app listing (search ties)": (d) => d.appPosition,
    date: (d) => {
      const t = Date.parse(d.visible.date);
      return Number.isNaN(t) ? null : t;
    },
    "number in title": (d) => firstNumber(d.visible.title),
    "number in path": (d) => firstNumber(d.visible.path),
    id: (d) => idRank.get(d.visible.id) ?? null,
  };
}

function firstNumber(text: string): number | null {
  const m = /\d+/.exec(text);
  return m ? Number(m[0]) : null;
}

const ROLE_INDEX: Record<ArtifactRole, number> = { insight: 0, distractor: 1, adjacent: 2 };

function groupsBy(docs: readonly Observed[], key: (d: Observed) => string) {
  const out = new Map<string, Observed[]>();
  for (const d of docs) out.set(key(d), [...(out.get(key(d)) ?? []), d]);
  return [...out.values()];
}

/** Every test, role then order, over the observed documents of a suite's tasks. */
export function auditObserved(docs: readonly Observed[]): AuditRow[] {
  const rows: AuditRow[] = ROLE_FIELDS.map((f) => roleTest(docs, f));
  const ORDERS = orders(docs);
  for (const [field, value] of Object.entries(ORDERS)) {
    const stepped = groupsBy(
      docs.filter((d) => d.step !== null && value(d) !== null),
      (d) => d.task,
    ).map((g) => ({ x: g.map((d) => value(d)!), y: g.map((d) => d.step!) }));
    rows.push(orderTest(field, "gold order", stepped));
  }
  for (const field of ["listing (env.list)", "app listing (search ties)"]) {
    const value = ORDERS[field]!;
    // an app's own listing is compared within the app (apps differ in what roles they hold, legitimately)
    const key = field.startsWith("app")
      ? (d: Observed) => `${d.task}/${d.visible.app}`
      : (d: Observed) => d.task;
    const groups = groupsBy(docs, key).map((g) => ({
      x: g.map((d) => value(d)!),
      y: g.map((d) => ROLE_INDEX[d.role]),
    }));
    rows.push(orderTest(field, "role order", groups));
  }
  return rows;
}

const fmt = (x: number | null, digits = 3) => (x === null ? "-" : x.toFixed(digits));

export function renderAudit(rows: readonly AuditRow[]): string {
  return textTable(
    ["field", "test", "n", "value", "chance", "p", "verdict"],
    rows.map((r) => [
      r.field,
      r.test === "role"
        ? "role from field (acc.)"
        : r.test === "gold order"
          ? "τ vs gold step order"
          : "τ vs role (IN<DI<AD)",
      String(r.n),
      fmt(r.value),
      fmt(r.chance),
      r.p === null ? "-" : r.p < 0.0001 ? "<0.0001" : r.p.toFixed(4),
      r.leak ? "LEAK" : "ok",
    ]),
    { right: (c) => c >= 2 && c <= 5 },
  );
}
