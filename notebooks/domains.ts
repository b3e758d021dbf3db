/** @module Notebook: domain-wise results (Table D.1) for each agent on the original and mixed splits. */
import { aggregate, metricRows } from "../src/analysis/index.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { goldFlowchart, inSuite, offlineWant, runsFor, suiteOf } from "./lib/data.ts";
import { PAPER_COLOR, paperCallout, paperRow, paperRows } from "./lib/paper.ts";
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
  // One facet per domain (columns) and metric (rows); within one, a bar per agent × split named by the legend, so no
  // tick label is long enough to clip or run into the next facet.
  const series = (d: { split: string; agent: string }) => `${d.agent} · ${d.split}`;
  nb.plot(
    {
      width: 900,
      height: 460,
      marginBottom: 30,
      x: { axis: null },
      y: { label: "score (×100)", domain: [0, 100], grid: true },
      fx: { label: null },
      fy: { label: null },
      color: { legend: true, label: "agent · split" },
      marks: [
        nb.Plot.barY(f1, {
          fx: "domain",
          fy: "metric",
          x: series,
          y: "value",
          fill: series,
          tip: true,
        }),
        nb.Plot.ruleY([0]),
      ],
    },
    "F1 and condition resolution (rows) per domain (columns), one bar per agent × split (colours).",
  );

  nb.md(`## The paper's domains beside yours\n\n${paperCallout(["D.1"])}`);
  const PAPER_DOMAINS: Record<string, string> = {
    b2b: "B2B",
    b2c: "B2C",
    education: "Education",
    healthcare: "Healthcare",
    legal: "Legal",
  };
  const yourF1 = aggregate(
    rows.filter((r) => r.split === "original"),
    ["agent", "model", "domain"],
  );
  const gapRows = Object.entries(PAPER_DOMAINS).map(([domain, name]) => {
    const f1 = (agent: string) => paperRow("D.1", { domain: name, agent }).values.f1!;
    const mine = yourF1.filter((c) => c.group.domain === domain);
    return {
      domain,
      "paper DRFA F1": f1("DRFA").toFixed(2),
      "paper DRBA F1": f1("DRBA").toFixed(2),
      "paper gap DRFA − DRBA": (f1("DRFA") - f1("DRBA")).toFixed(2),
      ...Object.fromEntries(
        mine.map((c) => [
          `your ${c.group.agent}${c.group.model ? ` · ${c.group.model}` : ""} F1`,
          c.metrics.f1?.mean == null ? "—" : (c.metrics.f1.mean * 100).toFixed(2),
        ]),
      ),
      source: "DRFlow paper, Table D.1 (Appendix D)",
    };
  });
  nb.table(gapRows, {
    caption:
      "Per domain, original split: the paper's DRFA and DRBA F1 and their gap (Table D.1) beside your runs' F1",
  });
  const paperMarks = Object.entries(PAPER_DOMAINS).flatMap(([domain, name]) =>
    ["Basic", "DRBA", "DRFA"].map((agent) => ({
      domain,
      agent: `paper ${agent} (Table D.1)`,
      f1: paperRow("D.1", { domain: name, agent }).values.f1!,
    })),
  );
  const yours = yourF1
    .filter((c) => c.metrics.f1?.mean != null)
    .map((c) => ({ domain: c.group.domain, agent: `your ${c.group.agent}`, f1: c.metrics.f1!.mean! * 100 }));
  nb.plot(
    {
      width: 900,
      height: 380,
      x: { label: null, domain: Object.keys(PAPER_DOMAINS) },
      y: { label: "F1 (×100), original split", domain: [0, 100], grid: true },
      color: { legend: true },
      symbol: { legend: true },
      marks: [
        nb.Plot.barY(yours, { x: "domain", y: "f1", fill: "agent", fillOpacity: 0.6, tip: true }),
        nb.Plot.dot(paperMarks, {
          x: "domain",
          y: "f1",
          symbol: "agent",
          stroke: PAPER_COLOR,
          strokeWidth: 2,
          r: 6,
          tip: true,
        }),
        nb.Plot.text(
          paperMarks.filter((m) => m.agent.startsWith("paper DRFA")),
          {
            x: "domain",
            y: "f1",
            text: () => "paper DRFA",
            dx: 10,
            textAnchor: "start",
            fill: PAPER_COLOR,
          },
        ),
        nb.Plot.ruleY([0]),
      ],
    },
    "Bars: your runs' F1 per domain (original split). Ochre symbols: the paper's Basic, DRBA and DRFA F1 per domain (Table D.1, Appendix D; average of four backbones, 50 tasks) — reference marks, not your data.",
  );
  nb.table(paperRows("D.1"), { caption: "Paper reference (not your runs): Table D.1, domain-wise results" });

  const perDomain = new Map<string, string>();
  for (const r of runs) if (!perDomain.has(r.domain)) perDomain.set(r.domain, r.task);
  nb.md(
    "## One gold workflow per domain\n\nWhat the agents have to recover: each domain's generic workflow with its decisions.",
  );
  for (const [domain, ref] of [...perDomain].sort()) {
    nb.mermaid(await goldFlowchart(nb.settings, ref), `${domain} — ${ref}`);
  }
}
