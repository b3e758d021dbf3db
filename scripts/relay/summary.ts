/**
 * @module The relay runs' table: per agent run in the store (scripts/relay/agent.sh), its model calls by stage, the
 * tokens the relay reported, and the scores of each judge that scored it (the lexical judge, the LLM judge through a
 * relay), in percent; then, per run folder holding the answering model's `answer-log.txt`, the lines that note
 * something odd (a contradiction, a cut, something missing), for the closing note.
 * `bun scripts/relay/summary.ts [--store /work/relay/runs/runs.sqlite] [--runs /work/relay/runs]`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { textTable } from "../../src/core/text-table.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { stageCounts } from "../bench/support/stages.ts";

const { values } = parseArgs({
  options: {
    store: { type: "string", default: "/work/relay/runs/runs.sqlite" },
    runs: { type: "string", default: "/work/relay/runs" },
  },
});
const METRICS = ["f1", "condition_resolution", "personalized_comprehensiveness", "factuality"] as const;
/** A logged line that notes something odd about a request (not "nothing odd"). */
const ODD =
  /odd|repeat|same prompt|contradict|trunc|\bcut\b|missing|mismatch|never (given|supplied|shown)|absent|inconsistent|capitali[sz]ed/i;
const NOTHING_ODD = /\b(nothing|no(thing)? (else )?)odd\b|oddities: none/i;

/** The answering model's log of one run: how many requests it logged, and the lines noting something odd. */
function oddLines(runId: string): { logged: number; odd: string[] } | null {
  const file = join(values.runs!, runId, "answer-log.txt");
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim());
  return { logged: lines.length, odd: lines.filter((l) => ODD.test(l) && !NOTHING_ODD.test(l)) };
}

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
  for (const run of store.listRuns({}).filter((r) => r.kind === "agent")) {
    const log = oddLines(run.id);
    if (!log) continue;
    console.log(`\n${run.id}: ${log.logged} requests logged, ${log.odd.length} noting something odd`);
    for (const line of log.odd) console.log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
  }
} finally {
  store.close();
}
