import { afterEach, beforeEach, expect, test } from "bun:test";
import type { MetricResult } from "../core/metric.ts";
import { latestRunRow, storeFingerprint } from "./run-changes.ts";
import { RunStore } from "./run-store.ts";

let store: RunStore;
beforeEach(() => {
  store = new RunStore(":memory:");
});
afterEach(() => store.close());

const run = (id: string, batch: string) =>
  store.saveRun({
    id,
    kind: "agent",
    batch,
    task: "demo/a_01",
    agent: "extractive",
    model: "none",
    status: "running",
    started_at: `2026-12-02T09:00:0${id.length}Z`,
  });

const f1: MetricResult = {
  metric: "f1",
  value: 0.5,
  scored: 1,
  unscored: 0,
  items: [],
  judge: { judge: "lexical", model: "", temperature: null, seed: null, prompt_hash: "", protocol: "lexical" },
  tokens: 0,
};

test("the fingerprint moves when a run is added, finishes or is judged, and only for its own batch", () => {
  const empty = storeFingerprint(store.db);
  expect(latestRunRow(store.db)).toBe(0);
  run("r1", "b1");
  const added = storeFingerprint(store.db);
  expect(added).not.toBe(empty);
  expect(latestRunRow(store.db)).toBe(1);
  const otherBatch = storeFingerprint(store.db, "b2");
  store.finishRun("r1", { status: "done", finishedAt: "2026-12-02T09:05:00Z" });
  const finished = storeFingerprint(store.db);
  expect(finished).not.toBe(added);
  store.saveMetrics("r1", [f1]);
  expect(storeFingerprint(store.db)).not.toBe(finished);
  expect(storeFingerprint(store.db, "b2")).not.toBe(otherBatch); // metric rows are not scoped: any judged run counts
  const b2 = storeFingerprint(store.db, "b2");
  run("r22", "b1");
  expect(storeFingerprint(store.db, "b2")).toBe(b2); // another batch's run leaves it
  store.finishRun("r1", { status: "done", finishedAt: "2026-12-02T09:05:00Z" });
  expect(latestRunRow(store.db)).toBe(2); // an update is no new row
});
