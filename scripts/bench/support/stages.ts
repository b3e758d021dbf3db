/** @module Model calls by stage, in short labels, for the tables the eval benchmark and the relay summary print. */
import type { CallRecord } from "../../../src/core/usage.ts";

/** Short labels of the agents' call stages (the prompt each stage sends). */
export const SHORT_STAGE: Readonly<Record<string, string>> = {
  research_planning: "plan",
  action_planning: "act",
  intermediate_workflow: "J.7",
  conditional_action_planning: "J.8",
  gap_finding: "J.6",
  adaptive_action_planning: "AAP",
  workflow_generation: "J.9",
};

/** `plan 1, act 2, J.7 2, …`: how many of `calls` each stage made, in the order they first appear. */
export function stageCounts(calls: readonly Pick<CallRecord, "stage">[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) {
    const label = SHORT_STAGE[c.stage] ?? c.stage;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([k, v]) => `${k} ${v}`).join(", ");
}
