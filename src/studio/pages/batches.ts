/** @module Batches: the list, and one batch as a grid (agent × model rows, split columns) with mean ± std and outcome counts per cell. */

import { aggregate, formatMeanStd } from "../../analysis/index.ts";
import { MetricName } from "../../core/index.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import { batchRows, type RunRow, runRows, splitOrder } from "../../store/run-pages.ts";
import type { StudioContext } from "../context.ts";
import { type Html, html, page, score, table } from "../html.ts";
import { LIVE_SCRIPT } from "../live-runs.ts";
import { scoreRows } from "../queries.ts";
import { urls } from "../urls.ts";
import { paperMarksForSplit } from "./paper.ts";

export function batchesPage(ctx: StudioContext): string {
  const rows = batchRows(ctx.store.db);
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
  return page({ title: "Batches", section: "batches", body, script: LIVE_SCRIPT });
}

type Counts = { scored: number; not_applicable: number; unscored: number; failed: number };

/** Per run of a cell: scored, not applicable, unscored (the judge failed, or a finished run has no such result), failed. */
function counts(runs: readonly RunRow[], metric: MetricName): Counts {
  const c: Counts = { scored: 0, not_applicable: 0, unscored: 0, failed: 0 };
  for (const r of runs) {
    if (r.status === "failed") c.failed++;
    else {
      const m = r.metrics[metric];
      c[m ? m.outcome : "unscored"]++;
    }
  }
  return c;
}

/** A configuration of a batch: the grid's column. */
type Config = { agent: string; model: string; split: string };

/** Tasks × configurations for one metric: each task's score per configuration, linked to its run(s). */
function taskGrid(
  batch: string,
  runs: readonly RunRow[],
  metric: MetricName,
  splits: readonly string[],
): Html {
  const configs: Config[] = [
    ...new Map(
      runs.map((r) => {
        const c = { agent: r.agent, model: r.model, split: r.split ?? "original" };
        return [JSON.stringify([c.agent, c.model, c.split]), c] as const;
      }),
    ).values(),
  ].sort(
    (x, y) =>
      `${x.agent}\u0000${x.model}`.localeCompare(`${y.agent}\u0000${y.model}`) ||
      splits.indexOf(x.split) - splits.indexOf(y.split),
  );
  const tasks = [...new Set(runs.map((r) => r.task))].sort();
  const byCell = new Map<string, RunRow[]>();
  for (const r of runs) {
    const key = JSON.stringify([r.task, r.agent, r.model, r.split ?? "original"]);
    byCell.set(key, [...(byCell.get(key) ?? []), r]);
  }
  const cell = (task: string, c: Config): Html => {
    const inCell = byCell.get(JSON.stringify([task, c.agent, c.model, c.split])) ?? [];
    if (inCell.length === 0) return html`<span class="muted">not run</span>`;
    const href =
      inCell.length === 1
        ? urls.run(inCell[0]!.id)
        : urls.runs({ batch, task, agent: c.agent, split: c.split, ...(c.model ? { model: c.model } : {}) });
    const values = inCell.flatMap((r) =>
      r.metrics[metric]?.value == null ? [] : [r.metrics[metric]!.value!],
    );
    if (values.length) {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      return html`<a href="${href}" data-v="${score(mean)}">${score(mean)}</a>${inCell.length > 1 ? html` <span class="small muted">×${inCell.length}</span>` : ""}`;
    }
    const why = inCell.some((r) => r.status === "failed")
      ? ["failed", "loss"]
      : inCell.some((r) => r.status === "running")
        ? ["running", "muted"]
        : inCell.some((r) => r.metrics[metric]?.outcome === "not_applicable")
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
  const runs = runRows(ctx.store.db, { batch });
  if (runs.length === 0) return null;
  const metric = MetricName.safeParse(query.metric).data ?? "f1";
  const splits = splitOrder(runs.map((r) => r.split ?? "original"));
  const rowKeys = [...new Set(runs.map((r) => JSON.stringify([r.agent, r.model])))].sort();
  const scores = scoreRows(runs);
  const cells = new Map(
    aggregate(scores, ["agent", "model", "split"]).map((c) => [
      JSON.stringify([c.group.agent, c.group.model, c.group.split]),
      c,
    ]),
  );
  const cellOf = (agent: string, model: string, split: string) => {
    const inCell = runs.filter(
      (r) => r.agent === agent && r.model === model && (r.split ?? "original") === split,
    );
    return { runs: inCell, agg: cells.get(JSON.stringify([agent, model, split])) };
  };
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
          const { runs: inCell, agg } = cellOf(agent, model, split);
          if (inCell.length === 0) return html`<span class="muted">not run</span>`;
          const ms = agg?.metrics[metric];
          const n = counts(inCell, metric);
          const compareSide = { batch, agent, ...(model ? { model } : {}), split };
          return html`<div class="num"><b>${ms ? formatMeanStd(ms) : "—"}</b></div>
          <div class="small muted">${n.scored} scored · ${n.not_applicable} n/a · ${n.unscored} unscored${n.failed ? ` · ${n.failed} failed` : ""}</div>
          <div class="small"><a href="${urls.runs({ batch, agent, split, ...(model ? { model } : {}) })}">runs</a> · <a href="${urls.compare(compareSide, {})}">compare…</a></div>`;
        },
      })),
    ],
    'class="grid" id="batch-grid" data-live-part',
  );

  const allMetrics = table(
    [...cells.values()].sort(
      (x, y) =>
        `${x.group.agent}\u0000${x.group.model}`.localeCompare(`${y.group.agent}\u0000${y.group.model}`) ||
        splits.indexOf(String(x.group.split)) - splits.indexOf(String(y.group.split)),
    ),
    [
      { label: "agent", cell: (c) => c.group.agent },
      { label: "model", cell: (c) => c.group.model || "none" },
      { label: "split", cell: (c) => c.group.split },
      { label: "tasks", num: true, cell: (c) => c.tasks },
      { label: "repeats", num: true, cell: (c) => c.repeats },
      ...metricNames("drflow").map((m) => ({
        label: metricLabel(m).short,
        num: true,
        cell: (c: typeof cells extends Map<string, infer V> ? V : never) =>
          c.metrics[m] ? formatMeanStd(c.metrics[m]!) : "—",
      })),
    ],
    'id="all-metrics" data-live-part',
  );
  const body = html`<p class="muted" id="batch-count" data-live-part data-live="${urls.events({ batch })}"><span id="live-status" class="badge"></span> ${runs.length} runs (${runs.filter((r) => r.status === "done").length} done, ${runs.filter((r) => r.status === "failed").length} failed, ${runs.filter((r) => r.status === "running").length} running) · <a href="${urls.runs({ batch })}">all runs of this batch</a></p>
    <h2>Grid: ${metricLabel(metric).long}</h2>
    <p class="small">metric: ${metricLinks}</p>
    <p class="small muted">Each cell: mean over tasks (×100) ± standard deviation over repeats; runs scored · not applicable (nothing to score) · unscored (judge reply unusable, or no result).</p>
    ${grid}
    <h2>Per task: ${metricLabel(metric).long}</h2>
    <p class="small muted">One row per task, one column per configuration (agent · model · split); a cell is the task's score (×100, the mean when repeated) and opens its run.</p>
    ${taskGrid(batch, runs, metric, splits)}
    <h2>All metrics</h2>${allMetrics}
    ${paperMarksForSplit(splits)}`;
  return page({ title: `Batch ${batch}`, section: "batches", body, script: LIVE_SCRIPT });
}
