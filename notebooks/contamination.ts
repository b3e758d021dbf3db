/** @module Notebook: the mixed split — citation composition (Table H.2), contaminated steps (Table H.3), original vs mixed (Figure H.2), distractor references vs precision (Figure H.1). */

import {
  citationComposition,
  contaminatedSteps,
  distractorReferenceRate,
  loadRoles,
  mean,
  metricRows,
  pearson,
  type ScoredRun,
  splitDeltas,
  variantLabel,
} from "../src/analysis/index.ts";
import { metricLabel } from "../src/judge/index.ts";
import { reportFlowchart } from "../src/judge/report/flowchart.ts";
import type { NotebookApi } from "../src/notebook/context.ts";
import { inSuite, offlineWant, runsFor } from "./lib/data.ts";
import { pct } from "./lib/present.ts";

export const title = "Contamination — the mixed split";

function label(r: ScoredRun): string {
  return `${variantLabel(r.agent, r.agent_options)}${r.model && r.model !== "none" ? ` · ${r.model}` : ""}`;
}

export default async function contamination(nb: NotebookApi): Promise<void> {
  const { model } = nb.settings;
  const want = offlineWant(nb.settings, ["original", "mixed"], ["drba", "drfa"]);
  nb.md(
    `The **mixed** split adds look-alike documents about *another* person's case (adjacent artifacts) to the user's environment. A report that cites them has let a neighbouring case leak into the user's workflow. An agent sees only opaque document handles; each cited handle is classified through its task's manifest (the gold side): insight (IN), distractor (DI), adjacent (AD).${model ? "" : " Offline, the extractive agent is evaluated with the lexical judge; set `DRFLOW_MODEL` to add DRBA and DRFA."}`,
  );
  const runs = await runsFor(nb.settings, want, {
    warn: nb.md,
    includeStored: inSuite(nb.settings),
  });
  const roles = await loadRoles(
    nb.settings.tasksRoot,
    runs.map((r) => r.task),
  );
  const mixed = runs.filter((r) => r.split === "mixed" && r.report);
  const groups = new Map<string, ScoredRun[]>();
  for (const r of mixed) groups.set(label(r), [...(groups.get(label(r)) ?? []), r]);

  nb.md("## Citation composition on the mixed split (Table H.2)");
  const composition = [...groups].map(([agent, rs]) => {
    const c = citationComposition(
      rs.map((r) => r.report!),
      roles,
    );
    return { agent, ...c };
  });
  nb.table(
    composition.map((c) => ({
      agent: c.agent,
      citations: c.total,
      "IN (%)": pct(c.shares.insight),
      "DI (%)": pct(c.shares.distractor),
      "AD (%)": pct(c.shares.adjacent),
      unclassified: c.counts.other,
    })),
    { caption: "Share of citations by source type" },
  );
  nb.plot(
    {
      width: 760,
      height: 80 + 40 * Math.max(1, composition.length),
      marginLeft: 160,
      x: { label: "share of citations (%)", domain: [0, 100] },
      y: { label: null },
      color: { legend: true, domain: ["IN", "DI", "AD"], range: ["#2e7d32", "#f9a825", "#c62828"] },
      marks: [
        nb.Plot.barX(
          composition.flatMap((c) =>
            (["insight", "distractor", "adjacent"] as const).map((k) => ({
              agent: c.agent,
              kind: { insight: "IN", distractor: "DI", adjacent: "AD" }[k],
              share: (c.shares[k] ?? 0) * 100,
            })),
          ),
          { y: "agent", x: "share", fill: "kind", tip: true },
        ),
      ],
    },
    "Citation composition per agent on the mixed split.",
  );

  nb.md(
    "## Contaminated steps (Table H.3)\n\nSteps that cite an adjacent-case artifact, with an excerpt of the step and the adjacent source it cites.",
  );
  const contaminated = mixed.flatMap((r) =>
    contaminatedSteps(r.report!, roles, { maxExcerpt: 220 }).map((s) => ({ agent: label(r), ...s })),
  );
  if (contaminated.length === 0) {
    nb.md("No step of any mixed-split report cites an adjacent-case artifact.");
  } else {
    nb.table(
      contaminated.slice(0, 40).map((s) => ({
        task: s.task,
        agent: s.agent,
        step: `${s.workflow} #${s.item}`,
        "contaminated step (excerpt)": s.excerpt,
        "adjacent source": s.sources.map((x) => `${x.sourceId}${x.path ? ` (${x.path})` : ""}`).join("; "),
      })),
      {
        caption: `${contaminated.length} contaminated steps${contaminated.length > 40 ? " (first 40 shown)" : ""}`,
      },
    );
  }
  const byReport = mixed.map((r) => ({
    task: r.task,
    agent: label(r),
    steps: r.report!.personalized_workflow.length,
    contaminated: contaminatedSteps(r.report!, roles).filter((s) => s.workflow === "personalized").length,
  }));
  nb.table(byReport, { caption: "Contaminated personalized steps per mixed-split report" });

  nb.md("## Original vs mixed, per metric (Figure H.2)\n\nMean over tasks (×100); Δ = mixed − original.");
  const deltas = splitDeltas(metricRows(runs), ["agent", "model"]);
  nb.table(
    deltas.map((d) => ({
      agent: d.group.agent,
      model: d.group.model,
      metric: metricLabel(d.metric).short,
      original: d.original === null ? null : d.original * 100,
      mixed: d.mixed === null ? null : d.mixed * 100,
      Δ: d.delta === null ? null : d.delta * 100,
    })),
    { caption: "Per-metric comparison of the original and mixed splits" },
  );
  const bars = deltas.flatMap((d) =>
    (["original", "mixed"] as const)
      .filter((s) => d[s] !== null)
      .map((s) => ({
        metric: metricLabel(d.metric).short,
        agent: d.group.agent,
        split: s,
        value: d[s]! * 100,
      })),
  );
  nb.plot(
    {
      width: 900,
      height: 380,
      marginBottom: 60,
      fx: { label: null },
      x: { label: null, axis: null },
      y: { label: "score (×100)", domain: [0, 100], grid: true },
      color: { legend: true, domain: ["original", "mixed"], range: ["#1f77b4", "#d62728"] },
      marks: [
        nb.Plot.barY(bars, {
          fx: "metric",
          x: (d: { agent: string; split: string }) => `${d.agent} ${d.split}`,
          y: "value",
          fill: "split",
          tip: true,
        }),
        nb.Plot.ruleY([0]),
      ],
    },
    "Original (blue) vs mixed (red) per metric.",
  );

  nb.md(
    "## Distractor references and precision (Figure H.1)\n\nPer agent configuration on the original split: the share of references pointing to distractor artifacts against mean precision.",
  );
  const original = runs.filter((r) => r.split === "original" && r.report);
  const perAgent = new Map<string, ScoredRun[]>();
  for (const r of original) perAgent.set(label(r), [...(perAgent.get(label(r)) ?? []), r]);
  const points = [...perAgent].map(([agent, rs]) => ({
    agent,
    rate:
      (mean(
        rs.map((r) => distractorReferenceRate(r.report!, roles)).filter((x): x is number => x !== null),
      ) ?? 0) * 100,
    precision:
      (mean(
        rs.flatMap((r) =>
          r.metrics.filter((m) => m.metric === "precision" && m.value !== null).map((m) => m.value!),
        ),
      ) ?? 0) * 100,
  }));
  const taskPoints = original
    .map((r) => ({
      rate: distractorReferenceRate(r.report!, roles),
      precision: r.metrics.find((m) => m.metric === "precision")?.value ?? null,
    }))
    .filter((p): p is { rate: number; precision: number } => p.rate !== null && p.precision !== null);
  const r = pearson(
    taskPoints.map((p) => p.rate),
    taskPoints.map((p) => p.precision),
  );
  nb.md(
    `Across ${taskPoints.length} reports, Pearson's r between distractor-reference rate and precision is **${r === null ? "undefined (a side is constant)" : r.toFixed(3)}**.`,
  );
  nb.table(
    points.map((p) => ({ agent: p.agent, "distractor refs (%)": p.rate, "precision (×100)": p.precision })),
    { caption: "Distractor-reference rate and precision per agent" },
  );

  const worst = mixed
    .map((run) => ({ run, n: contaminatedSteps(run.report!, roles).length }))
    .sort((a, b) => b.n - a.n)[0];
  if (worst) {
    nb.md(
      `## The most contaminated report\n\n\`${worst.run.task}\` by ${label(worst.run)} on the mixed split: ${worst.n} steps cite adjacent-case artifacts. Its predicted personalized workflow:`,
    );
    nb.mermaid(reportFlowchart(worst.run.report!), `predicted workflow — ${worst.run.task} (mixed)`);
  }
}
