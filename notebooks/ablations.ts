/** @module Notebook: DRFA ablations (full, w/o GF, w/o CAP, w/o both) and the iteration budget (5 / 10 / 15), Table 4 and C.1. */

import { formatAgentSpec } from "../src/agents/index.ts";
import { aggregate, formatMeanStd, metricRows, variantLabel } from "../src/analysis/index.ts";
import { METRIC_LABELS } from "../src/core/index.ts";
import { fullOptions } from "../src/eval/index.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { goldFlowchart, offlineWant, reportFlowchart, runsFor, suiteOf } from "./lib/data.ts";
import { COUNTS_NOTE, metricPoints, metricTable } from "./lib/present.ts";

export const title = "Ablations — DRFA components and iteration budget";

const VARIANTS = [
  { gf: true, cap: true },
  { gf: false, cap: true },
  { gf: true, cap: false },
  { gf: false, cap: false },
] as const;
const ITERATIONS = [5, 10, 15] as const;

/** Agent specs of the ablation grid in the eval runner's syntax, e.g. `drfa:gf=false,cap=true,iterations=5`. */
function drfaGrid(): string[] {
  const specs = VARIANTS.map((v) => formatAgentSpec("drfa", { ...v, iterations: 10 }));
  for (const it of ITERATIONS)
    if (it !== 10) specs.push(formatAgentSpec("drfa", { gf: true, cap: true, iterations: it }));
  return specs;
}

export default async function ablations(nb: NotebookApi): Promise<void> {
  const { model } = nb.settings;
  nb.md(
    `The paper ablates DRFA's two planning components — **gap finding (GF)** and **conditional action planning (CAP)** — and its iteration budget (Table 4, Table C.1). Every run below comes from the run store; the offline **extractive** baseline is (re)computed on the \`${suiteOf(nb.settings)}\` suite with the **lexical** judge when missing.`,
  );

  const want = offlineWant(nb.settings, ["original"], drfaGrid());
  if (!model) {
    nb.md(
      `> **No model configured.** DRFA plans, reads and writes with a language model, so none of its ablations can run offline. Set \`DRFLOW_MODEL\` (e.g. \`openai:gpt-4o\`) with the provider's key and re-run \`bun run nb ablations\` to fill the grid. Until then this notebook shows the DRFA runs already in the run store, if any, next to the offline extractive baseline — no number here is invented.`,
    );
  }
  const runs = await runsFor(nb.settings, want, {
    warn: nb.md,
    includeStored: (r) => r.agent === "drfa" && r.split === "original",
  });
  const rows = metricRows(runs);
  const cells = aggregate(rows, ["agent", "model"]);
  const drfaRuns = runs.filter((r) => r.agent === "drfa").length;
  nb.md(
    `## Results on the original split\n\n${runs.length} scored runs: ${drfaRuns} DRFA, ${runs.length - drfaRuns} baseline. Values are means over tasks (×100), ± the standard deviation over repeats where there are several.`,
  );
  nb.table(metricTable(cells), { caption: `Ablation results (original split). ${COUNTS_NOTE}` });

  nb.plot(
    {
      title: "F1, condition resolution and personalized comprehensiveness by agent configuration",
      marginLeft: 60,
      marginBottom: 80,
      width: 900,
      x: { label: null, tickRotate: -20 },
      y: { label: "score (×100)", domain: [0, 100], grid: true },
      fx: { label: null },
      color: { legend: true },
      marks: [
        nb.Plot.barY(metricPoints(cells, ["f1", "condition_resolution", "personalized_comprehensiveness"]), {
          fx: "metric",
          x: "agent",
          y: "value",
          fill: "agent",
          tip: true,
        }),
        nb.Plot.ruleY([0]),
      ],
    },
    "Bars per agent configuration; DRFA bars appear once DRFA runs exist.",
  );

  nb.md(
    "## Ablation grid (F1 ×100)\n\nRows are the component variants at 10 iterations; the iteration rows vary the budget of full DRFA. “not run” means no such run is in the store.",
  );
  const drfa = runs.filter((r) => r.agent === "drfa");
  const models = [...new Set(drfa.map((r) => r.model))];
  const gridModels = models.length ? models : [model ?? "(no model)"];
  const configs = [
    ...VARIANTS.map((v) => ({ configuration: variantLabel("drfa", v), options: { ...v, iterations: 10 } })),
    ...ITERATIONS.filter((i) => i !== 10).map((i) => ({
      configuration: `drfa, ${i} iterations`,
      options: { gf: true, cap: true, iterations: i },
    })),
  ];
  const grid = configs.map(({ configuration, options }) => {
    const cellsFor = (m: string) => {
      const matching = drfa.filter(
        (r) => r.model === m && Object.entries(options).every(([k, v]) => fullOptions(r)[k] === v),
      );
      const f1 = aggregate(metricRows(matching), ["model"])[0]?.metrics.f1;
      return f1?.mean == null ? "not run" : formatMeanStd(f1);
    };
    return { configuration, ...Object.fromEntries(gridModels.map((m) => [m, cellsFor(m)])) };
  });
  nb.table(grid, { caption: `DRFA ablation grid — ${METRIC_LABELS.f1.short}` });

  const example = runs.find((r) => r.report && r.report.personalized_workflow.length > 0);
  if (example) {
    nb.md(
      `## One task, gold vs predicted\n\nGold generic workflow of \`${example.task}\` (decision diamonds with labelled branches), then the personalized workflow predicted by **${variantLabel(example.agent, example.agent_options)}**.`,
    );
    nb.mermaid(await goldFlowchart(nb.settings, example.task), `gold generic workflow — ${example.task}`);
    nb.mermaid(
      reportFlowchart(example.report!),
      `predicted personalized workflow — ${variantLabel(example.agent, example.agent_options)}`,
    );
  }
}
