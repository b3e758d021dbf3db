/** @module Suite summaries: per task, steps, conditions and artifacts by role and app, rendered as a plain-text table. */
import type { AppName, ArtifactRole } from "../../core/index.ts";
import { textTable } from "../../core/text-table.ts";
import type { LoadedTask } from "../task-store.ts";

export type TaskSummary = {
  ref: string;
  family: string;
  steps: number;
  conditions: number;
  roles: Record<ArtifactRole, number>;
  apps: Record<AppName, number>;
  evidence: number;
};

export function summarizeTask(ref: string, loaded: LoadedTask): TaskSummary {
  const roles: Record<ArtifactRole, number> = { insight: 0, distractor: 0, adjacent: 0 };
  const apps: Record<AppName, number> = { drive: 0, files: 0, chat: 0, email: 0 };
  for (const a of loaded.manifest.artifacts) {
    roles[a.role]++;
    apps[a.app]++;
  }
  return {
    ref,
    family: loaded.task.provenance.family,
    steps: loaded.task.generic_workflow.length,
    conditions: loaded.task.generic_workflow.filter((s) => s.condition !== null).length,
    roles,
    apps,
    evidence: loaded.task.evidence.length,
  };
}

const COLUMNS: [string, (s: TaskSummary) => string | number][] = [
  ["task", (s) => s.ref],
  ["family", (s) => s.family],
  ["steps", (s) => s.steps],
  ["cond", (s) => s.conditions],
  ["IN", (s) => s.roles.insight],
  ["DI", (s) => s.roles.distractor],
  ["AD", (s) => s.roles.adjacent],
  ["drive", (s) => s.apps.drive],
  ["files", (s) => s.apps.files],
  ["chat", (s) => s.apps.chat],
  ["email", (s) => s.apps.email],
  ["units", (s) => s.evidence],
];

/** A fixed-width table with a total row (sums for counts). */
export function renderSummaryTable(rows: readonly TaskSummary[]): string {
  const body = rows.map((r) => COLUMNS.map(([, f]) => String(f(r))));
  const total = COLUMNS.map(([, f], i) =>
    i === 0
      ? `total (${rows.length})`
      : i === 1
        ? ""
        : String(rows.reduce((sum, r) => sum + Number(f(r)), 0)),
  );
  return textTable(
    COLUMNS.map(([name]) => name),
    body,
    { right: (i) => i >= 2, footer: total },
  );
}
