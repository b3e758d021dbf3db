/** @module `drflow eval`: a batch of agents × models × splits × repeats over a suite, resumable, with a summary table. */
import { Split } from "../../core/index.ts";
import { DEFAULT_INDEX_DIR } from "../../env/load.ts";
import { parseAgentList, parseList } from "../../eval/agent-list.ts";
import { evaluateSuite } from "../../eval/evaluate-suite.ts";
import { GridError, type GridPlan, planGrid } from "../../eval/grid-plan.ts";
import {
  DEFAULT_POLICY,
  enqueue,
  follow,
  type Grid,
  gridJobs,
  openQueue,
  type QueuePolicy,
  readBack,
} from "../../eval/queue.ts";
import { defaultServices, LEXICAL, resolveJudge } from "../../eval/services.ts";
import { summarize } from "../../eval/summary.ts";
import { failureLines, formatGridSummary } from "../../eval/table.ts";
import { Protocol } from "../../judge/evaluate.ts";
import { RunStore } from "../../store/run-store.ts";
import { DATABASE_URL_ENV, databaseUrl, runStoreLocation } from "../../store/shared.ts";
import { DEFAULT_TASK_ROOT } from "../../store/task-store.ts";
import { studioUrl } from "../../studio/announce.ts";
import { urls } from "../../studio/urls.ts";
import { choiceFlag, type FlagSpec, intFlag, parseFlags, timeoutFlag, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { reportInterrupted } from "../interrupted.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
export const FLAGS = {
  strings: [
    "suite",
    "split",
    "agents",
    "models",
    "repeats",
    "judge",
    "judge-protocol",
    "concurrency",
    "batch",
    "tasks",
    "root",
    "store",
    "index-dir",
    "database",
    "heartbeat",
    "retries",
    "timeout",
  ],
  booleans: ["index", "queue", "retry-dead"],
} satisfies FlagSpec;

const USAGE =
  "drflow eval --suite <name> [--split original|mixed|original,mixed] --agents extractive,drfa:gf=false,… [--models h1,h2]\n" +
  "            [--repeats 3] [--judge lexical|llm|<handle> [--judge-protocol per-step|batched]] [--concurrency N] [--batch ID] [--tasks id1,id2] [--root tasks]\n" +
  "            [--timeout <seconds>]\n" +
  "            [--store .drflow/runs.sqlite | --database postgres://…] [--index-dir .drflow/env | --no-index]\n" +
  "            [--queue [--heartbeat 30] [--retries 3] [--no-retry-dead]]";

export const evalCommand: Command = {
  name: "eval",
  summary: "Evaluate agents × models × splits × repeats on a suite (resumable; summary table)",
  flags: FLAGS,
  usage: `${USAGE}\n\n  The batch id defaults to a hash of the grid, so re-running the same command resumes it: finished cells\n  are read back from the run store, interrupted ones run again (their model calls come from the LLM cache).\n  Progress goes to stderr, the summary (mean ± std over repeats, in percent) to stdout.\n  Each task × split environment index is kept under --index-dir (the layout of drflow env) and reused while the\n  task's files are unchanged; --no-index builds every cell's environment in memory instead.\n  With --database or DRFLOW_DATABASE_URL the run store is that PostgreSQL database (DRFLOW_DATABASE_URL: the\n  model-call cache too); --queue enqueues the cells there for \`drflow worker\`s and follows them. Re-running the\n  same --queue command resumes the grid: cells that failed or were dead-lettered are enqueued again (--retry-dead,\n  the default) with --retries fresh retries, their earlier errors kept in the job's history; --no-retry-dead only\n  reports them.\n  --judge-protocol (LLM judge): per-step sends the paper's N.1–N.5 prompts (the default); batched sends drflow's\n  prompts, one request per metric, about a third of the tokens (see \`drflow judge --help\`).\n  --models defaults to DRFLOW_AGENT_MODEL (else the agent role's default); --judge to DRFLOW_JUDGE_MODEL when it is\n  set (llm: the judge role's model), else lexical. --timeout (or DRFLOW_MODEL_TIMEOUT) bounds each model request.`,
  async run(args) {
    const { flags } = parseFlags(args, FLAGS, USAGE);
    if (!flags.suite) throw new UsageError(`--suite is required (e.g. demo)\nusage: ${USAGE}`);
    if (!flags.agents) throw new UsageError(`--agents is required (e.g. extractive,drfa)\nusage: ${USAGE}`);
    const suite = String(flags.suite);
    const root = flags.root ? String(flags.root) : DEFAULT_TASK_ROOT;
    const splits = parseList(String(flags.split ?? "original")).map((s) => {
      const parsed = Split.safeParse(s);
      if (!parsed.success)
        throw new UsageError(`--split: expected original, mixed or both comma-separated, got "${s}"`);
      return parsed.data;
    });
    let specs: string[];
    try {
      specs = parseAgentList(String(flags.agents));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const repeats = intFlag(flags.repeats, "repeats", 1, 1);
    const concurrency = intFlag(flags.concurrency, "concurrency", 1, 1);
    const judge = resolveJudge(flags.judge === undefined ? undefined : String(flags.judge));
    const timeoutMs = timeoutFlag(flags.timeout);
    const judgeProtocol = choiceFlag(flags["judge-protocol"], "judge-protocol", Protocol.options, "per-step");
    if (judge === LEXICAL && judgeProtocol !== "per-step")
      throw new UsageError(
        "--judge-protocol applies to an LLM judge (--judge <handle>); the lexical judge has none",
      );
    let plan: GridPlan;
    try {
      plan = await planGrid({
        root,
        suite,
        ...(flags.tasks ? { tasks: parseList(String(flags.tasks)) } : {}),
        splits,
        agents: specs,
        ...(flags.models ? { models: parseList(String(flags.models)) } : {}),
        repeats,
        judge,
        judgeProtocol,
        ...(flags.batch ? { batch: String(flags.batch) } : {}),
      });
    } catch (error) {
      if (error instanceof GridError) throw new UsageError(error.message);
      throw error;
    }
    const { batch, tasks, agents, models } = plan;
    if (flags.queue) {
      const url = databaseUrl(flags.database ? String(flags.database) : null);
      if (!url) throw new UsageError(`--queue needs a shared database: --database or ${DATABASE_URL_ENV}`);
      const heartbeat = intFlag(flags.heartbeat, "heartbeat", DEFAULT_POLICY.heartbeatSeconds, 1);
      if (heartbeat < 10)
        throw new UsageError(`--heartbeat: pg-boss needs at least 10 seconds, got ${heartbeat}`);
      const retryLimit = intFlag(flags.retries, "retries", DEFAULT_POLICY.retryLimit, 0);
      return queueEval({
        url,
        policy: { ...DEFAULT_POLICY, heartbeatSeconds: heartbeat, retryLimit },
        retryDead: flags["retry-dead"] !== false,
        grid: { batch, tasks, splits, agents, models, repeats, judgeName: judge, judgeProtocol, root },
      });
    }
    const store = new RunStore(runStoreLocation(flags));
    try {
      reportInterrupted(store);
      const indexDir = flags.index === false ? undefined : String(flags["index-dir"] ?? DEFAULT_INDEX_DIR);
      const services = defaultServices({
        root,
        store,
        judge,
        judgeProtocol,
        indexDir,
        namedBy: {
          ...(flags.models ? { agent: "--models" } : {}),
          ...(flags.judge ? { judge: "--judge" } : {}),
        },
        ...(timeoutMs !== undefined ? { modelOptions: { timeoutMs } } : {}),
      });
      console.error(
        `batch ${batch}: ${tasks.length} tasks × ${agents.length} agents × ${splits.join("+")} × ${repeats} repeats`,
      );
      const out = await evaluateSuite({
        batch,
        tasks,
        splits,
        agents,
        models,
        repeats,
        concurrency,
        store,
        ...services,
        progress: process.stderr,
      });
      console.log(formatGridSummary(out.summary));
      const failed = out.results.filter((r) => r.status === "failed");
      console.error(
        `\n${out.ran} cells ran, ${out.skipped} read back from earlier runs of batch ${batch}` +
          (failed.length > 0 ? `; ${failed.length} failed (re-run the same command to retry them)` : ""),
      );
      for (const line of failureLines(out.results)) console.error(line);
      const url = studioUrl(urls.batch(batch), store.path);
      if (url) console.error(`studio: ${url}`);
      return failed.length > 0 ? 1 : 0;
    } finally {
      store.close();
    }
  },
};

/**
 * `drflow eval --queue`: enqueue the grid's cells (a cell already queued or finished is not sent again), follow the
 * workers' progress, then read the results from the shared store and print the same summary table.
 */
async function queueEval(options: {
  url: string;
  policy: QueuePolicy;
  retryDead: boolean;
  grid: Omit<Grid, "judge" | "loadTask"> & { root: string };
}): Promise<number> {
  const { grid } = options;
  const store = new RunStore(options.url);
  const services = defaultServices({
    root: grid.root,
    store,
    judge: grid.judgeName,
    judgeProtocol: grid.judgeProtocol,
  });
  const boss = await openQueue(options.url, options.policy, { supervise: false, configure: true });
  try {
    const jobs = await gridJobs({
      ...grid,
      judge: services.judge,
      loadTask: services.loadTask,
      // An LLM cell's identity names its environment's embedder, as the workers' services will.
      envEmbedder: services.envEmbedder,
    });
    const sent = await enqueue(boss, jobs, { resume: options.retryDead, retries: options.policy.retryLimit });
    console.error(
      `batch ${grid.batch}: ${jobs.length} cells, ${sent.added} enqueued, ${sent.resumed.length} re-enqueued after failing, ${sent.kept} already queued or finished (drflow worker runs them)`,
    );
    for (const r of sent.resumed.slice(0, 5))
      console.error(`  again: ${r.cell.task} ${r.cell.agent} ${r.cell.split} (it failed: ${r.error})`);
    if (sent.resumed.length > 5) console.error(`  … and ${sent.resumed.length - 5} more`);
    const final = await follow(boss, jobs, (s) =>
      console.error(
        `queue: ${s.completed}/${jobs.length} done, ${s.active} running, ${s.retry} to retry, ${s.queued} waiting, ${s.failed} failed`,
      ),
    );
    const results = readBack(store, jobs, final.errors);
    console.log(formatGridSummary(summarize(results)));
    for (const line of failureLines(results)) console.error(line);
    return results.some((r) => r.status === "failed") ? 1 : 0;
  } finally {
    await boss.stop({ graceful: false });
    store.close();
  }
}
