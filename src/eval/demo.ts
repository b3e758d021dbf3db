/** @module The offline demo loop: demo suite → embedded environment → `extractive` agent → `lexical` judge, both splits. */
import { extractive } from "../agents/extractive/index.ts";
import type { Split } from "../core/index.ts";
import type { RunStore } from "../store/run-store.ts";
import { DEFAULT_TASK_ROOT, listTasks } from "../store/task-store.ts";
import { evaluateSuite, type SuiteEvaluation } from "./evaluate-suite.ts";
import type { ProgressSink } from "./progress.ts";
import { defaultServices, LEXICAL } from "./services.ts";

export const DEMO_SPLITS: readonly Split[] = ["original", "mixed"];

export type DemoOptions = {
  root?: string;
  suite?: string;
  store: RunStore;
  /** Batch id; the same id resumes an interrupted demo. */
  batch: string;
  concurrency?: number;
  progress?: ProgressSink;
  /** Keep and reuse environment indexes here (`defaultServices`' indexDir); in memory per cell when omitted. */
  indexDir?: string;
};

/** The prefix of the batches the notebooks and the demo share. */
export const SHARED_BATCH_PREFIX = "notebooks-";

/**
 * The batch the notebooks and `bun run demo` share for a suite and judge, so a cell evaluated by one is read back by
 * the others instead of run again. Its cells are content-addressed (`runIdentity` in src/eval/identity.ts): a
 * regenerated suite's changed tasks are evaluated afresh.
 */
export function sharedBatchId(suite: string, judge: string): string {
  return `${SHARED_BATCH_PREFIX}${suite}-${judge.replace(/[^A-Za-z0-9_.-]/g, "_")}`;
}

/** Evaluate the extractive agent with the lexical judge on every task of the suite, original and mixed splits. */
export async function runDemo(options: DemoOptions): Promise<SuiteEvaluation> {
  const root = options.root ?? DEFAULT_TASK_ROOT;
  const suite = options.suite ?? "demo";
  const tasks = (await listTasks(root, suite)).map((t) => t.ref);
  if (tasks.length === 0) {
    throw new Error(
      `no tasks under ${root}/${suite}: generate them with "drflow generate --procedural --suite ${suite}"${suite === "demo" ? " (the committed demo: drflow demo --suite-only)" : ""}`,
    );
  }
  const services = defaultServices({
    root,
    store: options.store,
    judge: LEXICAL,
    indexDir: options.indexDir,
  });
  return evaluateSuite({
    batch: options.batch,
    tasks,
    splits: DEMO_SPLITS,
    agents: [{ spec: "extractive", agent: extractive() }],
    models: [],
    repeats: 1,
    concurrency: options.concurrency ?? 2,
    store: options.store,
    ...services,
    progress: options.progress,
  });
}
