/**
 * @module Run lists for pages over the run store (the studio's runs, batches and compare pages, campaign selection): a
 * few set-based SQL queries per page (runs, their metric values, their call totals), never one query per run, so a page
 * over thousands of runs stays fast. Metric JSON is parsed only where a page shows its items (one run's judgment).
 */
import { z } from "zod";
import {
  MetricName,
  type MetricStatus,
  metricStatus,
  type RunRecord,
  RunStatus,
  Split,
} from "../core/index.ts";
import { RunFilter, runClauses, whereSql } from "./run-store.ts";
import { groupConcatDistinct, jsonArrayRows, type SqlDb } from "./sql.ts";
import type { CallTotals } from "./usage-queries.ts";

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
} & Pick<
    CallTotals,
    "calls" | "cached_calls" | "input_tokens" | "output_tokens" | "cost_usd" | "unpriced_calls"
  >;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A metric result's not-applicable reason (JSON text in `result`), in either dialect. */
export function notApplicableSql(db: SqlDb, alias = "m"): string {
  // Only a result without a value can carry a reason: the (large) result JSON is parsed for those rows alone.
  const reason =
    db.dialect === "sqlite"
      ? `json_extract(${alias}.result, '$.not_applicable')`
      : `(${alias}.result::json ->> 'not_applicable')`;
  return `(CASE WHEN ${alias}.value IS NULL THEN ${reason} END)`;
}

function where(db: SqlDb, filter: RunPageFilter): { sql: string; values: string[] } {
  const { suite, from, to, q, outcome, ...runFilter } = RunPageFilter.parse(filter);
  const { clauses, values } = runClauses(runFilter);
  clauses.unshift("r.kind = 'agent'");
  if (suite) {
    clauses.push("r.task LIKE ? ESCAPE '\\'");
    values.push(`${suite.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
  }
  if (from) {
    clauses.push("r.started_at >= ?");
    values.push(from);
  }
  if (to) {
    // A date prefix covers the whole day (or month): everything that sorts before the next string.
    clauses.push("r.started_at < ?");
    values.push(`${to}\uffff`);
  }
  const text = q?.trim().toLowerCase();
  if (text) {
    // Lower-cased on both sides: SQLite's LIKE folds ASCII only, PostgreSQL's not at all.
    clauses.push(
      `(LOWER(r.task) LIKE ? ESCAPE '\\' OR LOWER(r.agent) LIKE ? ESCAPE '\\' OR LOWER(r.model) LIKE ? ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM run_documents d WHERE d.run_id = r.id AND d.kind = 'report' AND LOWER(d.json) LIKE ? ESCAPE '\\'))`,
    );
    values.push(like(text), like(text), like(text), like(text));
  }
  if (outcome === "failed") clauses.push("r.status = 'failed'");
  else if (outcome === "unscored")
    clauses.push(
      `EXISTS (SELECT 1 FROM metric_results m WHERE m.run_id = r.id AND m.value IS NULL AND ${notApplicableSql(db)} IS NULL)`,
    );
  else if (outcome === "not_applicable")
    clauses.push(
      `EXISTS (SELECT 1 FROM metric_results m WHERE m.run_id = r.id AND m.value IS NULL AND ${notApplicableSql(db)} IS NOT NULL)`,
    );
  return { sql: whereSql(clauses), values };
}

/** How a runs query orders: a column, a metric's value, cost or tokens; nulls always last. */
export type RunOrder = { sort: string; dir: "asc" | "desc" };

/** The sorts that are not a metric (any other sort names one: metric names are a pattern, not a list, at this layer). */
export const COLUMN_SORTS = ["started", "task", "agent", "cost", "tokens"] as const;

/** The metric a sort names, or null for a column sort. */
function sortMetric(sort: string | undefined): MetricName | null {
  if (sort === undefined || (COLUMN_SORTS as readonly string[]).includes(sort)) return null;
  return MetricName.safeParse(sort).data ?? null;
}

function orderSql(order: RunOrder): { sql: string; values: string[] } {
  const dir = order.dir === "asc" ? "ASC" : "DESC";
  const metric = sortMetric(order.sort);
  let expr: string;
  const values: string[] = [];
  if (metric !== null) {
    // The latest evaluation's value, as the metric columns show it.
    expr =
      "(SELECT x.value FROM metric_results x WHERE x.run_id = r.id AND x.metric = ? ORDER BY x.created_at DESC, x.id DESC LIMIT 1)";
    values.push(metric, metric);
  } else if (order.sort === "cost")
    // A run with unpriced calls has no known cost: it sorts with the nulls, never as $0.
    expr =
      "(SELECT CASE WHEN SUM(CASE WHEN c.cost_usd IS NULL THEN 1 ELSE 0 END) > 0 THEN NULL ELSE COALESCE(SUM(c.cost_usd), 0) END FROM llm_calls c WHERE c.run_id = r.id)";
  else if (order.sort === "tokens")
    expr =
      "(SELECT COALESCE(SUM(c.input_tokens + c.output_tokens), 0) FROM llm_calls c WHERE c.run_id = r.id)";
  else {
    // Columns that are never NULL: the order an index (migration 6) holds, ties by id the same way.
    const column = order.sort === "task" ? "r.task" : order.sort === "agent" ? "r.agent" : "r.started_at";
    return { sql: `ORDER BY ${column} ${dir}, r.id ${dir}`, values };
  }
  return { sql: `ORDER BY ${expr} IS NULL, ${expr} ${dir}, r.id`, values };
}

/** A metric result that no later result of its run and metric replaces (the latest evaluation's). */
const LATEST = `NOT EXISTS (SELECT 1 FROM metric_results n WHERE n.run_id = m.run_id AND n.metric = m.metric
  AND (n.created_at > m.created_at OR (n.created_at = m.created_at AND n.id > m.id)))`;

/**
 * One page of runs sorted by a metric without scoring every run: walk the metric's values in order (the
 * `metric_results_value` index) keeping each run's latest, then — once those run out — the runs without a value, by
 * id. The same order as `orderSql`'s, at the cost of the page rather than of the store.
 */
function metricSortedIds(
  db: SqlDb,
  w: { sql: string; values: string[] },
  metric: MetricName,
  dir: "ASC" | "DESC",
  limit: number,
  offset: number,
): string[] {
  const filters = w.sql.replace(/^WHERE /, "AND ");
  const valued = db
    .query<{ id: string }, (string | number)[]>(
      `SELECT r.id FROM metric_results m JOIN runs r ON r.id = m.run_id
       WHERE m.metric = ? AND m.value IS NOT NULL ${filters} AND ${LATEST}
       ORDER BY m.value ${dir}, r.id LIMIT ? OFFSET ?`,
    )
    .all(metric, ...w.values, limit, offset)
    .map((r) => r.id);
  if (valued.length === limit) return valued;
  // Past the valued runs: how many there are decides where the others start.
  const count =
    valued.length > 0
      ? offset + valued.length
      : db
          .query<{ n: number }, string[]>(
            `SELECT COUNT(*) AS n FROM metric_results m JOIN runs r ON r.id = m.run_id
             WHERE m.metric = ? AND m.value IS NOT NULL ${filters} AND ${LATEST}`,
          )
          .get(metric, ...w.values)!.n;
  const rest = db
    .query<{ id: string }, (string | number)[]>(
      `SELECT r.id FROM runs r ${w.sql} ${w.sql ? "AND" : "WHERE"} NOT EXISTS (SELECT 1 FROM metric_results m
         WHERE m.run_id = r.id AND m.metric = ? AND m.value IS NOT NULL AND ${LATEST})
       ORDER BY r.id LIMIT ? OFFSET ?`,
    )
    .all(...w.values, metric, limit - valued.length, Math.max(0, offset - count))
    .map((r) => r.id);
  return [...valued, ...rest];
}

/** A text search counts its matches up to this many ("more than …" beyond). */
export const SEARCH_COUNT_CAP = 1000;

/**
 * Agent runs matching the filter, in `order`, from `offset` up to `limit`, with their metric values (the latest
 * evaluation per run and metric, or the given one) and call totals; `total` counts every match. Metrics and calls are
 * read for the returned runs only, so a page costs the same whatever the store holds.
 */
export function runPage(
  db: SqlDb,
  filter: RunPageFilter = {},
  options: { order?: RunOrder; limit?: number; offset?: number; evaluation?: string } = {},
): { rows: RunRow[]; total: number } {
  const w = where(db, filter);
  const order = orderSql(options.order ?? { sort: "started", dir: "desc" });
  type Base = Omit<
    RunRow,
    "metrics" | "calls" | "cached_calls" | "input_tokens" | "output_tokens" | "cost_usd" | "unpriced_calls"
  >;
  // A text search reads report documents: counted up to a cap, so a page costs the runs it reads, not the store.
  const searched = Boolean(filter.q?.trim());
  const total = db
    .query<{ n: number }, string[]>(
      searched
        ? `SELECT COUNT(*) AS n FROM (SELECT 1 FROM runs r ${w.sql} LIMIT ${SEARCH_COUNT_CAP + 1}) capped`
        : `SELECT COUNT(*) AS n FROM runs r ${w.sql}`,
    )
    .get(...w.values)!.n;
  const limit =
    options.limit === undefined
      ? ""
      : `LIMIT ${Math.max(0, Math.floor(options.limit))} OFFSET ${Math.max(0, Math.floor(options.offset ?? 0))}`;
  const metric = sortMetric(options.order?.sort);
  const columns =
    "r.id, r.batch, r.task, r.split, r.agent, r.model, r.repeat, r.status, r.started_at, r.finished_at, r.error";
  let runs: Base[];
  if (metric !== null && options.limit !== undefined) {
    const ids = metricSortedIds(
      db,
      w,
      metric,
      options.order?.dir === "asc" ? "ASC" : "DESC",
      Math.max(0, Math.floor(options.limit)),
      Math.max(0, Math.floor(options.offset ?? 0)),
    );
    const rows = new Map(
      db
        .query<Base, [string]>(
          `SELECT ${columns} FROM ${jsonArrayRows(db, "j")} JOIN runs r ON r.id = j.value`,
        )
        .all(JSON.stringify(ids))
        .map((r) => [r.id, r]),
    );
    runs = ids.map((id) => rows.get(id)!).filter(Boolean);
  } else
    runs = db
      .query<Base, string[]>(`SELECT ${columns} FROM runs r ${w.sql} ${order.sql} ${limit}`)
      .all(...w.values, ...order.values);
  if (runs.length === 0) return { rows: [], total };
  const byId = new Map<string, RunRow>(
    runs.map((r) => [
      r.id,
      {
        ...r,
        metrics: {},
        calls: 0,
        cached_calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: 0,
        unpriced_calls: 0,
      },
    ]),
  );
  // The runs' ids as a temporary key set: one indexed join instead of thousands of bound parameters.
  const ids = JSON.stringify(runs.map((r) => r.id));
  const evalClause = options.evaluation ? "AND m.evaluation = ?" : "";
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
    .all(ids, ...(options.evaluation ? [options.evaluation] : []));
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
    .query<Omit<RunRow, keyof Base | "metrics"> & { run_id: string }, [string]>(
      `SELECT c.run_id, COUNT(*) AS calls, COALESCE(SUM(c.cached), 0) AS cached_calls,
         COALESCE(SUM(c.input_tokens), 0) AS input_tokens, COALESCE(SUM(c.output_tokens), 0) AS output_tokens,
         COALESCE(SUM(c.cost_usd), 0) AS cost_usd, COALESCE(SUM(CASE WHEN c.cost_usd IS NULL THEN 1 ELSE 0 END), 0) AS unpriced_calls
       FROM ${jsonArrayRows(db, "j")} JOIN llm_calls c ON c.run_id = j.value GROUP BY c.run_id`,
    )
    .all(ids);
  for (const { run_id, ...totals } of callRows) {
    const run = byId.get(run_id);
    if (run) Object.assign(run, totals);
  }
  return { rows: [...byId.values()], total };
}

/** Every agent run matching the filter (newest first) with metrics and call totals. */
export function runRows(db: SqlDb, filter: RunPageFilter = {}, evaluation?: string): RunRow[] {
  return runPage(db, filter, evaluation ? { evaluation } : {}).rows;
}

export type Facets = Record<"suite" | "task" | "split" | "agent" | "model" | "batch" | "status", string[]>;

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

export function batchRows(db: SqlDb): BatchRow[] {
  return db
    .query<BatchRow, []>(
      `SELECT batch, COUNT(*) AS runs, SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END) AS done,
         SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed,
         COUNT(DISTINCT task) AS tasks, ${groupConcatDistinct(db, "agent")} AS agents,
         ${groupConcatDistinct(db, "split")} AS splits, ${groupConcatDistinct(db, "model")} AS models, MIN(started_at) AS started_at
       FROM runs WHERE kind = 'agent' AND batch IS NOT NULL GROUP BY batch ORDER BY started_at DESC`,
    )
    .all();
}

/** Splits in the benchmark's order (`original` before `mixed`), unknown names after them. */
export function splitOrder(splits: Iterable<string>): string[] {
  const rank = (s: string) => (Split.options as readonly string[]).indexOf(s) >>> 0;
  return [...new Set(splits)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
