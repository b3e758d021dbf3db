/**
 * @module The leak audit (`drflow env audit`): is anything an agent can observe statistically informative about a
 * document's role or the gold step order? Four families of tests over a suite and split:
 *
 * - **role from a form feature** (association.ts) — for every categorical feature of features.ts (format, extension,
 *   folder, title / subject / file-name templates and shapes, presence of a code, author kind and share, length and
 *   date bands, e-mail headers, the handle's form), per app and per folder of an app: does a value seen with a role
 *   on other tasks predict that role on a held-out task? The feature is taken as it is, words of the document's own
 *   text included, and measured as information over the app's role mix, so a value only the majority role uses
 *   counts too.
 * - **the metadata exploit** (exploit.ts) — all those features together, learned on the other tasks: does an agent
 *   that reads no text pick the user's case, or rank the distractors, better than chance?
 * - **handles** (handles.ts) — is the generator seed recoverable from a handle (no secret in the recipe)?
 * - **order** — Kendall's τ between an order an agent sees (listing, an app's own listing, which search ties follow;
 *   dates; numbers in titles and paths; ids) and the gold step order of the company documents, or role (insight <
 *   distractor < adjacent); significance by permuting gold within each task.
 *
 * A test is a leak when p < `ALPHA` and its effect reaches `MIN_U` (form features), `MIN_EXPLOIT` (the exploit) or
 * `MIN_TAU` (order); a recoverable seed is a leak outright.
 */
import type { ArtifactRole } from "../../core/index.ts";
import { seededRandom, shuffled } from "../../core/random.ts";
import { textTable } from "../../core/text-table.ts";
import { association } from "./association.ts";
import type { Exploit } from "./exploit.ts";
import { metadataExploit } from "./exploit.ts";
import { describe, folderOf } from "./features.ts";
import type { HandleRecovery } from "./handles.ts";
import type { Observed } from "./observe.ts";
import { kendallTau } from "./statistics.ts";

export const ALPHA = 0.001;
/** Cross-validated uncertainty coefficient a form feature must reach before it counts as a leak. */
export const MIN_U = 0.05;
/** How far above chance the exploit must be (share of tasks' cases; AUC − 0.5) before it counts as a leak. */
export const MIN_EXPLOIT = 0.1;
/** |τ| an order must reach before it counts as a leak. */
export const MIN_TAU = 0.2;
const PERMUTATIONS = 2000;
/** A folder is its own stratum once it holds this many documents and its app has another folder. */
const MIN_FOLDER_DOCS = 10;

export type AuditTest = "role" | "exploit" | "handles" | "gold order" | "role order";

export type AuditRow = {
  /** Role: `<app>[/<folder>] · <feature>`; order: the order tested; exploit and handles: what was tried. */
  field: string;
  test: AuditTest;
  /** Documents, tasks or pairs the test used. */
  n: number;
  /** Role: cross-validated uncertainty coefficient; exploit: hit rate or AUC; handles: share recoverable; order: mean τ. */
  value: number | null;
  /** What the value is to be compared with (0 for role and order, chance for the exploit). */
  chance: number | null;
  p: number | null;
  leak: boolean;
  /** Role: the value that most raises one role's share; exploit and handles: a sentence. */
  note?: string;
};

/** The strata of the role tests: every app, and every big enough folder of an app that has several. */
function strata(docs: readonly Observed[]): { name: string; docs: Observed[]; perFolder: boolean }[] {
  const out: { name: string; docs: Observed[]; perFolder: boolean }[] = [];
  for (const app of [...new Set(docs.map((d) => d.visible.app))].sort()) {
    const inApp = docs.filter((d) => d.visible.app === app);
    out.push({ name: app, docs: inApp, perFolder: false });
    const folders = [...new Set(inApp.map(folderOf))].sort();
    if (folders.length < 2) continue;
    for (const folder of folders) {
      const inFolder = inApp.filter((d) => folderOf(d) === folder);
      if (inFolder.length >= MIN_FOLDER_DOCS)
        out.push({ name: `${app}/${folder || "(top)"}`, docs: inFolder, perFolder: true });
    }
  }
  return out;
}

function roleRows(
  docs: readonly Observed[],
  features: ReadonlyMap<Observed, Record<string, string>>,
): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const stratum of strata(docs)) {
    const names = Object.keys(features.get(stratum.docs[0]!) ?? {});
    for (const feature of names) {
      if (stratum.perFolder && feature === "folder") continue;
      const a = association(
        stratum.docs.map((d) => ({ task: d.task, role: d.role, value: features.get(d)![feature]! })),
      );
      if (a.u === null) continue; // one value or one role: nothing to test
      rows.push({
        field: `${stratum.name} · ${feature}`,
        test: "role",
        n: a.n,
        value: a.u,
        chance: 0,
        p: a.p,
        leak: a.p !== null && a.p < ALPHA && a.u >= MIN_U,
        note: a.rule,
      });
    }
  }
  return rows;
}

function exploitRows(e: Exploit): AuditRow[] {
  const { cases, distractors } = e;
  const rate = cases.tasks ? cases.hits / cases.tasks : null;
  const chanceRate = cases.tasks ? cases.chance / cases.tasks : null;
  return [
    {
      field: "metadata rules · the user's case",
      test: "exploit",
      n: cases.tasks,
      value: rate,
      chance: chanceRate,
      p: cases.p,
      leak: rate !== null && cases.p !== null && cases.p < ALPHA && rate - (chanceRate ?? 0) >= MIN_EXPLOIT,
      note: cases.tasks
        ? `picked the user's case in ${cases.hits} of ${cases.tasks} tasks (chance ${cases.chance.toFixed(1)})`
        : "no task with the user's case and a look-alike (mixed split only)",
    },
    {
      field: "metadata rules · distractors",
      test: "exploit",
      n: distractors.documents,
      value: distractors.auc,
      chance: distractors.auc === null ? null : 0.5,
      p: distractors.p,
      leak:
        distractors.auc !== null &&
        distractors.p !== null &&
        distractors.p < ALPHA &&
        distractors.auc - 0.5 >= MIN_EXPLOIT,
      note:
        distractors.auc === null
          ? "no app with both distractors and other documents"
          : `ranks distractors within each app with AUC ${distractors.auc.toFixed(3)}`,
    },
  ];
}

function handleRow(h: HandleRecovery): AuditRow {
  return {
    field: "handles · seed from (task id, content)",
    test: "handles",
    n: h.tasks,
    value: h.tasks ? h.recoverable / h.tasks : null,
    chance: 0,
    p: null,
    leak: h.recoverable > 0,
    note:
      h.tasks === 0
        ? "no task carries a generator seed"
        : h.recoverable === 0
          ? "no handle is reproduced from the task id, seed and content alone"
          : `${h.recoverable} of ${h.tasks} tasks' handles are reproduced without a secret` +
            (h.search
              ? `; counting seeds up found seed ${h.search.seed} in ${h.search.ms.toFixed(0)} ms`
              : ""),
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

/** Every test, role, exploit, handles (when checked) then order, over the observed documents of a suite's tasks. */
export function auditObserved(docs: readonly Observed[], handles?: HandleRecovery): AuditRow[] {
  const features = describe(docs);
  const rows: AuditRow[] = [...roleRows(docs, features), ...exploitRows(metadataExploit(docs, features))];
  if (handles) rows.push(handleRow(handles));
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

const TEST_LABEL: Record<AuditTest, string> = {
  role: "role from feature (U)",
  exploit: "metadata exploit",
  handles: "seed recovery",
  "gold order": "τ vs gold step order",
  "role order": "τ vs role (IN<DI<AD)",
};

export function renderAudit(rows: readonly AuditRow[]): string {
  return textTable(
    ["field", "test", "n", "value", "chance", "p", "verdict", "note"],
    rows.map((r) => [
      r.field,
      TEST_LABEL[r.test],
      String(r.n),
      fmt(r.value),
      fmt(r.chance),
      r.p === null ? "-" : r.p < 0.0001 ? "<0.0001" : r.p.toFixed(4),
      r.leak ? "LEAK" : "ok",
      r.note ?? "",
    ]),
    { right: (c) => c >= 2 && c <= 5 },
  );
}
