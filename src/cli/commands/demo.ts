/** @module `drflow demo` (generation stage): regenerate or validate the demo suite and print its summary table. */
import { generateProceduralSuite } from "../../generate/index.ts";
import { renderSummaryTable, summarizeTask, validateTaskDir } from "../../generate/validate/index.ts";
import { DEFAULT_TASK_ROOT, formatIssue, listTasks, loadTask } from "../../store/task-store.ts";
import { parseFlags } from "../args.ts";
import type { Command } from "../command.ts";

export const DEMO_SUITE = "demo";
export const DEMO_SEED = 7;
const USAGE = "drflow demo [--regenerate] [--root tasks]";

/**
 * Make sure the demo suite exists (generating it with seed 7 when missing or with --regenerate), validate every
 * task, and print the summary table. Returns 1 when any task has a violation.
 */
export async function runDemoSuite(args: string[], log: (s: string) => void = console.log): Promise<number> {
  const { flags } = parseFlags(args, { strings: ["root"], booleans: ["regenerate"] }, USAGE);
  const root = String(flags.root ?? DEFAULT_TASK_ROOT);
  let refs = await listTasks(root, DEMO_SUITE);
  if (flags.regenerate || refs.length === 0) {
    log(`generating ${root}/${DEMO_SUITE} (procedural, seed ${DEMO_SEED}, 2 tasks per domain)…`);
    await generateProceduralSuite({ root, suite: DEMO_SUITE, seed: DEMO_SEED, perDomain: 2 });
    refs = await listTasks(root, DEMO_SUITE);
  }
  const rows = [];
  let violations = 0;
  for (const t of refs) {
    const found = await validateTaskDir(t.dir, () => loadTask(root, t.ref));
    for (const v of found) log(`${formatIssue(v)} [${v.rule}]`);
    violations += found.length;
    rows.push(summarizeTask(t.ref, await loadTask(root, t.ref)));
  }
  log(renderSummaryTable(rows));
  log(`${refs.length} task(s) validated, ${violations} violation(s)`);
  return violations === 0 ? 0 : 1;
}

export const demo: Command = {
  name: "demo",
  summary: "validate (or --regenerate) the demo suite and print its summary",
  usage: USAGE,
  run: (args) => runDemoSuite(args),
};
