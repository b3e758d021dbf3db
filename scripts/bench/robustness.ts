/**
 * @module Benchmark: the extractive agent's seven metrics (lexical judge) on a suite's realized text as generated and
 * under each meaning-preserving surface perturbation (`support/perturbations.ts`), with the drop from the unperturbed suite.
 *
 *   bun scripts/bench/robustness.ts [--suite demo] [--root tasks] [--splits original,mixed] [--only name1,name2]
 *
 * Environments are built in memory from the perturbed documents; the agent and judge are the offline ones.
 */

import { extractive } from "../../src/agents/extractive/index.ts";
import { type MetricName, Split } from "../../src/core/index.ts";
import { readDocuments } from "../../src/env/documents.ts";
import { envFromDocuments } from "../../src/env/from-documents.ts";
import type { EnvDocument } from "../../src/env/types.ts";
import { parseList } from "../../src/eval/agent-list.ts";
import { evaluate } from "../../src/judge/evaluate.ts";
import { metricLabel, metricNames } from "../../src/judge/index.ts";
import { listTasks, loadTask } from "../../src/store/task-store.ts";
import { benchArgs, headline } from "./support/bench.ts";
import { PERTURBATIONS, type Perturbation, perturb } from "./support/perturbations.ts";

const USAGE = `
bun scripts/bench/robustness.ts [options]
  The extractive agent's seven metrics (lexical judge) on a suite as generated and under each meaning-preserving
  surface perturbation (support/perturbations.ts), with the drop from the unperturbed suite.

  --suite <name>      suite under --root (default demo)
  --root <dir>        task root (default tasks)
  --splits <s,…>      original,mixed (default both)
  --only <name,…>     only these perturbations
  -h, --help          this text
`;

const values = benchArgs("robustness", USAGE, {
  suite: { type: "string", default: "demo" },
  root: { type: "string", default: "tasks" },
  splits: { type: "string", default: "original,mixed" },
  /** Only these perturbations (comma-separated names). */
  only: { type: "string" },
});
const only = values.only ? new Set(parseList(values.only)) : null;
const splits = parseList(values.splits!).map((s) => Split.parse(s));
const refs = (await listTasks(values.root!, values.suite)).map((t) => t.ref);
if (refs.length === 0) throw new Error(`no tasks in ${values.root}/${values.suite}`);
const loaded = await Promise.all(refs.map((r) => loadTask(values.root!, r)));
const documents = new Map<string, EnvDocument[]>();
for (const l of loaded) for (const s of splits) documents.set(`${l.task.id}/${s}`, await readDocuments(l, s));

type Scores = Record<MetricName, number>;
const METRICS = metricNames("drflow");
async function score(p: Perturbation | null): Promise<Scores> {
  const sums = Object.fromEntries(METRICS.map((m) => [m, 0])) as Scores;
  let cells = 0;
  for (const l of loaded) {
    for (const split of splits) {
      const docs = documents.get(`${l.task.id}/${split}`)!;
      const env = await envFromDocuments(l, split, p ? perturb(docs, p, l.task.id) : docs);
      try {
        const { report } = await extractive().run({
          env,
          model: null,
          runId: `robustness-${p?.name ?? "none"}`,
        });
        const result = await evaluate(report, l, { judge: "lexical" });
        for (const m of METRICS)
          sums[m] = (sums[m] ?? 0) + (result.metrics.find((r) => r.metric === m)?.value ?? 0);
        cells++;
      } finally {
        await env.close();
      }
    }
  }
  return Object.fromEntries(METRICS.map((m) => [m, (100 * (sums[m] ?? 0)) / cells])) as Scores;
}

const base = await score(null);
const rows: { name: string; scores: Scores }[] = [{ name: "(none)", scores: base }];
const chosen = PERTURBATIONS.filter((p) => !only || only.has(p.name));
for (const p of chosen) rows.push({ name: p.name, scores: await score(p) });

const cols = METRICS.map((m) => metricLabel(m).short);
const head = ["perturbation".padEnd(20), ...cols.map((c) => c.padStart(11))].join(" ");
console.log(
  `extractive agent, lexical judge, ${values.root}/${values.suite} (${refs.length} tasks × ${splits.join(", ")})`,
);
console.log(head);
for (const { name, scores } of rows) {
  const cells = METRICS.map((m) => {
    const v = (scores[m] ?? 0).toFixed(2);
    const drop =
      name === "(none)"
        ? ""
        : ` ${(base[m] ?? 0) - (scores[m] ?? 0) >= 0 ? "-" : "+"}${Math.abs((base[m] ?? 0) - (scores[m] ?? 0)).toFixed(1)}`;
    return `${v}${drop}`.padStart(11);
  });
  console.log([name.padEnd(20), ...cells].join(" "));
}
const worst = (m: MetricName) =>
  Math.max(0, ...rows.slice(1).map((r) => (base[m] ?? 0) - (r.scores[m] ?? 0)));
console.log(
  `largest drop: F1 ${worst("f1").toFixed(2)}, topology ${worst("topology").toFixed(2)}, condition resolution ${worst("condition_resolution").toFixed(2)} points`,
);
for (const p of chosen) console.log(`  ${p.name}: ${p.what}`);
headline(
  "robustness",
  `largest drop under ${chosen.length} perturbations: F1 ${worst("f1").toFixed(2)}, topology ${worst("topology").toFixed(2)}, condition resolution ${worst("condition_resolution").toFixed(2)} points`,
  {
    perturbations: chosen.length,
    f1_drop: Number(worst("f1").toFixed(2)),
    topology_drop: Number(worst("topology").toFixed(2)),
    condition_resolution_drop: Number(worst("condition_resolution").toFixed(2)),
  },
);
