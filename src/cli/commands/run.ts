/** @module `drflow run`: one agent on one task and split → report Markdown (file or stdout), recorded in the run store. */
import { agentDefinitions, agentFromSpec } from "../../agents/index.ts";
import { costsOf, SAFE_ID, Split } from "../../core/index.ts";
import { runOnce } from "../../eval/run-once.ts";
import { defaultServices, LEXICAL, resolveJudge } from "../../eval/services.ts";
import { formatMetric } from "../../eval/table.ts";
import { metricLabel, renderReportMarkdown } from "../../judge/index.ts";
import { formatCosts } from "../../llm/cost.ts";
import { resolveRole } from "../../llm/roles.ts";
import { writeFileAtomic } from "../../store/atomic-write.ts";
import { RunStore } from "../../store/run-store.ts";
import { runStoreLocation } from "../../store/shared.ts";
import { DEFAULT_TASK_ROOT } from "../../store/task-store.ts";
import { studioUrl } from "../../studio/announce.ts";
import { urls } from "../../studio/urls.ts";
import { type FlagSpec, parseFlags, timeoutFlag, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { existingTaskFlag } from "../task-flag.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
export const FLAGS = {
  strings: ["agent", "model", "task", "split", "out", "judge", "root", "store", "timeout", "run-id"],
  booleans: ["quiet"],
} satisfies FlagSpec;

const USAGE =
  "drflow run --agent <name[:key=value,…]> [--model <handle>] --task <suite/task_id> [--split original|mixed]\n" +
  "           [--out report.md|report.json] [--judge lexical|llm|<handle>] [--timeout <seconds>] [--root tasks]\n" +
  "           [--store .drflow/runs.sqlite] [--run-id <id>] [--quiet]";

export const run: Command = {
  name: "run",
  summary: "Run an agent on one task (report Markdown to a file or stdout)",
  flags: FLAGS,
  usage: () =>
    [
      USAGE,
      "",
      "  Agents (options as name:key=value, e.g. drfa:gf=false,cap=false):",
      ...agentDefinitions().map((a) => {
        const aliases = Object.keys(a.aliases);
        const facts = [a.needsModel ? "needs --model" : "offline", `${a.serves.join(" and ")} tasks`];
        if (aliases.length) facts.push(`also ${aliases.join(", ")}`);
        return `    ${a.name.padEnd(11)} ${a.summary} (${facts.join("; ")})`;
      }),
      "  The report's form follows the task: a workflow for DRFlow tasks, a cited research report for DRBench tasks;",
      "  an agent that cannot write it says so. --judge scores the report right away and prints the task kind's metrics",
      "  (llm: the judge role's model, DRFLOW_JUDGE_MODEL). --model defaults to DRFLOW_AGENT_MODEL, else the agent role's",
      "  default. --timeout (or DRFLOW_MODEL_TIMEOUT) bounds each model request; a timed-out request is retried up to 5",
      "  times. --run-id names the run in the store (letters, digits, _ - .; a new id), e.g. for drflow judge --run.",
      "  Progress (each agent action and model call) goes to stderr; --quiet leaves it out, keeping the closing summary.",
    ].join("\n"),
  async run(args) {
    const { flags } = parseFlags(args, FLAGS, USAGE);
    if (!flags.agent) throw new UsageError(`--agent is required\nusage: ${USAGE}`);
    if (!flags.task) throw new UsageError(`--task is required (e.g. demo/healthcare_01)\nusage: ${USAGE}`);
    const runId = flags["run-id"] === undefined ? undefined : String(flags["run-id"]);
    if (runId !== undefined && !SAFE_ID.test(runId))
      throw new UsageError(`--run-id: expected letters, digits, '_', '-' or '.', got "${runId}"`);
    const split = Split.safeParse(flags.split ?? "original");
    if (!split.success) throw new UsageError(`--split: expected original or mixed, got "${flags.split}"`);
    // Usage mistakes (exit 2) before anything is recorded: the agent spec, the task ref, and that the suite holds it.
    try {
      agentFromSpec(String(flags.agent));
    } catch (error) {
      throw new UsageError(`--agent: ${(error as Error).message}`);
    }
    const task = await existingTaskFlag(flags.task, flags.root ? String(flags.root) : DEFAULT_TASK_ROOT);
    const store = new RunStore(runStoreLocation(flags));
    try {
      const judge = flags.judge ? resolveJudge(String(flags.judge)) : LEXICAL;
      const timeoutMs = timeoutFlag(flags.timeout);
      const services = defaultServices({
        root: flags.root ? String(flags.root) : undefined,
        store,
        judge,
        namedBy: {
          ...(flags.model ? { agent: "--model" } : {}),
          ...(flags.judge ? { judge: "--judge" } : {}),
        },
        ...(timeoutMs !== undefined ? { modelOptions: { timeoutMs } } : {}),
      });
      const onEvent = flags.quiet
        ? undefined
        : (e: { type: string; tool?: string; stage?: string; description?: string; status?: string }) => {
            if (e.type === "action" && e.status === "started") console.error(`· ${e.description}`);
            if (e.type === "model") console.error(`  model call: ${e.stage}`);
          };
      const out = await runOnce({
        agent: String(flags.agent),
        // --model, else DRFLOW_AGENT_MODEL, else the agent role's default (used only by agents that need a model).
        model: resolveRole("agent", flags.model ? String(flags.model) : null).handle,
        task,
        split: split.data,
        store,
        services,
        judge: Boolean(flags.judge),
        onEvent,
        ...(runId ? { runId } : {}),
      });
      const markdown = renderReportMarkdown(out.report);
      if (flags.out) {
        const path = String(flags.out);
        await writeFileAtomic(
          path,
          path.endsWith(".json") ? `${JSON.stringify(out.report, null, 2)}\n` : markdown,
        );
      } else console.log(markdown);
      const resolved = out.report.condition_resolution.filter((r) => r.resolved).length;
      const shape =
        out.report.form === "research"
          ? `research report, ${out.report.findings.split("\n").filter((l) => /^\s*[-*] /.test(l)).length} findings`
          : `${out.report.generic_workflow.length} steps, ${resolved}/${out.report.condition_resolution.length} conditions resolved`;
      const lines = [
        `run ${out.runId}: ${shape}, ${out.report.references.length} references`,
        `usage: ${out.usage.calls} model calls${out.usage.cachedCalls ? ` (${out.usage.cachedCalls} from the cache)` : ""}, ${out.usage.inputTokens} in / ${out.usage.outputTokens} out tokens fetched, ${formatCosts(...costsOf(out.usage))}`,
        `environment: ${split.data} split, search index embedded with ${out.envEmbedder}`,
        ...(flags.out ? [`report written to ${flags.out}`] : []),
        ...(studioUrl(urls.run(out.runId), store.path)
          ? [`studio: ${studioUrl(urls.run(out.runId), store.path)}`]
          : []),
        ...out.metrics.map(
          (m) =>
            `  ${metricLabel(m.metric).short.padEnd(14)} ${m.not_applicable ? "n/a" : formatMetric({ mean: m.value, std: null, repeats: 1 })}`,
        ),
      ];
      console.error(lines.join("\n"));
      return 0;
    } finally {
      store.close();
    }
  },
};
