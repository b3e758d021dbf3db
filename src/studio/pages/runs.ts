/** @module The runs page: filter by suite, task, split, agent, model, batch, status and date; sort by any metric, cost or tokens. */

import type { MetricName } from "../../core/index.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import { facets, RunPageFilter, type RunRow, runPage } from "../../store/run-pages.ts";
import type { StudioContext } from "../context.ts";
import { badge, type Column, type Html, html, page, runCost, score, table } from "../html.ts";
import { RUN_SORTS } from "../queries.ts";
import { urls } from "../urls.ts";

/** Runs per page; the rest are one `offset` link away. */
export const RUNS_SHOWN = 200;

function statusBadge(status: string): Html {
  return badge(status, `b-${status}`);
}

export function runsPage(ctx: StudioContext, query: Record<string, string>): string {
  const filter = RunPageFilter.parse(
    Object.fromEntries(Object.entries(query).filter(([k, v]) => v !== "" && k in RunPageFilter.shape)),
  );
  const sort = (RUN_SORTS as readonly string[]).includes(query.sort ?? "") ? query.sort! : "started";
  const dir = query.dir === "asc" ? "asc" : "desc";
  const offset = Math.max(0, Number.parseInt(query.offset ?? "0", 10) || 0);
  const { rows: shown, total } = runPage(ctx.store.db, filter, {
    order: { sort, dir },
    limit: RUNS_SHOWN,
    offset,
  });
  const f = facets(ctx.store.db);
  const current = { ...filter } as Record<string, string | undefined>;
  const sortHref = (key: string) =>
    urls.runs({ ...current, sort: key, dir: sort === key && dir === "desc" ? "asc" : "desc" });
  const arrow = (key: string) => (sort === key ? (dir === "desc" ? " ▾" : " ▴") : "");

  const select = (name: keyof typeof f) =>
    html`<label>${name}<select name="${name}" id="f-${name}"><option value="">all</option>${f[name].map(
      (v) => html`<option${current[name] === v ? html` selected` : ""}>${v}</option>`,
    )}</select></label>`;
  const form = html`<form class="filters" method="get" action="${urls.runs()}">
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
    { label: "run", cell: (r) => html`<a href="${urls.run(r.id)}" class="run-link">${r.id}</a>` },
    { label: `task${arrow("task")}`, href: sortHref("task"), cell: (r) => r.task },
    { label: "split", cell: (r) => r.split ?? "" },
    { label: `agent${arrow("agent")}`, href: sortHref("agent"), cell: (r) => r.agent },
    { label: "model", cell: (r) => r.model || html`<span class="muted">none</span>` },
    { label: "#", num: true, cell: (r) => r.repeat },
    { label: "status", cell: (r) => statusBadge(r.status) },
    ...metricCols,
    { label: `cost${arrow("cost")}`, href: sortHref("cost"), num: true, cell: (r) => runCost(r) },
    {
      label: `tokens in/out${arrow("tokens")}`,
      href: sortHref("tokens"),
      num: true,
      cell: (r) => (r.calls ? `${r.input_tokens} / ${r.output_tokens}` : "—"),
    },
    { label: "batch", cell: (r) => (r.batch ? html`<a href="${urls.batch(r.batch)}">${r.batch}</a>` : "") },
    {
      label: `started${arrow("started")}`,
      href: sortHref("started"),
      cell: (r) => r.started_at.slice(0, 19),
    },
  ];
  const body = html`${form}
    <p class="muted" id="run-count">${total} run(s)${total > shown.length ? html`, ${offset + 1}–${offset + shown.length} shown ${offset > 0 ? html`<a href="${urls.runs({ ...current, sort, dir, offset: String(Math.max(0, offset - RUNS_SHOWN)) })}">← previous</a>` : ""} ${offset + shown.length < total ? html`<a href="${urls.runs({ ...current, sort, dir, offset: String(offset + RUNS_SHOWN) })}">next →</a>` : ""}` : ""}. Scores ×100; <i>n/a</i>: nothing to score (e.g. no conditions); <i>unscored</i>: the judge's reply could not be used.</p>
    ${table(shown, columns, 'id="runs"')}`;
  return page({ title: "Runs", section: "runs", body });
}
