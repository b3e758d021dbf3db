/** @module Notebook: DRFA ablations (full, w/o GF, w/o CAP, w/o both) and the iteration budget (5 / 10 / 15), Table 4 and C.1. */

import { formatAgentSpec } from "../src/agents/index.ts";
import { aggregate, formatMeanStd, metricRows, variantLabel } from "../src/analysis/index.ts";
import { fullOptions } from "../src/eval/index.ts";
import { metricLabel } from "../src/judge/index.ts";
import { reportFlowchart } from "../src/judge/report/flowchart.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { goldFlowchart, offlineWant, runsFor, suiteOf } from "./lib/data.ts";
import { PAPER_COLOR, paperCallout, paperRow, paperRows } from "./lib/paper.ts";
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
  nb.table(grid, { caption: `DRFA ablation grid — ${metricLabel("f1").short}` });

  nb.md(`## The paper's ablations beside yours\n\n${paperCallout(["4", "C.1"])}`);
  // One x position per configuration; the paper's marks come from Table 4 (components, four backbones and their
  // average) and Table C.1 (iterations, GPT-5.2); yours from the DRFA runs above and the extractive baseline.
  const PAPER_VARIANT: Record<string, string> = {
    drfa: "DRFA",
    "drfa w/o GF": "w/o GF",
    "drfa w/o CAP": "w/o CAP",
    "drfa w/o GF & CAP": "w/o Both",
  };
  const xs = configs.map((c) => c.configuration);
  const paperMarks = configs.flatMap(({ configuration, options }) => {
    const variant = PAPER_VARIANT[configuration];
    if (variant)
      return ["GPT-5.2", "Claude-Opus-4.5", "Gemini-3.1-pro", "DeepSeek-v3.2", "Average"].map((backbone) => ({
        configuration,
        f1: paperRow("4", { backbone, variant }).values.f1!,
        label:
          backbone === "Average"
            ? "paper: average of 4 backbones (Table 4)"
            : "paper: one backbone (Table 4)",
      }));
    return [
      {
        configuration,
        f1: paperRow("C.1", { iterations: String(options.iterations) }).values.f1!,
        label: "paper: GPT-5.2 (Table C.1)",
      },
    ];
  });
  const yours = grid.flatMap((row) =>
    Object.entries(row)
      .filter(([k, v]) => k !== "configuration" && v !== "not run")
      .map(([m, v]) => ({ configuration: row.configuration, f1: Number.parseFloat(String(v)), model: m })),
  );
  const baseline = cells.find((c) => c.group.agent === "extractive")?.metrics.f1?.mean;
  nb.plot(
    {
      width: 900,
      height: 380,
      marginBottom: 70,
      x: { label: null, domain: xs, tickRotate: -15 },
      y: { label: "F1 (×100)", domain: [0, 100], grid: true },
      color: {
        legend: true,
        domain: [
          "paper: one backbone (Table 4)",
          "paper: average of 4 backbones (Table 4)",
          "paper: GPT-5.2 (Table C.1)",
          "your DRFA runs",
        ],
        // Each reference series its own colour (the two paper tables were one ochre): light and dark ochre, brown.
        range: ["#d4a72c", PAPER_COLOR, "#6e3b12", "#0969da"],
      },
      symbol: {
        domain: [
          "paper: one backbone (Table 4)",
          "paper: average of 4 backbones (Table 4)",
          "paper: GPT-5.2 (Table C.1)",
          "your DRFA runs",
        ],
        range: ["circle", "diamond", "square", "star"],
      },
      marks: [
        ...(baseline != null
          ? [
              nb.Plot.ruleY([baseline * 100], { stroke: "#57606a", strokeDasharray: "4,3" }),
              nb.Plot.text([{ configuration: xs[0], f1: baseline * 100 }], {
                x: "configuration",
                y: "f1",
                text: () => "your extractive baseline (offline, lexical judge)",
                dy: -8,
                textAnchor: "start",
                fill: "#57606a",
              }),
            ]
          : []),
        nb.Plot.dot(paperMarks, {
          x: "configuration",
          y: "f1",
          stroke: "label",
          symbol: "label",
          r: 5,
          strokeWidth: 2,
          tip: true,
        }),
        nb.Plot.dot(yours, {
          x: "configuration",
          y: "f1",
          fill: () => "your DRFA runs",
          symbol: () => "your DRFA runs",
          r: 7,
          tip: true,
        }),
      ],
    },
    "F1 per ablation configuration: the paper's published values (ochres and brown; Table 4 per backbone and their average, Table C.1 for 5 and 15 iterations) as reference marks, your DRFA runs in blue when there are any, and your extractive baseline as a dashed line.",
  );
  nb.table(
    paperRows("4", (g) => g.backbone === "Average"),
    {
      caption:
        "Paper reference (not your runs): Table 4, planning-module ablations, average of four backbones, ablation subset of 15 tasks",
    },
  );
  nb.table(paperRows("C.1"), {
    caption: "Paper reference (not your runs): Table C.1, DRFA iterations with GPT-5.2",
  });

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
