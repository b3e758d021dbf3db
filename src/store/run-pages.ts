/**
 * @module Run lists for pages over the run store (the studio's runs, batches and compare pages, campaign selection): a
 * few set-based SQL queries per page (runs, their metric values, their call totals), never one query per run, so a page
 * over thousands of runs stays fast. Metric JSON is parsed only where a page shows its items (one run's judgment).
 */
import { z } from "zod";

export { COLUMN_SORTS, CursorError, type RunOrder } from "./run-order.ts";

import {
  type CallTotals,
  MetricName,
  type MetricStatus,
  metricStatus,
  noCallTotals,
  type RunRecord,
  RunStatus,
  Split,
} from "../core/index.ts";
import { latestRunRow } from "./run-changes.ts";
import { CursorError, idPage, type RunOrder } from "./run-order.ts";
import { reportMatches } from "./run-search.ts";
import { RunFilter, runClauses, whereSql } from "./run-store.ts";
import { groupConcatDistinct, jsonArrayRows, type SqlDb, type SqlValue } from "./sql.ts";
import { CALL_TOTALS_SQL } from "./usage-queries.ts";

/** Triage views of the runs list: failed runs, runs with an unscored metric, runs with a not-applicable metric. */
export const Outcome = z.enum(["failed", "unscored", "not_applicable"]);
export type Outcome = z.infer<typeof Outcome>;

/**
 * A run page's filter: the store's run filter plus suite, a date range over `started_at` (ISO prefixes), a text
 * search (`q`: task, agent, model and the report's text, case-insensitive) and a triage outcome.
 */
export const RunPageFilter = RunFilter.omit({ kind: true }).extend({
  suite: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  q: z.string().max(200).optional(),
  outcome: Outcome.optional(),
});
export type RunPageFilter = z.infer<typeof RunPageFilter>;

/** Whether a metric counted for a run: scored (a value), not applicable (the task has nothing to measure), or unscored (judge failed). */
export type MetricOutcome = MetricStatus;

export type MetricCell = { value: number | null; scored: number; unscored: number; outcome: MetricOutcome };

/** The result's standing (`metricStatus`): not applicable when the judge recorded why, unscored when null otherwise. */
export function outcomeOf(m: { value: number | null; not_applicable?: string | null }): MetricOutcome {
  return metricStatus({ value: m.value, ...(m.not_applicable ? { not_applicable: m.not_applicable } : {}) });
}

/** A run as the studio lists it: its record's columns, its metric values, and the totals of its model calls. */
export type RunRow = Pick<
  RunRecord,
  | "id"
  | "batch"
  | "task"
  | "split"
  | "agent"
  | "model"
  | "repeat"
  | "status"
  | "started_at"
  | "finished_at"
  | "error"
> & {
  metrics: Partial<Record<MetricName, MetricCell>>;
  /** The totals of its model calls (`CallTotals`: fetched and at list price). */
  usage: CallTotals;
};

/** A metric result's not-applicable reason (JSON text in `result`), in either dialect. */
export function notApplicableSql(db: SqlDb, alias = "m"): string {
  // Only a result without a value can carry a reason: the (large) result JSON is parsed for those rows alone.
  const reason =
    db.dialect === "sqlite"
      ? `json_extract(${alias}.result, '$.not_applicable')`
      : `(${alias}.result::json ->> 'not_applicable')`;
  return `(CASE WHEN ${alias}.value IS NULL THEN ${reason} END)`;
}

/** The filter as a condition over `runs r` (agent runs only), with its bound values. */
export function runWhere(
  db: SqlDb,
  filter: RunPageFilter,
  options: { walk?: string } = {},
): { sql: string; values: SqlValue[] } {
  const { suite, from, to, q, outcome, ...runFilter } = RunPageFilter.parse(filter);
  const { clauses: own, values: strings } = runClauses(runFilter);
  // SQLite has no statistics: it prefers any index that answers an equality over one that holds the page's order.
  // `walk` (the filter keeps many runs, the page walks the sort's index): every filter is kept off indexes (unary
  // +). Otherwise a run or batch picks few runs: read them through that index, not through a split's or status's.
  const sqlite = db.dialect === "sqlite";
  const walk = sqlite && options.walk !== undefined;
  const selective = sqlite && (runFilter.run !== undefined || runFilter.batch !== undefined);
  const clauses = walk
    ? own.map((c) => c.replace(/^r\.(\w+) = \?$/, "+r.$1 = ?"))
    : selective
      ? own.map((c) => c.replace(/^r\.(split|status|agent|model|task) = \?$/, "+r.$1 = ?"))
      : own;
  // A date range is the started index's own when the page is newest first.
  const started = walk && options.walk !== "started" ? "+r.started_at" : "r.started_at";
  const values: SqlValue[] = strings;
  clauses.unshift("r.kind = 'agent'");
  if (suite) {
    clauses.push("r.task LIKE ? ESCAPE '\\'");
    values.push(`${suite.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
  }
  if (from) {
    clauses.push(`${started} >= ?`);
    values.push(from);
  }
  if (to) {
    // A date prefix covers the whole day (or month): everything that sorts before the next string.
    clauses.push(`${started} < ?`);
    values.push(`${to}\uffff`);
  }
  const text = q?.trim().toLowerCase();
  if (text) {
    // Task, agent and model by substring (lower-cased on both sides: SQLite's LIKE folds ASCII only, PostgreSQL's
    // not at all); the report's text through its full-text index (every word, by prefix).
    // The substring is looked up among the distinct values (few), so the runs are read from an index either way.
    const choices = cachedFacets(db);
    const named = (["task", "agent", "model"] as const).flatMap((k) => {
      const hits = choices[k].filter((v) => v.toLowerCase().includes(text));
      return hits.length
        ? [{ sql: `x.${k} IN (SELECT value FROM ${jsonArrayRows(db, "v")})`, value: JSON.stringify(hits) }]
        : [];
    });
    const report = reportMatches(db, "r.id", text);
    const parts = [
      ...(named.length
        ? [
            `r.id IN (SELECT x.id FROM runs x WHERE x.kind = 'agent' AND (${named.map((n) => n.sql).join(" OR ")}))`,
          ]
        : []),
      ...(report ? [report.sql] : []),
    ];
    clauses.push(parts.length ? `(${parts.join(" OR ")})` : "1 = 0");
    values.push(...named.map((n) => n.value), ...(report ? [report.value] : []));
  }
  // The triage views read the partial indexes of migration 7.
  if (outcome === "failed") clauses.push("r.status = 'failed'");
  else if (outcome === "unscored")
    clauses.push(
      "r.id IN (SELECT m.run_id FROM metric_results m WHERE m.value IS NULL AND m.not_applicable = 0)",
    );
  else if (outcome === "not_applicable")
    clauses.push("r.id IN (SELECT m.run_id FROM metric_results m WHERE m.not_applicable = 1)");
  // Walking: a set of matches (search, triage views) is a membership test, not where the rows are read from.
  if (walk) return { sql: whereSql(clauses).replace(/(^|[(\s])r\.id IN \(/g, "$1+r.id IN ("), values };
  return { sql: whereSql(clauses), values };
}

/** A text search counts its matches up to this many ("more than …" beyond). */
export const SEARCH_COUNT_CAP = 1000;

/** One page of runs, its total (capped for a text search) and the cursors of its neighbours. */
export type RunPage = { rows: RunRow[]; total: number; next: string | null; prev: string | null };

/**
 * Agent runs matching the filter, in `order` (newest first by default): the first `limit`, or the `limit` after the
 * `after` cursor or before the `before` cursor (every match when no limit), with their metric values (the latest
 * evaluation per run and metric, or the given one) and call totals; `total` counts every match. Metrics and calls
 * are read for the returned runs only, so a page costs the same whatever the store holds.
 */
export function runPage(
  db: SqlDb,
  filter: RunPageFilter = {},
  options: { order?: RunOrder; limit?: number; after?: string; before?: string; evaluation?: string } = {},
): RunPage {
  const w = runWhere(db, filter);
  const order = options.order ?? { sort: "started", dir: "desc" };
  // A text search reads report documents: counted up to a cap, so a page costs the runs it reads, not the store.
  const searched = Boolean(filter.q?.trim());
  const total = db
    .query<{ n: number }, SqlValue[]>(
      searched
        ? `SELECT COUNT(*) AS n FROM (SELECT 1 FROM runs r ${w.sql} LIMIT ${SEARCH_COUNT_CAP + 1}) capped`
        : `SELECT COUNT(*) AS n FROM runs r ${w.sql}`,
    )
    .get(...w.values)!.n;
  const limit = options.limit === undefined ? Math.max(1, total) : Math.max(1, Math.floor(options.limit));
  // Walking a metric's values pays for the runs the filter drops, scoring each match pays for every match: walk when
  // the matches are dense enough (limit × store / matches < matches).
  // Column sorts the same way: walking the sort column's index pays for the runs the filter drops.
  const dense =
    w.sql === "WHERE r.kind = 'agent'" ||
    (searched && total > SEARCH_COUNT_CAP) ||
    total * total >= limit * cachedAgentRuns(db);
  const page = idPage(db, dense ? runWhere(db, filter, { walk: order.sort }) : w, order, {
    limit,
    dense,
    ...(options.after !== undefined ? { after: options.after } : {}),
    ...(options.before !== undefined ? { before: options.before } : {}),
  });
  return { rows: withDetails(db, page.ids, options.evaluation), total, next: page.next, prev: page.prev };
}

/** The runs of `ids`, in that order, with their metric values and call totals. */
function withDetails(db: SqlDb, runIds: readonly string[], evaluation?: string): RunRow[] {
  if (runIds.length === 0) return [];
  type Base = Omit<RunRow, "metrics" | "usage">;
  // The runs' ids as a temporary key set: one indexed join instead of thousands of bound parameters.
  const ids = JSON.stringify(runIds);
  const base = new Map(
    db
      .query<Base, [string]>(
        `SELECT r.id, r.batch, r.task, r.split, r.agent, r.model, r.repeat, r.status, r.started_at, r.finished_at, r.error
         FROM ${jsonArrayRows(db, "j")} JOIN runs r ON r.id = j.value`,
      )
      .all(ids)
      .map((r) => [r.id, r]),
  );
  const byId = new Map<string, RunRow>();
  for (const id of runIds) {
    const r = base.get(id);
    if (r)
      byId.set(id, {
        ...r,
        metrics: {},
        usage: noCallTotals(),
      });
  }
  const evalClause = evaluation ? "AND m.evaluation = ?" : "";
  const metricRows = db
    .query<
      {
        run_id: string;
        metric: string;
        value: number | null;
        scored: number;
        unscored: number;
        not_applicable: string | null;
      },
      string[]
    >(
      `SELECT m.run_id, m.metric, m.value, m.scored, m.unscored, ${notApplicableSql(db)} AS not_applicable FROM ${jsonArrayRows(db, "j")}
       JOIN metric_results m ON m.run_id = j.value ${evalClause} ORDER BY m.created_at, m.id`,
    )
    .all(ids, ...(evaluation ? [evaluation] : []));
  for (const m of metricRows) {
    const run = byId.get(m.run_id);
    const name = MetricName.safeParse(m.metric);
    if (!run || !name.success) continue;
    // Later rows (newer evaluations) replace earlier ones.
    run.metrics[name.data] = {
      value: m.value,
      scored: m.scored,
      unscored: m.unscored,
      outcome: outcomeOf(m),
    };
  }
  const callRows = db
    .query<CallTotals & { run_id: string }, [string]>(
      `SELECT c.run_id, ${CALL_TOTALS_SQL}
       FROM ${jsonArrayRows(db, "j")} JOIN llm_calls c ON c.run_id = j.value GROUP BY c.run_id`,
    )
    .all(ids);
  for (const { run_id, ...totals } of callRows) {
    const run = byId.get(run_id);
    if (run) run.usage = totals;
  }
  return [...byId.values()];
}

/** Every agent run matching the filter (newest first) with metrics and call totals. */
export function runRows(db: SqlDb, filter: RunPageFilter = {}, evaluation?: string): RunRow[] {
  return runPage(db, filter, evaluation ? { evaluation } : {}).rows;
}

export type Facets = Record<"suite" | "task" | "split" | "agent" | "model" | "batch" | "status", string[]>;

/** How long the filter choices are reused on PostgreSQL (see `cachedFacets`). */
export const FACETS_TTL_MS = 5000;

const facetsCache = new WeakMap<SqlDb, { version: string; value: Facets }>();
const countCache = new WeakMap<SqlDb, { version: string; value: number }>();

/** How many agent runs the store holds, recounted only when a run was added (as `cachedFacets`). */
export function cachedAgentRuns(db: SqlDb, now = Date.now()): number {
  const version = String(latestRunRow(db) ?? `ttl-${Math.floor(now / FACETS_TTL_MS)}`);
  const hit = countCache.get(db);
  if (hit?.version === version) return hit.value;
  const value = Number(
    db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM runs WHERE kind = 'agent'").get()!.n,
  );
  countCache.set(db, { version, value });
  return value;
}

/**
 * The filter forms' choices (and what a text search resolves task, agent and model names against), recomputed only
 * when a run was added (SQLite: the runs table's largest rowid moved; PostgreSQL: at most every `FACETS_TTL_MS`):
 * the DISTINCT scans are the dearest part of a list page over 100,000 runs, and only a new run brings a new value.
 */
export function cachedFacets(db: SqlDb, now = Date.now()): Facets {
  const version = String(latestRunRow(db) ?? `ttl-${Math.floor(now / FACETS_TTL_MS)}`);
  const hit = facetsCache.get(db);
  if (hit?.version === version) return hit.value;
  const value = facets(db);
  facetsCache.set(db, { version, value });
  return value;
}

/** The distinct values each filter can take (agent runs only), for the filter form. */
export function facets(db: SqlDb): Facets {
  const distinct = (column: string) =>
    db
      .query<{ v: string | null }, []>(
        `SELECT DISTINCT ${column} AS v FROM runs WHERE kind = 'agent' ORDER BY v`,
      )
      .all()
      .map((r) => r.v)
      .filter((v): v is string => v !== null && v !== "");
  const task = distinct("task");
  return {
    suite: [...new Set(task.map((t) => t.split("/")[0]!))],
    task,
    split: splitOrder(distinct("split")),
    agent: distinct("agent"),
    model: distinct("model"),
    batch: distinct("batch"),
    // Every status a run can take (a run's status changes without a new run; the choices do not need a scan).
    status: [...RunStatus.options],
  };
}

export type BatchRow = {
  batch: string;
  runs: number;
  done: number;
  failed: number;
  tasks: number;
  agents: string;
  splits: string;
  models: string;
  started_at: string;
};

/**
 * Batches newest first (by their first run), `limit` at a time after the `after` cursor: the page's batches are picked
 * from an index alone (batch, start), and only they are aggregated — a list over thousands of batches costs its page.
 */
export function batchRows(
  db: SqlDb,
  options: { limit?: number; after?: string } = {},
): { rows: BatchRow[]; next: string | null } {
  const after = options.after ? decodeBatchCursor(options.after) : null;
  const limit = options.limit === undefined ? -1 : Math.max(1, Math.floor(options.limit));
  const picked = db
    .query<{ batch: string; started_at: string }, SqlValue[]>(
      `SELECT batch, MIN(started_at) AS started_at FROM runs WHERE kind = 'agent' AND batch IS NOT NULL GROUP BY batch
       ${after ? "HAVING MIN(started_at) < ? OR (MIN(started_at) = ? AND batch < ?)" : ""}
       ORDER BY started_at DESC, batch DESC ${limit > 0 ? `LIMIT ${limit + 1}` : ""}`,
    )
    .all(...(after ? [after.started_at, after.started_at, after.batch] : []));
  const page = limit > 0 ? picked.slice(0, limit) : picked;
  const details = new Map(
    page.length === 0
      ? []
      : db
          .query<BatchRow, [string]>(
            `SELECT batch, COUNT(*) AS runs, SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END) AS done,
               SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed,
               COUNT(DISTINCT task) AS tasks, ${groupConcatDistinct(db, "agent")} AS agents,
               ${groupConcatDistinct(db, "split")} AS splits, ${groupConcatDistinct(db, "model")} AS models, MIN(started_at) AS started_at
             FROM runs WHERE kind = 'agent' AND batch IN (SELECT value FROM ${jsonArrayRows(db, "j")}) GROUP BY batch`,
          )
          .all(JSON.stringify(page.map((p) => p.batch)))
          .map((r) => [r.batch, r]),
  );
  const last = page.at(-1);
  return {
    rows: page.map((p) => details.get(p.batch)!).filter(Boolean),
    next:
      limit > 0 && picked.length > limit && last
        ? Buffer.from(JSON.stringify([last.started_at, last.batch])).toString("base64url")
        : null,
  };
}

function decodeBatchCursor(text: string): { started_at: string; batch: string } {
  try {
    const [started_at, batch] = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (typeof started_at === "string" && typeof batch === "string") return { started_at, batch };
  } catch {}
  throw new CursorError(
    "after: not a cursor of the batches list; open its first page and follow its next link",
  );
}

/** Splits in the benchmark's order (`original` before `mixed`), unknown names after them. */
export function splitOrder(splits: Iterable<string>): string[] {
  const rank = (s: string) => (Split.options as readonly string[]).indexOf(s) >>> 0;
  return [...new Set(splits)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
