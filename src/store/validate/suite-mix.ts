/** @module The suite-level check: every task of a suite comes from one generator and one seed, so a suite is one draw. */
import type { Task } from "../../core/index.ts";
import type { Violation } from "./validate-task.ts";

/** `procedural seed 7`, `llm seed 7`, `drbench-import`: where a task comes from. */
export function taskSource(task: Pick<Task, "provenance">): string {
  const { generator, seed } = task.provenance;
  return seed === null || generator === "drbench-import" ? generator : `${generator} seed ${seed}`;
}

/**
 * One violation when the tasks of `suite` (at `dir`) come from more than one generator or seed — two generations
 * written into one folder — naming each source and its tasks; none otherwise. DRBench imports carry no seed, so
 * imported tasks of different DRBench tasks agree.
 */
export function suiteMixViolations(
  suite: string,
  dir: string,
  tasks: readonly { id: string; task: Pick<Task, "provenance"> }[],
): Violation[] {
  const bySource = new Map<string, string[]>();
  for (const t of tasks) {
    const key = taskSource(t.task);
    bySource.set(key, [...(bySource.get(key) ?? []), t.id]);
  }
  if (bySource.size <= 1) return [];
  const parts = [...bySource].map(
    ([source, ids]) =>
      `${ids.length} ${source} (${ids.slice(0, 4).join(", ")}${ids.length > 4 ? ", …" : ""})`,
  );
  return [
    {
      file: dir,
      path: "$.provenance",
      expected: `expected every task of suite "${suite}" from one generator and seed, got ${parts.join("; ")}: regenerate the suite with --replace`,
      rule: "suite-mix",
    },
  ];
}
