/** @module Notebook: two runs side by side — per-metric deltas with bootstrap CIs, per-task wins and losses, the steps where they differ. */

import { z } from "zod";
import {
  BOOTSTRAP,
  formatInterval,
  hasInterval,
  itemDifferences,
  MIN_PAIRS,
  metricDeltas,
  metricRows,
  type ScoredRun,
  winsLosses,
} from "../src/analysis/index.ts";
import { type MetricName, parseFields, Split } from "../src/core/index.ts";
import { metricLabel } from "../src/judge/index.ts";
import { reportFlowchart } from "../src/judge/report/flowchart.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { runsFor, suiteOf, type Want } from "./lib/data.ts";

export const title = "Compare — two runs side by side";

/** Offline default: the extractive agent against itself with a shallower retrieval depth. */
const DEFAULT_A = "extractive";
const DEFAULT_B = "extractive:searchLimit=4";

export default async function compare(nb: NotebookApi): Promise<void> {
  const p = nb.settings.params;
  const a = p.a ?? DEFAULT_A;
  const b = p.b ?? DEFAULT_B;
  // A parameter is checked like a file's field: one "params: $.split: expected …" line, never a zod dump.
  const { split } = parseFields(z.object({ split: Split.default("original") }), p, "notebook compare params");
  const model = p.model ?? nb.settings.model;
  nb.md(
    `**A** = \`${a}\`, **B** = \`${b}\`, ${split} split of the \`${suiteOf(nb.settings)}\` suite, judged by the lexical judge${model ? `, LLM agents on ${model}` : ""}. Choose others with \`bun run nb compare a=<agent spec> b=<agent spec> [split=mixed] [model=<handle>]\` or \`POST /notebooks/compare/run\` with \`{"params": {…}}\`.`,
  );

  const runsOf = async (spec: string): Promise<ScoredRun[]> => {
    const want: Want = {
      suite: suiteOf(nb.settings),
      splits: [split],
      agents: [spec],
      models: model ? [model] : [],
      repeats: 1,
      judge: "lexical",
    };
    return runsFor(nb.settings, want, { warn: nb.md });
  };
  const ra = await runsOf(a);
  const rb = await runsOf(b);
  const rowsA = metricRows(ra);
  const rowsB = metricRows(rb);

  nb.md(
    `## Per-metric deltas (B − A)\n\nMeans over the ${new Set(ra.map((r) => r.task)).size} tasks both scored; the interval is a seeded paired bootstrap over tasks (${BOOTSTRAP.resamples.toLocaleString("en")} resamples, ${BOOTSTRAP.level * 100}%, seed ${BOOTSTRAP.seed}, the studio's compare page's too; no interval for fewer than ${MIN_PAIRS} tasks).`,
  );
  const deltas = metricDeltas(rowsA, rowsB, BOOTSTRAP);
  nb.table(
    deltas.map((d) => ({
      metric: metricLabel(d.metric).short,
      A: d.a * 100,
      B: d.b * 100,
      "Δ (B − A)": d.ci.estimate * 100,
      "95% CI": formatInterval(d.ci),
      tasks: d.ci.n,
    })),
    { caption: "Per-metric deltas with bootstrap confidence intervals (×100)" },
  );
  nb.plot(
    {
      width: 760,
      height: 60 + 36 * Math.max(1, deltas.length),
      marginLeft: 110,
      x: { label: "Δ B − A (×100), 95% bootstrap CI", grid: true },
      y: { label: null },
      marks: [
        nb.Plot.ruleX([0], { stroke: "#57606a" }),
        nb.Plot.ruleY(
          deltas.filter((d) => hasInterval(d.ci)),
          {
            y: (d) => metricLabel(d.metric as MetricName).short,
            x1: (d) => d.ci.low * 100,
            x2: (d) => d.ci.high * 100,
            strokeWidth: 3,
            stroke: "#1f77b4",
          },
        ),
        nb.Plot.dot(deltas, {
          y: (d) => metricLabel(d.metric as MetricName).short,
          x: (d) => d.ci.estimate * 100,
          r: 5,
          fill: "#1f77b4",
          tip: true,
        }),
      ],
    },
    "Each metric's mean difference with its interval; intervals crossing 0 are not a reliable difference.",
  );

  nb.md("## Per-task wins and losses (F1)");
  const wl = winsLosses(rowsA, rowsB, "f1");
  nb.md(
    `B wins **${wl.wins}**, loses **${wl.losses}**, ties **${wl.ties}** of ${wl.tasks.length} tasks on F1.`,
  );
  nb.table(
    wl.tasks.map((t) => ({ task: t.task, "A F1": t.a * 100, "B F1": t.b * 100, "B vs A": t.outcome })),
    { caption: "F1 per task" },
  );

  nb.md(
    "## Where the workflows differ\n\nGold steps (recall) and conditions (condition resolution) that the two runs scored differently or matched differently, per task.",
  );
  const byTaskA = new Map(ra.map((r) => [r.task, r]));
  const diffs = rb.flatMap((runB) => {
    const runA = byTaskA.get(runB.task);
    if (!runA) return [];
    return (["recall", "condition_resolution"] as MetricName[]).flatMap((metric) => {
      const ia = runA.metrics.find((m) => m.metric === metric)?.items ?? [];
      const ib = runB.metrics.find((m) => m.metric === metric)?.items ?? [];
      return itemDifferences(ia, ib).map((d) => ({
        task: runB.task,
        metric: metricLabel(metric).short,
        item: d.id,
        "A score": d.a?.score ?? null,
        "A matched": d.a?.matched ?? "—",
        "B score": d.b?.score ?? null,
        "B matched": d.b?.matched ?? "—",
      }));
    });
  });
  if (diffs.length === 0) nb.md("The two runs scored every gold step and condition identically.");
  else
    nb.table(diffs.slice(0, 60), {
      caption: `${diffs.length} differing items${diffs.length > 60 ? " (first 60 shown)" : ""}`,
    });

  const widest = wl.tasks.slice().sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a))[0];
  const pairA = widest ? byTaskA.get(widest.task) : undefined;
  const pairB = widest ? rb.find((r) => r.task === widest.task) : undefined;
  if (pairA?.report && pairB?.report) {
    nb.md(
      `## Side by side: \`${widest!.task}\`\n\nThe task where F1 differs most (A ${(widest!.a * 100).toFixed(1)} vs B ${(widest!.b * 100).toFixed(1)}).`,
    );
    nb.mermaid(reportFlowchart(pairA.report), `A — ${a}`);
    nb.mermaid(reportFlowchart(pairB.report), `B — ${b}`);
  }
}
