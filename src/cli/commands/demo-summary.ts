/** @module The demo's HTML summary: per-split metrics, F1 per task and split, per-task metric table (a notebook-style page). */

import type { SuiteEvaluation } from "../../eval/evaluate-suite.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import type { Cell } from "../../notebook/cells.ts";
import { renderPage } from "../../notebook/html.ts";
import { Plot, renderPlot } from "../../notebook/plot.ts";
import { writeFileAtomic } from "../../store/atomic-write.ts";

const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? null : Math.round(v * 10000) / 100;

/** Page cells for a demo evaluation. */
export function demoCells(evaluation: SuiteEvaluation, command: string): Cell[] {
  const summaryRows = evaluation.summary.map((row) => ({
    split: row.split,
    tasks: row.tasks,
    ...Object.fromEntries(metricNames("drflow").map((m) => [m, pct(row.metrics[m]?.mean)])),
  }));
  const perTask = evaluation.results.map((r) => ({
    task: r.cell.task,
    split: r.cell.split,
    status: r.status === "failed" ? `failed: ${r.error}` : "ok",
    ...Object.fromEntries(metricNames("drflow").map((m) => [m, pct(r.metrics[m])])),
  }));
  const metricColumns = metricNames("drflow").map((m) => ({
    key: m,
    label: `${metricLabel(m).short} %`,
    align: "right" as const,
  }));
  const f1 = evaluation.results
    .filter((r) => r.metrics.f1 !== undefined && r.metrics.f1 !== null)
    .map((r) => ({ task: r.cell.task.split("/")[1]!, split: r.cell.split, f1: pct(r.metrics.f1) }));
  return [
    {
      kind: "md",
      markdown: [
        "The whole offline loop with no model and no network: the procedural **demo suite** → the embedded **environment**",
        "(text extracted from the realized PDF, DOCX, EML and chat files) → the rule-based **`extractive` agent** → the",
        "deterministic **`lexical` judge** with DRFlow's seven metrics. The `mixed` split adds the adjacent look-alike cases.",
        "",
        `Batch \`${evaluation.batch}\` · reproduce with \`${command}\`.`,
      ].join("\n"),
    },
    {
      kind: "table",
      rows: summaryRows,
      columns: [{ key: "split" }, { key: "tasks" }, ...metricColumns],
      caption: "Mean over tasks (percent)",
    },
    {
      kind: "plot",
      svg: renderPlot({
        marginBottom: 70,
        x: { label: null, tickRotate: -30 },
        y: { label: "F1 (%)", domain: [0, 100], grid: true },
        fx: { label: null },
        color: { legend: true },
        marks: [Plot.barY(f1, { fx: "split", x: "task", y: "f1", fill: "split" }), Plot.ruleY([0])],
      }),
      caption: "F1 per task, original and mixed splits",
    },
    {
      kind: "table",
      rows: perTask,
      columns: [{ key: "task" }, { key: "split" }, ...metricColumns, { key: "status" }],
      caption: "Per task and split (percent)",
    },
  ];
}

/** Write the page atomically (temp file + rename). */
export async function writeDemoSummary(
  path: string,
  evaluation: SuiteEvaluation,
  command: string,
  generatedAt: string,
): Promise<void> {
  const html = await renderPage({
    title: "drflow offline demo — extractive agent, lexical judge",
    cells: demoCells(evaluation, command),
    generatedAt,
    notebook: "drflow demo",
  });
  await writeFileAtomic(path, html);
}
