/**
 * @module The runs list's order and its cursors (keyset pagination): every sort is (has a value, value, run id) with
 * runs without a value last, so a page starts strictly after (or ends strictly before) the row a cursor names and
 * costs an index range scan whatever page it is; a run inserted while someone pages does not shift later pages.
 */
import { MetricName } from "../core/index.ts";
import type { SqlDb, SqlValue } from "./sql.ts";

/** How a runs query orders: a column, a metric's value, cost or tokens; runs without a value always last. */
export type RunOrder = { sort: string; dir: "asc" | "desc" };

/** The sorts that are not a metric (any other sort names one: metric names are a pattern, not a list, at this layer). */
export const COLUMN_SORTS = ["started", "task", "agent", "cost", "tokens"] as const;

/** Each column sort's key on the runs row (migrations 6 and 7 index them after `kind`); only cost can be NULL. */
const COLUMN_KEYS: Record<(typeof COLUMN_SORTS)[number], { expr: string; nullable: boolean }> = {
  started: { expr: "r.started_at", nullable: false },
  task: { expr: "r.task", nullable: false },
  agent: { expr: "r.agent", nullable: false },
  // A run with an unpriced call has no known cost: it sorts with the runs without a value, never as $0.
  cost: { expr: "r.usage_cost", nullable: true },
  tokens: { expr: "r.usage_tokens", nullable: false },
};

/** The metric a sort names, or null for a column sort. */
export function sortMetric(sort: string | undefined): MetricName | null {
  if (sort === undefined || (COLUMN_SORTS as readonly string[]).includes(sort)) return null;
  return MetricName.safeParse(sort).data ?? null;
}

/**
 * A metric result `m` that no later result of its run and metric replaces: the latest evaluation's, the one every
 * metric column, grid and comparison shows.
 */
export const LATEST_RESULT = `NOT EXISTS (SELECT 1 FROM metric_results n WHERE n.run_id = m.run_id AND n.metric = m.metric
    AND (n.created_at > m.created_at OR (n.created_at = m.created_at AND n.id > m.id)))`;

/** A row's place in an order: its segment (0: has a value, 1: none), its sort key and its id. */
export type Position = { seg: 0 | 1; key: string | number | null; id: string };

/** A cursor that does not belong to this list (another sort, or not a cursor at all). */
export class CursorError extends Error {}

/** An opaque cursor for the row at `pos` in `order`. */
export function encodeCursor(order: RunOrder, pos: Position): string {
  return Buffer.from(JSON.stringify([order.sort, order.dir, pos.seg, pos.key, pos.id])).toString("base64url");
}

/** The row a cursor names; `field` (`after`, `before`) is what the error names. */
export function decodeCursor(order: RunOrder, text: string, field: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const bad = (why: string) =>
    new CursorError(`${field}: ${why}; open the list's first page and follow its next/previous links`);
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 5 ||
    (parsed[2] !== 0 && parsed[2] !== 1) ||
    typeof parsed[4] !== "string" ||
    !(parsed[3] === null || typeof parsed[3] === "string" || typeof parsed[3] === "number")
  )
    throw bad("not a cursor of the runs list");
  if (parsed[0] !== order.sort || parsed[1] !== order.dir)
    throw bad(`a cursor of the list sorted by ${parsed[0]} ${parsed[1]}, not ${order.sort} ${order.dir}`);
  return { seg: parsed[2], key: parsed[3], id: parsed[4] };
}

type Dir = "ASC" | "DESC";
const flip = (d: Dir): Dir => (d === "ASC" ? "DESC" : "ASC");
const beyond = (d: Dir) => (d === "DESC" ? "<" : ">");

/** Where the ids come from: one segment's rows strictly beyond `bound` in direction `d`, up to `n`. */
type Source = {
  segments: readonly (0 | 1)[];
  fetch(seg: 0 | 1, d: Dir, bound: Position | null, n: number): { id: string; k: string | number | null }[];
};

/** The filtered runs (`where`, over `runs r`) as a source for `order`; `dense`: the filter keeps many of the runs. */
function sourceOf(
  db: SqlDb,
  where: { sql: string; values: SqlValue[] },
  order: RunOrder,
  dense: boolean,
): Source {
  const and = (sql: string) => (where.sql ? `${where.sql} AND ${sql}` : `WHERE ${sql}`);
  const q = (sql: string, values: SqlValue[]) =>
    db.query<{ id: string; k: string | number | null }, SqlValue[]>(sql).all(...values);
  const metric = sortMetric(order.sort);
  if (metric === null) {
    const column = COLUMN_KEYS[order.sort as keyof typeof COLUMN_KEYS] ?? COLUMN_KEYS.started;
    const { nullable } = column;
    // Few matches: read them through the filter's index and sort them, rather than walk the sort column's whole
    // index (SQLite's unary + keeps its planner off that index; PostgreSQL's weighs both from its statistics).
    const expr = !dense && db.dialect === "sqlite" ? `+${column.expr}` : column.expr;
    return {
      segments: nullable ? [0, 1] : [0],
      fetch(seg, d, bound, n) {
        const conds = [nullable ? `${expr} IS ${seg === 0 ? "NOT " : ""}NULL` : "1 = 1"];
        const values = [...where.values];
        if (bound && seg === 0) {
          conds.push(`(${expr}, r.id) ${beyond(d)} (?, ?)`);
          values.push(bound.key, bound.id);
        } else if (bound) {
          conds.push(`r.id ${beyond(d)} ?`);
          values.push(bound.id);
        }
        const by = seg === 0 ? `${expr} ${d}, r.id ${d}` : `r.id ${d}`;
        return q(
          `SELECT r.id AS id, ${expr} AS k FROM runs r ${and(conds.join(" AND "))} ORDER BY ${by} LIMIT ${n}`,
          values,
        );
      },
    };
  }
  const latest = LATEST_RESULT;
  const unvalued = `NOT EXISTS (SELECT 1 FROM metric_results m WHERE m.run_id = r.id AND m.metric = ? AND m.value IS NOT NULL AND ${latest})`;
  const nullRows = (d: Dir, bound: Position | null, n: number) =>
    q(
      `SELECT r.id AS id, NULL AS k FROM runs r ${and(`${unvalued}${bound ? ` AND r.id ${beyond(d)} ?` : ""}`)}
       ORDER BY r.id ${d} LIMIT ${n}`,
      [...where.values, metric, ...(bound ? [bound.id] : [])],
    );
  if (dense)
    // Many runs match: walk the metric's values in index order (metric_results_value) until the page is full.
    return {
      segments: [0, 1],
      fetch(seg, d, bound, n) {
        if (seg === 1) return nullRows(d, bound, n);
        const filters = where.sql.replace(/^WHERE /, "AND ");
        return q(
          `SELECT r.id AS id, m.value AS k FROM metric_results m JOIN runs r ON r.id = m.run_id
           WHERE m.metric = ? AND m.value IS NOT NULL ${filters} AND ${latest}
           ${bound ? `AND (m.value, m.run_id) ${beyond(d)} (?, ?)` : ""}
           ORDER BY m.value ${d}, m.run_id ${d} LIMIT ${n}`,
          [metric, ...where.values, ...(bound ? [bound.key, bound.id] : [])],
        );
      },
    };
  // Few runs match: read each one's latest value and sort them (cheaper than walking every value of the store).
  const value =
    "(SELECT x.value FROM metric_results x WHERE x.run_id = r.id AND x.metric = ? ORDER BY x.created_at DESC, x.id DESC LIMIT 1)";
  return {
    segments: [0, 1],
    fetch(seg, d, bound, n) {
      if (seg === 1) return nullRows(d, bound, n);
      return q(
        `SELECT s.id, s.k FROM (SELECT r.id AS id, ${value} AS k FROM runs r ${where.sql}) s
         WHERE s.k IS NOT NULL ${bound ? `AND (s.k, s.id) ${beyond(d)} (?, ?)` : ""}
         ORDER BY s.k ${d}, s.id ${d} LIMIT ${n}`,
        [metric, ...where.values, ...(bound ? [bound.key, bound.id] : [])],
      );
    },
  };
}

/** Up to `n` rows from `start` (exclusive; the list's end when null) in direction `d`, across segments. */
function walk(source: Source, d: Dir, start: Position | null, n: number): Position[] {
  const out: Position[] = [];
  for (let i = start ? Math.max(0, source.segments.indexOf(start.seg)) : 0; i < source.segments.length; i++) {
    if (out.length >= n) break;
    const seg = source.segments[i]!;
    const bound = start && seg === start.seg ? start : null;
    for (const r of source.fetch(seg, d, bound, n - out.length)) out.push({ seg, key: r.k, id: r.id });
  }
  return out;
}

/** A page of ids in `order`, and the cursors of the pages before and after it (null at either end). */
export type IdPage = { ids: string[]; next: string | null; prev: string | null };

/**
 * One page of the filtered runs' ids in `order`: the first `limit`, those after the `after` cursor, or those before
 * the `before` cursor (the first page when fewer than `limit` precede it). `dense`: the filter keeps enough runs that
 * walking a metric's index finds a page sooner than scoring every match.
 */
export function idPage(
  db: SqlDb,
  where: { sql: string; values: SqlValue[] },
  order: RunOrder,
  options: { limit: number; after?: string; before?: string; dense: boolean },
): IdPage {
  const source = sourceOf(db, where, order, options.dense);
  const dir: Dir = order.dir === "asc" ? "ASC" : "DESC";
  const limit = Math.max(1, Math.floor(options.limit));
  // Walking backwards reverses the segments as well as the direction.
  const back: Source = {
    segments: [...source.segments].reverse(),
    fetch: (seg, d, bound, n) => source.fetch(seg, flip(d), bound, n),
  };
  const cursor = (pos: Position | undefined) => (pos ? encodeCursor(order, pos) : null);
  if (options.before !== undefined) {
    const end = decodeCursor(order, options.before, "before");
    const rows = walk(back, dir, end, limit + 1);
    if (rows.length <= limit) return idPage(db, where, order, { limit, dense: options.dense });
    const shown = rows.slice(0, limit).reverse();
    return { ids: shown.map((p) => p.id), prev: cursor(shown[0]), next: cursor(shown.at(-1)) };
  }
  const start = options.after === undefined ? null : decodeCursor(order, options.after, "after");
  const rows = walk(source, dir, start, limit + 1);
  const shown = rows.slice(0, limit);
  const earlier = start !== null && shown.length > 0 && walk(back, dir, shown[0]!, 1).length > 0;
  return {
    ids: shown.map((p) => p.id),
    next: rows.length > limit ? cursor(shown.at(-1)) : null,
    prev: earlier ? cursor(shown[0]) : null,
  };
}
