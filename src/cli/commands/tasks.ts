/** @module `drflow tasks list|show|validate|stats`: inspect, validate and describe task folders on disk. */

import { environmentSize, renderStats, taskStats } from "../../analysis/task-stats.ts";
import type { ArtifactEntry, Task } from "../../core/index.ts";
import {
  DEFAULT_TASK_ROOT,
  formatIssue,
  listTasks,
  loadTask,
  resolveTaskTargets,
  type TaskRef,
} from "../../store/task-store.ts";
import { validateTasks } from "../../store/validate/index.ts";
import { renderSummaryTable, summarizeTask } from "../../store/validate/summary.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = { strings: ["root"], booleans: ["json"] } satisfies FlagSpec;

const USAGE = [
  "drflow tasks list [SUITE] [--root tasks]",
  "drflow tasks show SUITE/TASK_ID [--root tasks] [--json]",
  "drflow tasks validate [SUITE | SUITE/TASK_ID]… [--root tasks]",
  "drflow tasks stats [SUITE | SUITE/TASK_ID]… [--root tasks]",
].join("\n       ");

/** The tasks the command names (a suite, suite/task, or every task), a missing one a usage error. */
async function targetsOf(root: string, targets: readonly string[]): Promise<TaskRef[]> {
  try {
    return await resolveTaskTargets(root, targets);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function list(root: string, positionals: string[], log: (s: string) => void): Promise<number> {
  const refs = await listTasks(root, positionals[0]);
  if (refs.length === 0) {
    log(`no tasks under ${root}${positionals[0] ? `/${positionals[0]}` : ""}`);
    return 0;
  }
  const rows = [];
  for (const t of refs) rows.push(summarizeTask(t.ref, await loadTask(root, t.ref)));
  log(renderSummaryTable(rows));
  return 0;
}

async function show(
  root: string,
  positionals: string[],
  json: boolean,
  log: (s: string) => void,
): Promise<number> {
  const ref = positionals[0];
  if (!ref) throw new UsageError(`expected SUITE/TASK_ID\nusage: ${USAGE}`);
  const { task, manifest } = await loadTask(root, ref);
  if (json) {
    log(JSON.stringify(task, null, 2));
    return 0;
  }
  if (task.kind === "drbench") {
    log(drbenchSummary(ref, task, manifest.artifacts));
    return 0;
  }
  const lines = [
    `${ref}: ${task.seed.question}`,
    `domain ${task.seed.domain} · family ${task.provenance.family} · ${task.seed.company.name}`,
    `user ${task.seed.user.name} (${task.seed.user.role})${task.user_case ? ` · case ${task.user_case.case_id} (${task.user_case.subject})` : ""}`,
    "",
    "generic workflow (→ gold branch):",
  ];
  for (const [i, s] of task.generic_workflow.entries()) {
    const p = task.personalized_workflow[i];
    const pre = s.prerequisite ? ` [after ${s.prerequisite}]` : "";
    lines.push(`  ${String(s.item).padStart(2)}. ${s.title}${pre}`);
    if (s.condition) {
      lines.push(
        `      ? ${s.condition.question} → ${p?.resolved_branch ?? "(unresolved)"}: ${p?.answer ?? ""}`,
      );
    }
  }
  lines.push("", "adjacent cases:");
  for (const c of task.adjacent_cases) lines.push(`  ${c.case_id} (${c.subject}): ${c.question}`);
  lines.push("", `artifacts (${manifest.artifacts.length}):`);
  for (const a of manifest.artifacts) lines.push(`  ${a.id.padEnd(24)} ${a.app.padEnd(5)} ${a.path}`);
  log(lines.join("\n"));
  return 0;
}

/** A DRBench task as DRBench states it: metadata, sub-questions, gold insights (web-only ones marked), distractors, files. */
function drbenchSummary(ref: string, task: Task, artifacts: readonly ArtifactEntry[]): string {
  const d = task.drbench;
  const carried = new Set(artifacts.flatMap((a) => a.evidence));
  const lines = [
    `${ref}: ${task.seed.question}`,
    `DRBench task · industry ${d?.industry || "?"} · domain ${d?.domain || "?"} · difficulty ${d?.difficulty || "?"} · ${task.seed.company.name} (drflow domain ${task.seed.domain})`,
    `user ${task.seed.user.name} (${task.seed.user.role})`,
    ...(d?.url ? [`source article ${d.url}`] : []),
    "",
    `subquestions (${d?.subquestions.length ?? 0}):`,
    ...(d?.subquestions.length ? d.subquestions.map((q) => `  - ${q}`) : ["  (none)"]),
  ];
  const unit = (u: Task["evidence"][number]) => {
    const web = !carried.has(u.id) && (u.urls ?? []).length > 0;
    return `  ${u.id.padEnd(16)} ${web ? `[web only: ${u.urls!.join(", ")}] ` : ""}${u.text}`;
  };
  const insights = task.evidence.filter((u) => u.role === "insight");
  const webOnly = insights.filter((u) => !carried.has(u.id) && (u.urls ?? []).length > 0).length;
  lines.push(
    "",
    `insights (${insights.length}; ${webOnly} web-only, reachable offline only when their page is saved in the task's web/ store):`,
  );
  lines.push(...insights.map(unit));
  const distractors = task.evidence.filter((u) => u.role === "distractor");
  lines.push("", `distractors (${distractors.length}):`, ...distractors.map(unit));
  lines.push("", `artifacts (${artifacts.length}):`);
  for (const a of artifacts) lines.push(`  ${a.id.padEnd(16)} ${a.app.padEnd(5)} ${a.path} — ${a.title}`);
  if (d?.context) lines.push("", "context:", ...d.context.split("\n").map((l) => `  ${l}`));
  return lines.join("\n");
}

async function validate(root: string, positionals: string[], log: (s: string) => void): Promise<number> {
  const targets = await targetsOf(root, positionals);
  const check = await validateTasks(root, targets);
  for (const t of check.tasks) {
    log(`${t.ref.ref}: ${t.violations.length === 0 ? "ok" : `${t.violations.length} violation(s)`}`);
    for (const v of t.violations) log(`  ${formatIssue(v)} [${v.rule}]`);
  }
  for (const s of check.suites)
    for (const v of s.violations) log(`${s.suite}: ${formatIssue(v)} [${v.rule}]`);
  log(`${targets.length} task(s) checked, ${check.violations} violation(s)`);
  return check.violations === 0 ? 0 : 1;
}

async function stats(root: string, positionals: string[], log: (s: string) => void): Promise<number> {
  const targets = await targetsOf(root, positionals);
  const rows = [];
  for (const t of targets) {
    const loaded = await loadTask(root, t.ref);
    rows.push({ ...taskStats(t.ref, loaded.task), ...(await environmentSize(loaded)) });
  }
  log(renderStats(rows));
  return 0;
}

export async function runTasks(args: string[], log: (s: string) => void = console.log): Promise<number> {
  const [sub, ...rest] = args;
  const { flags, positionals } = parseFlags(rest, FLAGS, USAGE);
  const root = String(flags.root ?? DEFAULT_TASK_ROOT);
  switch (sub) {
    case "list":
      return list(root, positionals, log);
    case "show":
      return show(root, positionals, Boolean(flags.json), log);
    case "validate":
      return validate(root, positionals, log);
    case "stats":
      return stats(root, positionals, log);
    default:
      throw new UsageError(`expected list, show, validate or stats\nusage: ${USAGE}`);
  }
}

export const tasks: Command = {
  name: "tasks",
  summary: "list, show, validate and describe the difficulty of task folders",
  flags: FLAGS,
  usage: USAGE,
  run: (args) => runTasks(args),
};
