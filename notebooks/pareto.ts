/** @module Notebook: cost per report against F1 and condition resolution, with the Pareto frontier drawn (Figure G.1). */

import {
  aggregate,
  type CostPoint,
  costPerReport,
  costRows,
  metricRows,
  paretoFrontier,
} from "../src/analysis/index.ts";
import type { MetricName } from "../src/core/index.ts";
import { metricLabel } from "../src/judge/index.ts";
import { formatCost } from "../src/llm/index.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { goldFlowchart, inSuite, offlineWant, runsFor, suiteOf } from "./lib/data.ts";
import { PAPER_COLOR, paperCallout, paperCostMarks } from "./lib/paper.ts";

export const title = "Cost vs performance — the Pareto frontier";

type Point = CostPoint & {
  agent: string;
  model: string;
  onFrontier: boolean;
  unpriced: boolean;
  /** The cost as a table shows it: "$0.0123", or "≥ $0.0123 (4 calls unpriced)" / "unpriced (4 calls)". */
  costText: string;
};

export default async function pareto(nb: NotebookApi): Promise<void> {
  const { model } = nb.settings;
  nb.md(
    `Each point is one agent × model: **cost per report** is the mean USD of a run's model calls (recorded by the model layer at the provider's prices; cached calls cost nothing), against its mean score on the \`${suiteOf(nb.settings)}\` suite's original split. A point is on the **Pareto frontier** when no other point is at least as cheap and at least as good (Figure G.1 of the paper prices reports by tokenizing them; here the recorded call costs are used).`,
  );
  nb.md(paperCallout(["G.1", "C.2"]));
  const want = offlineWant(nb.settings, ["original"], ["drba", "drfa"]);
  if (!model) {
    nb.md(
      `> **No model configured**: only the offline extractive agent runs here (it makes no model calls, so it costs $0). Set \`DRFLOW_MODEL\` and a key to add DRBA and DRFA points; LLM runs already in the run store are included below.`,
    );
  }
  const runs = await runsFor(nb.settings, want, {
    warn: nb.md,
    includeStored: (r) => r.split === "original" && inSuite(nb.settings)(r),
  });
  const costs = new Map(costPerReport(costRows(runs)).map((c) => [`${c.group.agent}|${c.group.model}`, c]));
  // Runs with calls of unpriced handles have no known cost (null): they are named, never plotted at $0.
  const unpriced = new Set([...costs].filter(([, c]) => c.costUsd === null).map(([k]) => k));
  if (unpriced.size > 0)
    nb.md(
      `> **Unpriced**: ${[...unpriced].map((k) => k.replace("|", " · ")).join(", ")} made calls of handles without a price, so their cost is unknown: they are listed as "unpriced" and left out of the plots and the frontier. Give prices on the handle (\`…?input_per_1m=…&output_per_1m=…\`) to place them.`,
    );
  const cells = aggregate(metricRows(runs), ["agent", "model"]);

  for (const metric of ["f1", "condition_resolution"] as MetricName[]) {
    const all: Point[] = cells
      .filter((c) => c.metrics[metric]?.mean != null)
      .map((c) => {
        const k = `${c.group.agent}|${c.group.model}`;
        const cost = costs.get(k);
        return {
          id: k,
          agent: c.group.agent!,
          model: c.group.model || "none",
          cost: cost?.costUsd ?? 0,
          costText: cost ? formatCost({ usd: cost.pricedCostUsd, unpricedCalls: cost.unpricedCalls }) : "—",
          value: c.metrics[metric]!.mean! * 100,
          onFrontier: false,
          // No known cost (unpriced calls): listed, never plotted at $0.
          unpriced: cost?.costUsd == null,
        };
      });
    const points = all.filter((p) => !p.unpriced);
    const frontier = paretoFrontier(points);
    for (const p of frontier) p.onFrontier = true;
    // The paper's Figure G.1 points whose cost its text states: reference marks only, never on the user's frontier.
    const refs = paperCostMarks(metric);
    nb.md(`## ${metricLabel(metric).short} against cost per report`);
    nb.plot(
      {
        width: 800,
        height: 420,
        marginRight: 230,
        grid: true,
        x: {
          label: "cost per report (USD)",
          domain: [0, Math.max(0.01, ...points.map((p) => p.cost), ...refs.map((r) => r.cost_usd)) * 1.15],
        },
        y: { label: `${metricLabel(metric).short} (×100)`, domain: [0, 100] },
        color: { legend: true, domain: ["on frontier", "dominated"], range: ["#d1495b", "#8c959f"] },
        marks: [
          nb.Plot.line(frontier, { x: "cost", y: "value", stroke: "#d1495b", strokeDasharray: "4,3" }),
          nb.Plot.dot(points, {
            x: "cost",
            y: "value",
            r: 6,
            fill: (p: Point) => (p.onFrontier ? "on frontier" : "dominated"),
            tip: true,
          }),
          nb.Plot.text(points, {
            x: "cost",
            y: "value",
            text: (p: Point) => `${p.agent} · ${p.model}`,
            dx: 8,
            textAnchor: "start",
          }),
          nb.Plot.dot(refs, {
            x: "cost_usd",
            y: "value",
            r: 7,
            symbol: "diamond",
            stroke: PAPER_COLOR,
            strokeWidth: 2,
            fill: "none",
            tip: true,
          }),
          nb.Plot.text(refs, {
            x: "cost_usd",
            y: "value",
            text: (r: { backbone: string; agent: string }) => `paper: ${r.backbone} ${r.agent} (Fig. G.1)`,
            dx: 9,
            dy: 12,
            textAnchor: "start",
            fill: PAPER_COLOR,
          }),
        ],
      },
      `Figure G.1-style: ${metricLabel(metric).short} vs cost; the dashed line joins your frontier. Ochre diamonds: the paper's DRFA points whose cost its text states (Figure G.1, Appendix G.3; score from Table C.2, ablation subset of 15 tasks) — reference only, not on your frontier.`,
    );
    nb.table(
      refs.map((r) => ({
        backbone: r.backbone,
        agent: r.agent,
        "cost per report (USD)": r.cost_usd.toFixed(3),
        [metricLabel(metric).short]: r.value.toFixed(2),
        source: r.source,
      })),
      { caption: `Paper reference points (not your runs) — ${metricLabel(metric).short}` },
    );
    nb.table(
      [...points.sort((a, b) => a.cost - b.cost), ...all.filter((p) => p.unpriced)].map((p) => ({
        agent: p.agent,
        model: p.model,
        "cost per report (USD)": p.costText,
        [metricLabel(metric).short]: p.value.toFixed(2),
        frontier: p.unpriced ? "-" : p.onFrontier ? "yes" : "no",
      })),
      { caption: `${metricLabel(metric).short} and cost per agent × model` },
    );
    if (points.length < 2)
      nb.md("Only one configuration has been scored, so the frontier is that single point.");
  }

  const ref = runs[0]?.task;
  if (ref) {
    nb.md(
      `## The workflow being priced\n\nGold generic workflow of \`${ref}\`, the kind of procedure every report above reconstructs.`,
    );
    nb.mermaid(await goldFlowchart(nb.settings, ref), `gold generic workflow — ${ref}`);
  }
}
