import { expect, test } from "bun:test";
import { ScoredRun } from "../analysis/index.ts";
import { gridRuns } from "./scored-runs.ts";

const row = (run_id: string, agent: string, extra: Partial<ScoredRun> = {}): ScoredRun =>
  ScoredRun.parse({ run_id, task: "demo/legal_01", agent, split: "original", report: null, ...extra });

const all = [
  row("own", "extractive", { batch: "notebooks-demo-lexical" }),
  row("old-cell", "extractive", { batch: "notebooks-demo-lexical" }),
  row("eval-copy", "extractive", { batch: "eval-1" }),
  row("ablation", "extractive", { batch: "eval-2", agent_options: { searchLimit: 4 } }),
  row("drfa", "drfa", { batch: "eval-3", model: "openai:gpt-4o" }),
];

test("a grid counts its own cells once, never another copy of its configuration", () => {
  const picked = gridRuns(all, {
    runIds: new Set(["own"]),
    agents: ["extractive"],
    models: [],
    excludedBatchPrefix: "notebooks-",
  });
  expect(picked.map((r) => r.run_id)).toEqual(["own"]);
});

test("other stored configurations join when asked for; excluded batches never do", () => {
  const picked = gridRuns(all, {
    runIds: new Set(["own"]),
    agents: ["extractive"],
    models: [],
    excludedBatchPrefix: "notebooks-",
    includeStored: () => true,
  });
  expect(picked.map((r) => r.run_id)).toEqual(["own", "ablation", "drfa"]);
});

test("an LLM agent's runs on another model are another configuration", () => {
  const picked = gridRuns(all, {
    runIds: new Set(),
    agents: ["drfa"],
    models: ["openai:gpt-5.2"],
    includeStored: (r) => r.agent === "drfa",
  });
  expect(picked.map((r) => r.run_id)).toEqual(["drfa"]);
});
