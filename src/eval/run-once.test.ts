import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { MissingKeyError } from "../llm/errors.ts";
import { RunStore } from "../store/run-store.ts";
import { runOnce } from "./run-once.ts";
import { defaultServices, LEXICAL } from "./services.ts";

const TASKS = join(import.meta.dir, "../../tasks");
let store: RunStore;
beforeEach(() => {
  store = new RunStore(":memory:");
});
afterEach(() => store.close());

const services = () =>
  defaultServices({ root: TASKS, store, judge: LEXICAL, modelOptions: { env: {}, cache: null } });
const once = (extra: Partial<Parameters<typeof runOnce>[0]> = {}) =>
  runOnce({
    agent: "extractive",
    task: "demo/legal_01",
    split: "mixed",
    store,
    services: services(),
    ...extra,
  });

test("a judged run is one recorded cell: report, trace, metrics, owner and identity in the store", async () => {
  const out = await once({ judge: true, runId: "r-1" });
  expect(out.report.generic_workflow.length).toBeGreaterThan(0);
  expect(out.trace[0]).toMatchObject({ type: "note" });
  expect(out.envEmbedder).toMatch(/^hashing/);
  const run = store.getRun("r-1")!;
  expect(run).toMatchObject({
    status: "done",
    task: "demo/legal_01",
    split: "mixed",
    model: "none",
    batch: null,
  });
  expect(run.owner).not.toBeNull(); // claimed, so its heartbeat keeps other processes from marking it interrupted
  expect(run.identity).toMatch(/^[0-9a-f]{32}$/);
  expect(store.getReport("r-1")).toEqual(out.report);
  expect(store.metrics({ run: "r-1" }).map((m) => m.result.metric)).toContain("f1");
  // The same run unjudged is another identity (the judge is part of it).
  await once({ runId: "r-2" });
  expect(store.getRun("r-2")!.identity).not.toBe(run.identity);
  expect(store.metrics({ run: "r-2" })).toEqual([]);
});

test("a run id already in the store is refused before anything is recorded", async () => {
  await once({ runId: "taken" });
  await expect(once({ runId: "taken" })).rejects.toThrow("run id taken is already a run");
  expect(store.getRun("taken")!.status).toBe("done");
  expect(store.listRuns({})).toHaveLength(1);
});

test("failures are recorded, then thrown: a missing key (the error itself) and a task that cannot be read", async () => {
  const keyless = once({ agent: "drfa", model: "openai:gpt-4o", runId: "no-key" });
  await expect(keyless).rejects.toBeInstanceOf(MissingKeyError);
  expect(store.getRun("no-key")).toMatchObject({ status: "failed", model: "openai:gpt-4o" });
  expect(store.getRun("no-key")!.error).toContain("OPENAI_API_KEY");
  await expect(once({ task: "demo/no_such_task", runId: "no-task" })).rejects.toThrow();
  expect(store.getRun("no-task")).toMatchObject({ status: "failed", task: "demo/no_such_task" });
});
