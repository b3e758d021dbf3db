/** @module What the API calls: the primitives, injected so the app holds no logic and tests can point it at temp folders. */
import type { TraceEvent } from "../agents/types.ts";
import type { Domain, MetricResult, Report, RunUsage, Split, UsageTotals } from "../core/index.ts";
import type { Env } from "../env/types.ts";
import type { FlowchartStep } from "../judge/report/flowchart.ts";
import type { Model } from "../llm/types.ts";
import type { RunStore } from "../store/run-store.ts";
import type { LoadedTask } from "../store/task-store.ts";

export type JudgeChoice = "lexical" | string;

export type ApiDeps = {
  tasksRoot: string;
  /** Where runs started through the API are recorded and other runs are read from (`:memory:` keeps them in memory). */
  store: RunStore;
  notebooksDir: string;
  /** Where the server's notebook runs write their pages (default `.drflow/notebooks`, never the source tree). */
  notebooksOut: string;
  /** Model handles requests may name (agent, judge, generator); any other is refused before a model is built. */
  models: readonly string[];
  listTasks(root: string, suite?: string): Promise<{ ref: string; suite: string; id: string }[]>;
  loadTask(root: string, ref: string): Promise<LoadedTask>;
  workflowFlowchart(steps: readonly FlowchartStep[], options: { personalized: boolean }): string;
  /** Procedural generation of a suite; returns the refs written. */
  generateSuite(input: {
    root: string;
    suite: string;
    seed: number;
    perDomain: number;
    replace?: boolean;
  }): Promise<string[]>;
  loadEnv(loaded: LoadedTask, options: { split: Split }): Promise<Env>;
  makeModel(handle: string): Model;
  /**
   * One recorded agent run (the `drflow run` primitive): saves the run, runs the agent on the task's environment,
   * judges it when `judge` is set, and records report, trace, usage and metrics in `store`.
   */
  runOnce(input: {
    /** Agent spec, e.g. `drfa:gf=false,iterations=5`. */
    agent: string;
    model?: string;
    task: string;
    split: Split;
    judge?: JudgeChoice;
    runId: string;
    onEvent?: (event: TraceEvent) => void;
  }): Promise<{ report: Report; trace: TraceEvent[]; usage: RunUsage; metrics: MetricResult[] }>;
  judge(
    report: Report | string,
    loaded: LoadedTask,
    options: { judge: JudgeChoice; metrics?: MetricResult["metric"][]; model: Model | null },
  ): Promise<MetricResult[]>;
  /** LLM generation (S1–S6) of `n` tasks of one domain; usage attributed to one `generate` run. */
  generateLlmSuite(input: {
    root: string;
    suite: string;
    seed: number;
    domain: Domain;
    n: number;
    adjacentCases: number;
    model: Model;
    replace?: boolean;
  }): Promise<{ refs: string[]; runId: string; usage: UsageTotals }>;
  /** Run a notebook (in a child process) and return the written page's path. */
  runNotebook(name: string, params: Record<string, string>): Promise<string>;
  now(): Date;
};
