/** @module Notebook: domain-wise results (Table D.1) for each agent on the original and mixed splits. */
import { aggregate, metricRows } from "../src/analysis/index.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { goldFlowchart, inSuite, offlineWant, runsFor, suiteOf } from "./lib/data.ts";
import { COUNTS_NOTE, metricPoints, metricTable } from "./lib/present.ts";

export const title = "Domains — results per domain";

export default async function domains(nb: NotebookApi): Promise<void> {
  const { model } = nb.settings;
  const want = offlineWant(nb.settings, ["original", "mixed"], ["drfa"]);
  nb.md(
    `Table D.1 of the paper breaks results down by domain (B2B, B2C, education, healthcare, legal). Below: every agent evaluated on the \`${suiteOf(nb.settings)}\` suite${model ? ` (with ${model} for LLM agents)` : " (offline: the extractive agent with the lexical judge; set `DRFLOW_MODEL` to add DRFA)"}, grouped by domain and split. Scores ×100.`,
  );
  const runs = await runsFor(nb.settings, want, {
    warn: nb.md,
    includeStored: inSuite(nb.settings),
  });
  const rows = metricRows(runs);
  nb.md(
    "## Overall, per split (Tables 2, 3 and E.1)\n\nMean over tasks per repeat, then mean ± standard deviation over repeats.",
  );
  nb.table(metricTable(aggregate(rows, ["agent", "model", "split"])), {
    caption: `Results per agent × model × split. ${COUNTS_NOTE}`,
  });
  nb.md("## Per domain (Table D.1)");
  const cells = aggregate(rows, ["agent", "model", "split", "domain"]);
  nb.table(metricTable(cells), { caption: `Domain-wise results (Table D.1). ${COUNTS_NOTE}` });

  const f1 = metricPoints(aggregate(rows, ["agent", "split", "domain"]), ["f1", "condition_resolution"]);
  nb.plot(
    {
      width: 900,
      height: 420,
      marginBottom: 120,
      x: { label: null, tickRotate: -40 },
      y: { label: "score (×100)", domain: [0, 100], grid: true },
      fx: { label: null },
      color: { legend: true },
      marks: [
        nb.Plot.barY(f1, {
          fx: "domain",
          x: (d: { split: string; metric: string; agent: string }) => `${d.metric} · ${d.agent} · ${d.split}`,
          y: "value",
          fill: "metric",
          tip: true,
        }),
        nb.Plot.ruleY([0]),
      ],
    },
    "F1 and condition resolution per domain, one bar per metric × agent × split.",
  );

  const perDomain = new Map<string, string>();
  for (const r of runs) if (!perDomain.has(r.domain)) perDomain.set(r.domain, r.task);
  nb.md(
    "## One gold workflow per domain\n\nWhat the agents have to recover: each domain's generic workflow with its decisions.",
  );
  for (const [domain, ref] of [...perDomain].sort()) {
    nb.mermaid(await goldFlowchart(nb.settings, ref), `${domain} — ${ref}`);
  }
}
