/**
 * @module The relay runs' table: per agent run in the store (scripts/relay/agent.sh), its model calls by stage, the
 * tokens the relay reported, and the scores of each judge that scored it (the lexical judge, the LLM judge through a
 * relay), in percent. `bun scripts/relay/summary.ts [--store /work/relay/runs/runs.sqlite]`.
 */
import { parseArgs } from "node:util";
import { textTable } from "../../src/core/text-table.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { stageCounts } from "../bench/support/stages.ts";

const { values } = parseArgs({
  options: { store: { type: "string", default: "/work/relay/runs/runs.sqlite" } },
});
const METRICS = ["f1", "condition_resolution", "personalized_comprehensiveness", "factuality"] as const;
const pct = (v: number | null | undefined) => (typeof v === "number" ? (v * 100).toFixed(1) : "–");

const store = new RunStore(values.store!);
try {
  const rows: string[][] = [];
  for (const run of store.listRuns({}).filter((r) => r.kind === "agent")) {
    const calls = store.calls(run.id).filter((c) => c.kind === "chat" && c.role === "agent");
    const byJudge = new Map<string, Map<string, number | null>>();
    for (const m of store.metrics({ run: run.id })) {
      const judge = m.result.judge.judge === "lexical" ? "lexical" : "llm";
      const scores = byJudge.get(judge) ?? new Map();
      scores.set(m.result.metric, m.result.value);
      byJudge.set(judge, scores);
    }
    rows.push([
      run.id,
      run.status,
      String(calls.length),
      stageCounts(calls),
      String(calls.reduce((n, c) => n + c.input_tokens, 0)),
      String(calls.reduce((n, c) => n + c.output_tokens, 0)),
      ...["lexical", "llm"].flatMap((j) => METRICS.map((m) => pct(byJudge.get(j)?.get(m)))),
    ]);
  }
  console.log(
    textTable(
      [
        "run",
        "status",
        "calls",
        "by stage",
        "in tok",
        "out tok",
        ...["lex", "llm"].flatMap((j) => ["F1", "Cond.", "Pers.", "Fact."].map((m) => `${j} ${m}`)),
      ],
      rows,
      { right: (i) => i === 2 || i >= 4 },
    ),
  );
  console.log(
    "\ncalls: the agent's model requests (repairs included); tokens as the relay counts them (words)",
  );
} finally {
  store.close();
}
