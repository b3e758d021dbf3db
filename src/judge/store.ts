/** @module Keep an evaluation in the run store: its metric results under the run, labelled by the pinned judge so re-judging adds beside. */
import type { RunStore } from "../store/run-store.ts";
import type { EvaluationResult } from "./result.ts";

export function saveEvaluation(store: RunStore, runId: string, result: EvaluationResult, now?: string): void {
  store.saveMetrics(runId, result.metrics, now ? { now } : {});
}
