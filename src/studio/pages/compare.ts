/**
 * @module Compare two runs or two sets of runs (a batch, narrowed by agent spec, model or split): per-metric deltas
 * with seeded paired bootstrap intervals, per-task wins and losses, and one task's two reports aligned to the gold.
 */

import {
  BOOTSTRAP,
  formatInterval,
  MIN_PAIRS,
  metricDeltas,
  type ScoreRow,
  winsLosses,
} from "../../analysis/index.ts";
import { MetricName, type Report } from "../../core/index.ts";
import { goldSteps } from "../../judge/gold.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import { judgedSteps } from "../../judge/predicted.ts";
import { type RunRow, runRows } from "../../store/run-pages.ts";
import { type SideScores, sideScores, sideSize } from "../../store/side-scores.ts";
import type { StudioContext } from "../context.ts";
import { type Html, html, page, roleBadge, score, table } from "../html.ts";
import { resolveReference } from "../sources.ts";
import { type Side, urls } from "../urls.ts";

const SIDE_KEYS = ["run", "batch", "agent", "model", "split"] as const;

export function sideOf(query: Record<string, string>, prefix: "a" | "b"): Side {
  const side: Side = {};
  for (const k of SIDE_KEYS) {
    const v = query[`${prefix}.${k}`];
    if (v) side[k] = v;
  }
  return side;
}

function describe(side: Side): string {
  if (side.run) return `run ${side.run}`;
  return (
    SIDE_KEYS.filter((k) => side[k])
      .map((k) => `${k} ${side[k]}`)
      .join(" · ") || "all runs"
  );
}

function form(ctx: StudioContext, a: Side, b: Side, metric: string): Html {
  const f = ctx.facets();
  const sel = (prefix: string, key: "batch" | "agent" | "model" | "split", side: Side) =>
    html`<label>${key}<select name="${prefix}.${key}" id="${prefix}-${key}"><option value="">any</option>${f[
      key
    ].map((v) => html`<option${side[key] === v ? html` selected` : ""}>${v}</option>`)}</select></label>`;
  const fields = (prefix: "a" | "b", side: Side) =>
    html`<fieldset><legend>${prefix.toUpperCase()}</legend>${(["batch", "agent", "model", "split"] as const).map((k) => sel(prefix, k, side))}
      <label>or run id<input name="${prefix}.run" id="${prefix}-run" value="${side.run ?? ""}" size="30"></label></fieldset>`;
  return html`<form class="filters" method="get" action="/studio/compare">${fields("a", a)}${fields("b", b)}
    <label>wins/losses on<select name="metric">${metricNames("drflow").map((m) => html`<option value="${m}"${m === metric ? html` selected` : ""}>${metricLabel(m).short}</option>`)}</select></label>
    <button type="submit" id="compare">compare</button></form>`;
}

function recallMap(ctx: StudioContext, runId: string) {
  const recall = ctx.store.metrics({ run: runId, metric: "recall" }).at(-1)?.result;
  return new Map((recall?.items ?? []).map((i) => [i.id, i]));
}

function predSteps(report: Report | null) {
  if (!report) return new Map<string, Report["personalized_workflow"][number]>();
  return new Map(judgedSteps(report).map((s) => [`PRED_STEP_${s.item}`, s]));
}

async function taskDetail(ctx: StudioContext, runA: RunRow, runB: RunRow): Promise<Html> {
  const loaded = await ctx.task(runA.task);
  if (!loaded) return html`<p class="muted">task ${runA.task} is not under the tasks root</p>`;
  const gold = goldSteps(loaded.task);
  const sides = [runA, runB].map((r) => {
    const report = ctx.store.getReport(r.id);
    return { run: r, report, recall: recallMap(ctx, r.id), steps: predSteps(report) };
  });
  const cell = (side: (typeof sides)[number], goldId: string): Html => {
    const item = side.recall.get(goldId);
    if (!item?.matched) return html`<span class="loss">missed</span>`;
    const s = side.steps.get(item.matched);
    const roles = (s?.citations ?? []).map((k) => {
      const ref = side.report?.references.find((x) => x.key === k);
      const e = ref ? resolveReference(loaded, ref) : null;
      return e
        ? html`<a href="${urls.document(side.run.task, e.id, side.run.id)}">${k}</a>${roleBadge(e.role)} `
        : html`${k} `;
    });
    return html`<span class="win">found</span> <b>${s?.title ?? item.matched}</b> <span class="small muted">sim ${item.confidence?.toFixed(3) ?? "—"}</span><div class="small">${roles}</div>`;
  };
  const unmatched = (side: (typeof sides)[number]) => {
    const used = new Set([...side.recall.values()].map((i) => i.matched).filter(Boolean));
    return [...side.steps.entries()].filter(([id]) => !used.has(id)).map(([, s]) => s.title);
  };
  return html`<h2 id="task-detail">${runA.task}: the two reports aligned to the gold</h2>
    <p class="small">A: <a href="${urls.run(runA.id)}">${runA.id}</a> · B: <a href="${urls.run(runB.id)}">${runB.id}</a> — alignment from each run's recall decisions; badges mark the role of each cited document (adjacent = the look-alike case).</p>
    ${table(
      gold,
      [
        { label: "gold step", cell: (g) => html`<b>${g.item}.</b> ${g.title}` },
        { label: "A", cell: (g) => cell(sides[0]!, g.id) },
        { label: "B", cell: (g) => cell(sides[1]!, g.id) },
      ],
      'id="side-by-side"',
    )}
    <div class="cols"><div><b>A's steps matching no gold step</b><ul>${unmatched(sides[0]!).map((t) => html`<li>${t}</li>`)}</ul></div>
    <div><b>B's steps matching no gold step</b><ul>${unmatched(sides[1]!).map((t) => html`<li>${t}</li>`)}</ul></div></div>`;
}

export async function comparePage(ctx: StudioContext, query: Record<string, string>): Promise<string> {
  const a = sideOf(query, "a");
  const b = sideOf(query, "b");
  const metric = MetricName.safeParse(query.metric).data ?? "f1";
  const seed = Number.isInteger(Number(query.seed)) && query.seed ? Number(query.seed) : BOOTSTRAP.seed;
  const head = form(ctx, a, b, metric);
  if (Object.keys(a).length === 0 || Object.keys(b).length === 0) {
    return page({
      title: "Compare",
      section: "compare",
      body: html`${head}<p class="muted">Choose two sides: a run id each, or a batch narrowed by agent spec, model or split.</p>`,
    });
  }
  // Runs are paired per task, and per split too when a side holds more than one split; the means come from SQL.
  const size = { a: sideSize(ctx.store.db, a), b: sideSize(ctx.store.db, b) };
  const bySplit = size.a.splits > 1 || size.b.splits > 1;
  const sides = { a: sideScores(ctx.store.db, a, bySplit), b: sideScores(ctx.store.db, b, bySplit) };
  const rows = (s: SideScores): ScoreRow[] =>
    s.means.flatMap((m) => {
      const metric = MetricName.safeParse(m.metric);
      if (!metric.success) return [];
      return [
        {
          run_id: s.runOf.get(m.key) ?? "",
          task: m.key,
          domain: "",
          agent: "",
          agent_options: {},
          model: "",
          split: "original",
          repeat: 0,
          metric: metric.data,
          value: m.value,
          not_applicable: false,
        },
      ];
    });
  const sa = rows(sides.a);
  const sb = rows(sides.b);
  const deltas = metricDeltas(sa, sb, { seed, resamples: BOOTSTRAP.resamples });
  const wl = winsLosses(sa, sb, metric);
  const ka = sides.a.runOf;
  const kb = sides.b.runOf;
  const self = (extra: Record<string, string>) =>
    urls.compare(a, b, { metric, ...(query.seed ? { seed: query.seed } : {}), ...extra });

  const detailKey = query.task;
  const runRow = (id: string | undefined) => (id ? runRows(ctx.store.db, { run: id })[0] : undefined);
  const detailA = detailKey ? runRow(ka.get(detailKey)) : undefined;
  const detailB = detailKey ? runRow(kb.get(detailKey)) : undefined;
  const detail = detailA && detailB ? await taskDetail(ctx, detailA, detailB) : html``;

  const body = html`${head}
    <p><b>A</b>: ${describe(a)} — ${size.a.runs} finished run(s) · <b>B</b>: ${describe(b)} — ${size.b.runs} finished run(s)</p>
    <h2>Per-metric deltas (B − A)</h2>
    <p class="small muted">Means over the tasks (task × split when a side spans splits) both sides scored (×100); 95% paired percentile bootstrap over those pairs, ${BOOTSTRAP.resamples} resamples, seed ${seed} (src/analysis/bootstrap.ts, the compare notebook's too); no interval for fewer than ${MIN_PAIRS} pairs.</p>
    ${
      deltas.length
        ? table(
            deltas,
            [
              { label: "metric", cell: (d) => metricLabel(d.metric).long },
              { label: "A", num: true, cell: (d) => score(d.a) },
              { label: "B", num: true, cell: (d) => score(d.b) },
              {
                label: "Δ",
                num: true,
                cell: (d) =>
                  html`<span class="${d.ci.estimate > 0 ? "win" : d.ci.estimate < 0 ? "loss" : ""}">${(d.ci.estimate * 100).toFixed(2)}</span>`,
              },
              {
                label: "95% CI",
                num: true,
                cell: (d) => formatInterval(d.ci),
              },
              { label: "pairs", num: true, cell: (d) => d.ci.n },
            ],
            'id="deltas"',
          )
        : html`<p class="muted">No metric was scored on a task both sides ran.</p>`
    }
    <h2>Per task: ${metricLabel(metric).long}</h2>
    <p><span class="win">${wl.wins} win(s) for B</span> · <span class="loss">${wl.losses} loss(es)</span> · ${wl.ties} tie(s)</p>
    ${table(
      wl.tasks,
      [
        { label: "task", cell: (t) => html`<a href="${self({ task: t.task })}#task-detail">${t.task}</a>` },
        {
          label: "A",
          num: true,
          cell: (t) => html`<a href="${urls.run(ka.get(t.task) ?? "")}">${score(t.a)}</a>`,
        },
        {
          label: "B",
          num: true,
          cell: (t) => html`<a href="${urls.run(kb.get(t.task) ?? "")}">${score(t.b)}</a>`,
        },
        {
          label: "B vs A",
          cell: (t) =>
            html`<span class="${t.outcome === "win" ? "win" : t.outcome === "loss" ? "loss" : ""}">${t.outcome}</span>`,
        },
      ],
      'id="wins"',
    )}
    ${detail}`;
  return page({ title: "Compare", section: "compare", body });
}
