/** @module Tell the user which runs a dead process had left `running` (the store marked them `interrupted` on opening). */
import type { RunStore } from "../store/run-store.ts";

export function reportInterrupted(store: RunStore, log: (s: string) => void = console.error): void {
  const runs = store.interrupted;
  if (runs.length === 0) return;
  log(
    `${runs.length} run(s) left running by a process that ended are now marked interrupted (re-run their eval to resume them): ` +
      runs
        .slice(0, 5)
        .map((r) => r.id)
        .join(", ") +
      (runs.length > 5 ? ", …" : ""),
  );
}
