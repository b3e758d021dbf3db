/** @module Batches: the list, and one batch as a grid (agent × model rows, split columns) with mean ± std and outcome counts per cell. */

import { formatMeanStd, meanStd } from "../../analysis/index.ts";
import { MetricName } from "../../core/index.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import {
  batchSummary,
  type ConfigKey,
  type ConfigSummary,
  type TaskCell,
  taskCells,
} from "../../store/batch-summary.ts";
import { batchRows, splitOrder } from "../../store/run-pages.ts";
import type { StudioContext } from "../context.ts";
import { type Html, html, page, score, table } from "../html.ts";
import { LIVE_SCRIPT } from "../live-runs.ts";
import { urls } from "../urls.ts";
import { paperMarksForSplit } from "./paper.ts";

/** Batches per page of the list; the next page is a cursor link away. */
export const BATCHES_SHOWN = 100;

export function batchesPage(ctx: StudioContext, query: Record<string, string> = {}): string {
  const { rows, next } = batchRows(ctx.store.db, {
    limit: BATCHES_SHOWN,
    ...(query.after ? { after: query.after } : {}),
  });
  const pager =
    next || query.after
      ? html`<p class="small pager">${query.after ? html`<a href="${urls.batches()}" id="page-first">first</a>` : ""}${query.after && next ? " · " : ""}${next ? html`<a href="${urls.batches()}?after=${next}" id="page-next" rel="next">next →</a>` : ""}</p>`
      : "";
  const body = rows.length
    ? table(
        rows,
        [
          { label: "batch", cell: (b) => html`<a href="${urls.batch(b.batch)}">${b.batch}</a>` },
          { label: "runs", num: true, cell: (b) => b.runs },
          { label: "done", num: true, cell: (b) => b.done },
          { label: "failed", num: true, cell: (b) => b.failed },
          { label: "tasks", num: true, cell: (b) => b.tasks },
          { label: "agents", cell: (b) => b.agents },
          { label: "splits", cell: (b) => splitOrder((b.splits ?? "").split(",")).join(", ") },
          { label: "models", cell: (b) => b.models || "none" },
          { label: "started", cell: (b) => b.started_at.slice(0, 19) },
          {
            label: "",
            cell: (b) => html`<a href="${urls.runs({ batch: b.batch })}">runs</a>`,
          },
        ],
        `id="batches" data-live-part data-live="${urls.events({})}"`,
      )
    : html`<p>No batches yet: <code>bun run drflow eval …</code> or <code>bun run demo</code> record one.</p>`;
  return page({ title: "Batches", section: "batches", body: html`${body}${pager}`, script: LIVE_SCRIPT });
}

/** Per run of a cell: scored, not applicable, unscored (the judge failed, or a finished run has no such result), failed. */
function counts(c: ConfigSummary, metric: MetricName) {
  const m = c.metrics[metric];
  const scored = m?.scored ?? 0;
  const not_applicable = m?.not_applicable ?? 0;
  return { scored, not_applicable, unscored: c.runs - c.failed - scored - not_applicable, failed: c.failed };
}

/** A configuration's mean ± std over repeats for one metric. */
const figure = (c: ConfigSummary, metric: MetricName) => meanStd(c.metrics[metric]?.repeatMeans ?? []);

/** Agent and model, then the benchmark's split order: how configurations are listed. */
function byConfig(splits: readonly string[]) {
  return (x: ConfigKey, y: ConfigKey) =>
    `${x.agent}\u0000${x.model}`.localeCompare(`${y.agent}\u0000${y.model}`) ||
    splits.indexOf(x.split) - splits.indexOf(y.split);
}

/** Tasks × configurations for one metric: each task's score per configuration, linked to its run(s). */
function taskGrid(batch: string, cells: readonly TaskCell[], configs: readonly ConfigKey[]): Html {
  const tasks = [...new Set(cells.map((c) => c.task))].sort();
  const byCell = new Map(cells.map((c) => [JSON.stringify([c.task, c.agent, c.model, c.split]), c]));
  const cell = (task: string, c: ConfigKey): Html => {
    const inCell = byCell.get(JSON.stringify([task, c.agent, c.model, c.split]));
    if (!inCell) return html`<span class="muted">not run</span>`;
    const href = inCell.run
      ? urls.run(inCell.run)
      : urls.runs({ batch, task, agent: c.agent, split: c.split, ...(c.model ? { model: c.model } : {}) });
    if (inCell.mean !== null)
      return html`<a href="${href}" data-v="${score(inCell.mean)}">${score(inCell.mean)}</a>${inCell.runs > 1 ? html` <span class="small muted">×${inCell.runs}</span>` : ""}`;
    const why = inCell.failed
      ? ["failed", "loss"]
      : inCell.running
        ? ["running", "muted"]
        : inCell.not_applicable
          ? ["n/a", "muted"]
          : ["unscored", "loss"];
    return html`<a href="${href}" class="${why[1]}">${why[0]}</a>`;
  };
  return table(
    tasks,
    [
      { label: "task", cell: (t) => t },
      ...configs.map((c) => ({
        label: `${c.agent}${c.model ? ` · ${c.model}` : ""} · ${c.split}`,
        num: true,
        cell: (t: string) => cell(t, c),
      })),
    ],
    'id="task-grid" data-live-part',
  );
}

export function batchPage(ctx: StudioContext, batch: string, query: Record<string, string>): string | null {
  const configs = batchSummary(ctx.store.db, batch);
  if (configs.length === 0) return null;
  const metric = MetricName.safeParse(query.metric).data ?? "f1";
  const splits = splitOrder(configs.map((c) => c.split));
  configs.sort(byConfig(splits));
  const rowKeys = [...new Set(configs.map((c) => JSON.stringify([c.agent, c.model])))].sort();
  const configOf = (agent: string, model: string, split: string) =>
    configs.find((c) => c.agent === agent && c.model === model && c.split === split);
  const metricLinks = metricNames("drflow").map((m) =>
    m === metric
      ? html`<b>${metricLabel(m).short}</b> `
      : html`<a href="${urls.batch(batch, m)}">${metricLabel(m).short}</a> `,
  );
  const gridRows = rowKeys.map((k) => JSON.parse(k) as [string, string]);
  const grid = table(
    gridRows,
    [
      { label: "agent", cell: ([a]) => a },
      { label: "model", cell: ([, m]) => m || "none" },
      ...splits.map((split) => ({
        label: split,
        cell: ([agent, model]: [string, string]) => {
          const c = configOf(agent, model, split);
          if (!c) return html`<span class="muted">not run</span>`;
          const n = counts(c, metric);
          const compareSide = { batch, agent, ...(model ? { model } : {}), split };
          return html`<div class="num"><b>${formatMeanStd(figure(c, metric))}</b></div>
          <div class="small muted">${n.scored} scored · ${n.not_applicable} n/a · ${n.unscored} unscored${n.failed ? ` · ${n.failed} failed` : ""}</div>
          <div class="small"><a href="${urls.runs({ batch, agent, split, ...(model ? { model } : {}) })}">runs</a> · <a href="${urls.compare(compareSide, {})}">compare…</a></div>`;
        },
      })),
    ],
    'class="grid" id="batch-grid" data-live-part',
  );

  const allMetrics = table(
    configs.filter((c) => c.tasks > 0),
    [
      { label: "agent", cell: (c) => c.agent },
      { label: "model", cell: (c) => c.model || "none" },
      { label: "split", cell: (c) => c.split },
      { label: "tasks", num: true, cell: (c) => c.tasks },
      { label: "repeats", num: true, cell: (c) => c.repeats },
      ...metricNames("drflow").map((m) => ({
        label: metricLabel(m).short,
        num: true,
        cell: (c: ConfigSummary) => formatMeanStd(figure(c, m)),
      })),
    ],
    'id="all-metrics" data-live-part',
  );
  const sum = (k: "runs" | "done" | "failed" | "running") => configs.reduce((t, c) => t + c[k], 0);
  const body = html`<p class="muted" id="batch-count" data-live-part data-live="${urls.events({ batch })}"><span id="live-status" class="badge"></span> ${sum("runs")} runs (${sum("done")} done, ${sum("failed")} failed, ${sum("running")} running) · <a href="${urls.runs({ batch })}">all runs of this batch</a></p>
    <h2>Grid: ${metricLabel(metric).long}</h2>
    <p class="small">metric: ${metricLinks}</p>
    <p class="small muted">Each cell: mean over tasks (×100) ± standard deviation over repeats; runs scored · not applicable (nothing to score) · unscored (judge reply unusable, or no result).</p>
    ${grid}
    <h2>Per task: ${metricLabel(metric).long}</h2>
    <p class="small muted">One row per task, one column per configuration (agent · model · split); a cell is the task's score (×100, the mean when repeated) and opens its run.</p>
    ${taskGrid(batch, taskCells(ctx.store.db, batch, metric), configs)}
    <h2>All metrics</h2>${allMetrics}
    ${paperMarksForSplit(splits)}`;
  return page({ title: `Batch ${batch}`, section: "batches", body, script: LIVE_SCRIPT });
}
