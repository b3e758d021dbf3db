/** @module The runs page: filter by suite, task, split, agent, model, batch, status and date; sort by any metric, cost or tokens. */

import type { MetricName } from "../../core/index.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import { type RunRow, runPage, SEARCH_COUNT_CAP } from "../../store/run-pages.ts";
import type { StudioContext } from "../context.ts";
import { csvHeader, csvRows, type ExportColumn, type ExportFormat, toJsonl } from "../export.ts";
import { badge, type Column, escapeHtml, type Html, html, page, runCost, score, table } from "../html.ts";
import { LIVE_SCRIPT } from "../live-runs.ts";
import { filterOf, orderOf } from "../queries.ts";
import { urls } from "../urls.ts";

/** Runs per page; the pages before and after are a cursor link away (`after`, `before`: stable while runs are added). */
export const RUNS_SHOWN = 200;

/** The page's cursor (`after` or `before`; neither: the first page). */
export function cursorOf(query: Record<string, string>): { after?: string } | { before?: string } {
  if (query.after) return { after: query.after };
  if (query.before) return { before: query.before };
  return {};
}

/**
 * A run id as the list shows it: without its batch's prefix (the batch has its own column), cut to 12 characters;
 * the full id is the link's title and what exports carry.
 */
export function shortRunId(r: Pick<RunRow, "id" | "batch">): string {
  const own = r.batch && r.id.startsWith(`${r.batch}-`) ? r.id.slice(r.batch.length + 1) : r.id;
  return own.length > 12 ? `${own.slice(0, 12)}…` : own;
}

/** The runs table is the widest page: a tighter cell and one-line ids keep it within 1,440 px. */
const RUNS_CSS = `#f-q{width:17rem;max-width:100%}#runs{font-size:12px}#runs td,#runs th{padding:.2rem .35rem}#runs .run-link,#runs .nowrap{white-space:nowrap;font-variant-numeric:tabular-nums}`;

function statusBadge(status: string): Html {
  return badge(status, `b-${status}`);
}

export function runsPage(ctx: StudioContext, query: Record<string, string>): string {
  const filter = filterOf(query);
  const { sort, dir } = orderOf(query);
  // `limit`: a shorter page (1 to RUNS_SHOWN); kept by the pager's links.
  const asked = Number.parseInt(query.limit ?? "", 10);
  const limit = asked >= 1 && asked < RUNS_SHOWN ? asked : RUNS_SHOWN;
  const {
    rows: shown,
    total,
    next,
    prev,
  } = runPage(ctx.store.db, filter, {
    order: { sort, dir },
    limit,
    ...cursorOf(query),
  });
  const pageOf = (cursor: Record<string, string>) =>
    urls.runs({ ...current, sort, dir, ...(limit < RUNS_SHOWN ? { limit: String(limit) } : {}), ...cursor });
  const f = ctx.facets();
  const current = { ...filter } as Record<string, string | undefined>;
  const sortHref = (key: string) =>
    urls.runs({ ...current, sort: key, dir: sort === key && dir === "desc" ? "asc" : "desc" });
  const arrow = (key: string) => (sort === key ? (dir === "desc" ? " ▾" : " ▴") : "");

  const select = (name: keyof typeof f) =>
    html`<label>${name}<select name="${name}" id="f-${name}"><option value="">all</option>${f[name].map(
      (v) => html`<option${current[name] === v ? html` selected` : ""}>${v}</option>`,
    )}</select></label>`;
  const outcomes: [string, string][] = [
    ["failed", "failed runs"],
    ["unscored", "with an unscored metric"],
    ["not_applicable", "with a not-applicable metric"],
  ];
  const form = html`<form class="filters" method="get" action="${urls.runs()}">
    <label>search<input type="search" name="q" id="f-q" value="${current.q ?? ""}" placeholder="task, agent, model or report text"></label>
    <label>show<select name="outcome" id="f-outcome"><option value="">all runs</option>${outcomes.map(
      ([v, label]) =>
        html`<option value="${v}"${current.outcome === v ? html` selected` : ""}>${label}</option>`,
    )}</select></label>
    ${(["suite", "task", "split", "agent", "model", "batch", "status"] as const).map(select)}
    <label>from<input type="date" name="from" value="${current.from ?? ""}"></label>
    <label>to<input type="date" name="to" value="${current.to ?? ""}"></label>
    <input type="hidden" name="sort" value="${sort}"><input type="hidden" name="dir" value="${dir}">
    <button type="submit" id="apply">filter</button> <a href="${urls.runs()}">clear</a></form>`;

  const metricCols: Column<RunRow>[] = metricNames("drflow").map((m: MetricName) => ({
    label: `${metricLabel(m).short}${arrow(m)}`,
    href: sortHref(m),
    num: true,
    cell: (r) => {
      const c = r.metrics[m];
      if (!c) return html`<span class="muted">·</span>`;
      if (c.outcome === "not_applicable")
        return html`<span class="muted" title="nothing to score">n/a</span>`;
      if (c.outcome === "unscored")
        return html`<span class="loss" title="${c.unscored} unscored">unscored</span>`;
      return html`<a href="${urls.judgment(r.id, m)}">${score(c.value)}</a>`;
    },
  }));
  const columns: Column<RunRow>[] = [
    {
      label: "run",
      cell: (r) =>
        html`<a href="${urls.run(r.id)}" class="run-link" title="${r.id}" data-v="${r.id}">${shortRunId(r)}</a>`,
    },
    { label: `task${arrow("task")}`, href: sortHref("task"), cell: (r) => r.task },
    { label: "split", cell: (r) => r.split ?? "" },
    { label: `agent${arrow("agent")}`, href: sortHref("agent"), cell: (r) => r.agent },
    { label: "model", cell: (r) => r.model || html`<span class="muted">none</span>` },
    { label: "#", num: true, cell: (r) => r.repeat },
    { label: "status", cell: (r) => statusBadge(r.status) },
    ...metricCols,
    { label: `cost${arrow("cost")}`, href: sortHref("cost"), num: true, cell: (r) => runCost(r.usage) },
    {
      label: `tokens in/out${arrow("tokens")}`,
      href: sortHref("tokens"),
      num: true,
      cell: (r) => (r.usage.calls ? `${r.usage.listInputTokens} / ${r.usage.listOutputTokens}` : "—"),
    },
    {
      label: "batch",
      cell: (r) => (r.batch ? html`<a href="${urls.batch(r.batch)}" class="nowrap">${r.batch}</a>` : ""),
    },
    {
      label: `started${arrow("started")}`,
      href: sortHref("started"),
      cell: (r) =>
        html`<span class="nowrap" data-v="${r.started_at}" title="${r.started_at}">${r.started_at.slice(5, 16).replace("T", " ")}</span>`,
    },
  ];
  const body = html`${form}
    <p class="small muted"><span id="live-status"></span></p><p class="muted" id="run-count" data-live-part>${total > SEARCH_COUNT_CAP ? `more than ${SEARCH_COUNT_CAP}` : total} run(s)${next || prev ? html`, ${shown.length} shown <span class="pager">${prev ? html`<a href="${pageOf({})}" id="page-first">first</a> · <a href="${pageOf({ before: prev })}" id="page-prev" rel="prev">← previous</a>` : ""}${prev && next ? " · " : ""}${next ? html`<a href="${pageOf({ after: next })}" id="page-next" rel="next">next →</a>` : ""}</span>` : ""}. Scores ×100; <i>n/a</i>: nothing to score (e.g. no conditions); <i>unscored</i>: the judge's reply could not be used.</p>
    ${table(shown, columns, `id="runs" data-live-part data-export="${escapeHtml(urls.runsExport("{format}", { ...current, sort, dir }))}" data-live="${escapeHtml(urls.events({}))}"`)}`;
  return page({ title: "Runs", section: "runs", body, script: LIVE_SCRIPT, css: RUNS_CSS });
}

/** The columns of a runs export: the record, every metric ×100 (empty when not scored), its outcome, cost, tokens. */
function exportColumns(): ExportColumn<RunRow>[] {
  return [
    ...(["id", "batch", "task", "split", "agent", "model", "repeat", "status"] as const).map((k) => ({
      name: k,
      value: (r: RunRow) => r[k] ?? null,
    })),
    ...metricNames("drflow").flatMap((m) => [
      { name: m, value: (r: RunRow) => (r.metrics[m]?.value == null ? null : r.metrics[m]!.value! * 100) },
      { name: `${m}_outcome`, value: (r: RunRow) => r.metrics[m]?.outcome ?? null },
    ]),
    { name: "calls", value: (r) => r.usage.calls },
    { name: "cost_usd", value: (r) => (r.usage.listUnpricedCalls ? null : r.usage.listCostUsd) },
    { name: "unpriced_calls", value: (r) => r.usage.listUnpricedCalls },
    { name: "input_tokens", value: (r) => r.usage.listInputTokens },
    { name: "output_tokens", value: (r) => r.usage.listOutputTokens },
    { name: "started_at", value: (r) => r.started_at },
    { name: "finished_at", value: (r) => r.finished_at ?? null },
    { name: "error", value: (r) => r.error ?? null },
  ];
}

/**
 * Every run the page's filter matches (not only the page shown), in its order, as CSV or JSONL: written a cursor page
 * at a time, so an export of the whole store holds one page in memory.
 */
export function* runsFile(
  ctx: StudioContext,
  query: Record<string, string>,
  format: ExportFormat,
): Generator<string> {
  const filter = filterOf(query);
  const order = orderOf(query);
  const columns = exportColumns();
  let head = format === "csv" ? csvHeader(columns) : "";
  for (let after: string | null | undefined; after !== null; ) {
    const chunk = runPage(ctx.store.db, filter, { order, limit: EXPORT_CHUNK, ...(after ? { after } : {}) });
    yield head + (format === "csv" ? csvRows(chunk.rows, columns) : toJsonl(chunk.rows, columns));
    head = "";
    after = chunk.next;
  }
}
const EXPORT_CHUNK = 1000;
