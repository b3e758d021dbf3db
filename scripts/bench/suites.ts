/**
 * @module Benchmark: the extractive agent's F1, topology and condition resolution (lexical judge) per suite, as the
 * mean ± standard deviation across tasks, and each suite's difference from the first in units of that spread — to
 * tell whether suites from other seeds or with new families score differently from the demo.
 *
 *   bun scripts/bench/suites.ts --suites tasks/demo,/tmp/gs/seed11,… [--splits original,mixed]
 */
import { basename, dirname } from "node:path";
import { extractive } from "../../src/agents/extractive/index.ts";
import { Split } from "../../src/core/index.ts";
import { loadEnv } from "../../src/env/load.ts";
import { parseList } from "../../src/eval/agent-list.ts";
import { evaluate } from "../../src/judge/evaluate.ts";
import { listTasks, loadTask } from "../../src/store/task-store.ts";
import { benchArgs, headline, usageError } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/suites.ts --suites <folder,…> [options]
  The extractive agent's F1, topology and condition resolution (lexical judge) per suite, mean ± sd across tasks,
  and each suite's difference from the first in units of that spread.

  --suites <folder,…>   suite folders, e.g. tasks/demo,/tmp/gs/seed11 (required)
  --splits <s,…>        original,mixed (default both, averaged per task)
  -h, --help            this text
`;

const values = benchArgs("suites", USAGE, {
  suites: { type: "string" },
  splits: { type: "string", default: "original,mixed" },
});
if (!values.suites)
  usageError(
    "suites",
    USAGE,
    "--suites: expected comma-separated suite folders, e.g. tasks/demo,/tmp/s/seed11",
  );
const splits = parseList(values.splits!).map((s) => Split.parse(s));
const METRICS = ["f1", "topology", "condition_resolution"] as const;

type Row = { suite: string; tasks: number; mean: number[]; sd: number[] };
const rows: Row[] = [];
for (const folder of parseList(values.suites)) {
  const root = dirname(folder);
  const suite = basename(folder);
  const perTask: number[][] = [];
  for (const t of await listTasks(root, suite)) {
    const loaded = await loadTask(root, t.ref);
    const sums = METRICS.map(() => 0);
    for (const split of splits) {
      const env = await loadEnv(loaded, { split });
      try {
        const { report } = await extractive().run({ env, model: null, runId: "suites" });
        const result = await evaluate(report, loaded, { judge: "lexical" });
        METRICS.forEach((m, i) => {
          sums[i]! += 100 * (result.metrics.find((r) => r.metric === m)?.value ?? 0);
        });
      } finally {
        await env.close();
      }
    }
    perTask.push(sums.map((s) => s / splits.length));
  }
  const mean = METRICS.map((_, i) => perTask.reduce((s, r) => s + r[i]!, 0) / perTask.length);
  const sd = METRICS.map((_, i) =>
    Math.sqrt(perTask.reduce((s, r) => s + (r[i]! - mean[i]!) ** 2, 0) / Math.max(1, perTask.length - 1)),
  );
  rows.push({ suite: folder, tasks: perTask.length, mean, sd });
}

console.log(
  `extractive agent, lexical judge, ${splits.join(" + ")} averaged per task; mean ± sd across tasks`,
);
console.log(["suite".padEnd(24), "tasks", ...METRICS.map((m) => m.padStart(24))].join("  "));
const base = rows[0]!;
for (const r of rows) {
  const cells = METRICS.map((_, i) => {
    // the difference from the first suite in units of the pooled across-task spread
    const pooled = Math.sqrt((base.sd[i]! ** 2 + r.sd[i]! ** 2) / 2) || 1;
    const z = r === base ? "" : ` (${((r.mean[i]! - base.mean[i]!) / pooled).toFixed(2)} sd)`;
    return `${r.mean[i]!.toFixed(1)} ± ${r.sd[i]!.toFixed(1)}${z}`.padStart(24);
  });
  console.log([r.suite.padEnd(24), String(r.tasks).padStart(5), ...cells].join("  "));
}
headline(
  "suites",
  rows.map((r) => `${r.suite} F1 ${r.mean[0]!.toFixed(1)} ± ${r.sd[0]!.toFixed(1)}`).join(", "),
  Object.fromEntries(
    rows.flatMap((r) => METRICS.map((m, i) => [`${r.suite} ${m}`, Number(r.mean[i]!.toFixed(2))])),
  ),
);
