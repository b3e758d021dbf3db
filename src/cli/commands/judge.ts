/** @module `drflow judge`: score a report file against a task, or re-score a stored run's report, with the lexical or an LLM judge. */
import { readFile } from "node:fs/promises";
import { metricStatus } from "../../core/index.ts";
import { LEXICAL, resolveJudge } from "../../eval/services.ts";
import {
  evaluate,
  formatEvaluation,
  formatExplanation,
  KnownMetricName,
  metricDefinitions,
  Protocol,
  saveEvaluation,
} from "../../judge/index.ts";
import { parseReportMarkdown } from "../../judge/report/parse.ts";
import { createModel } from "../../llm/index.ts";
import { RunStore } from "../../store/run-store.ts";
import { runStoreLocation } from "../../store/shared.ts";
import { DEFAULT_TASK_ROOT, loadTask } from "../../store/task-store.ts";
import {
  choiceFlag,
  type FlagSpec,
  inputFileFlag,
  intFlag,
  parseFlags,
  timeoutFlag,
  UsageError,
} from "../args.ts";
import type { Command } from "../command.ts";
import { existingTaskFlag } from "../task-flag.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
export const FLAGS = {
  strings: [
    "task",
    "report",
    "run",
    "judge",
    "protocol",
    "metrics",
    "judge-repeats",
    "root",
    "store",
    "timeout",
  ],
  booleans: ["json", "explain"],
} satisfies FlagSpec;

const USAGE =
  "drflow judge (--task <suite/task_id> --report <file.md|file.json> | --run <run id>) [--judge lexical|llm|<model handle>]\n" +
  "             [--timeout <seconds>]\n" +
  "             [--protocol per-step|batched] [--metrics m1,m2] [--judge-repeats n] [--root tasks] [--store .drflow/runs.sqlite] [--json] [--explain]";

export const judge: Command = {
  name: "judge",
  summary: "Score a report (file or stored run) with the seven metrics; no agent is re-run",
  flags: FLAGS,
  usage: () =>
    `${USAGE}\n\n  --metrics (default: the task kind's): ${metricDefinitions()
      .map((m) => `${m.name} (${m.kinds.join("/")})`)
      .join(
        ", ",
      )}.\n  --judge defaults to DRFLOW_JUDGE_MODEL when it is set (llm: the judge role's model), else lexical.\n  --run re-scores the stored report of a run and stores the results beside earlier judges' results.\n  --protocol (LLM judge): per-step sends the paper's N.1–N.5 prompts, one per question (the default); batched sends\n  drflow's prompts, one request per metric (factuality: per set of claims sharing a cited source), about a third of\n  the tokens; a batched reply that misses an item leaves it unscored after one retry.\n  --judge-repeats n judges n times and reports agreement between repeats.\n  --explain prints, per metric, the evidence behind each decision (aligned pairs with similarity, claims with their\n  best cited chunk, specifics credited, missing and misplaced); with --json it is the result's "explanation" field.`,
  async run(args) {
    const { flags } = parseFlags(args, FLAGS, USAGE);
    if (!flags.run && !(flags.task && flags.report))
      throw new UsageError(`give --run <id>, or --task and --report\nusage: ${USAGE}`);
    if (flags.run && (flags.task || flags.report))
      throw new UsageError("--run takes the task and report from the run store; drop --task/--report");
    const protocol = choiceFlag(flags.protocol, "protocol", Protocol.options, "per-step");
    const metrics = flags.metrics
      ? String(flags.metrics)
          .split(",")
          .map((m) => {
            const parsed = KnownMetricName.safeParse(m.trim());
            if (!parsed.success) throw new UsageError(`--metrics: ${parsed.error.issues[0]!.message}`);
            return parsed.data;
          })
      : undefined;
    const repeats = intFlag(flags["judge-repeats"] || undefined, "judge-repeats", 1, 1);
    const root = String(flags.root ?? DEFAULT_TASK_ROOT);
    const storePath = runStoreLocation(flags);
    const judgeName = resolveJudge(flags.judge === undefined ? undefined : String(flags.judge));
    const timeoutMs = timeoutFlag(flags.timeout);
    const store = flags.run || judgeName !== LEXICAL ? new RunStore(storePath) : null;
    try {
      const judgeSpec =
        judgeName === LEXICAL
          ? LEXICAL
          : createModel(judgeName, {
              usage: store ?? undefined,
              role: "judge",
              ...(timeoutMs !== undefined ? { timeoutMs } : {}),
            });
      let taskRef: string;
      let input: string | Awaited<ReturnType<RunStore["getReport"]>>;
      if (flags.run) {
        const runId = String(flags.run);
        const record = store!.getRun(runId);
        if (!record)
          throw new UsageError(`--run: no run "${runId}" in ${storePath} (drflow usage lists runs)`);
        input = store!.getReport(runId);
        if (!input)
          throw new UsageError(`--run: run "${runId}" has no stored report (status ${record.status})`);
        taskRef = record.task;
      } else {
        taskRef = await existingTaskFlag(flags.task, root);
        input = await readFile(inputFileFlag(flags.report, "report"), "utf8");
      }
      const loaded = await loadTask(root, taskRef);
      if (typeof input === "string" && loaded.task.kind === "drflow")
        refuseNonReport(input, String(flags.report));
      const result = await evaluate(input!, loaded, {
        judge: judgeSpec,
        protocol,
        repeats,
        ...(metrics ? { metrics } : {}),
        ...(flags.run ? { llm: { runId: String(flags.run) } } : {}),
      });
      if (flags.run) saveEvaluation(store!, String(flags.run), result);
      const report =
        typeof input === "string" ? parseReportMarkdown(input, { taskId: loaded.task.id }).report : input!;
      if (flags.json) console.log(JSON.stringify(result, null, 2));
      else {
        const goldTitles = new Map(loaded.task.generic_workflow.map((g) => [g.item, g.title]));
        console.log(formatEvaluation(result, report, goldTitles));
        if (flags.explain) console.log(`\n${formatExplanation(result.explanation)}`);
        if (flags.run) console.log(`\nstored under run ${flags.run} in ${storePath}`);
      }
      // Nothing scored (every applicable metric's judging failed): the results are stored, marked unscored, and the
      // exit code says the judgment did not happen; `drflow eval` judges such a cell again on its next run.
      const statuses = result.metrics.map(metricStatus);
      if (statuses.length > 0 && !statuses.includes("scored") && statuses.includes("unscored")) {
        console.error(
          `drflow judge: nothing could be scored: the ${judgeName} judge's replies were unusable for every metric (${result.metrics
            .filter((m) => metricStatus(m) === "unscored")
            .map((m) => m.metric)
            .join(", ")})`,
        );
        return 1;
      }
      return 0;
    } finally {
      store?.close();
    }
  },
};

/**
 * A file given as a DRFlow report that holds neither workflow section nor JSON steps is not a report: judged, it would
 * print zeros as if an agent had written nothing. (An empty report — the sections with no steps — still scores 0.)
 */
function refuseNonReport(text: string, path: string): void {
  const { problems } = parseReportMarkdown(text);
  const missing = (section: string) =>
    problems.some((p) => p.section === section && p.message === "section not found");
  if (missing("generic_workflow") && missing("personalized_workflow"))
    throw new UsageError(
      `--report: ${path} is not a workflow report: no generic or personalized workflow section (the paper's "## 1. Generic Enterprise Workflow" / "## 2. Personalized Recommended Workflow", or Report JSON)`,
    );
}
