/** @module The offline `procedural` generator's public face: one task, realized files, or a whole suite on disk. */
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Domain } from "../../core/index.ts";
import { writeSuite } from "../../store/suite-write.ts";
import { CORPUS_CHARS } from "../corpus/build.ts";
import { writeSuiteCorpora } from "../corpus/suite.ts";
import type { FamilySpec } from "./family.ts";
import { type SuiteJob, type SuiteTask, suitePlan, writeSuiteTask } from "./suite-task.ts";
import { generateOnThreads } from "./suite-workers.ts";

export { DOMAINS, FAMILIES, loadFamilies, loadFamilyFile } from "./data.ts";
export { AdjacentSpec, BranchSpec, ConditionSpec, DomainSpec, FamilySpec, StepSpec } from "./family.ts";
export {
  familiesOf,
  GENERATOR_VERSION,
  type GeneratedTask,
  generateProceduralTask,
  type PlannedArtifact,
  type ProceduralOptions,
} from "./generate-task.ts";
export { Rng } from "./prng.ts";
export { GeneratorSettings } from "./settings.ts";
export {
  ALL_DOMAINS,
  realizeTask,
  type SuiteJob,
  type SuitePlanEntry,
  type SuiteTask,
  suitePlan,
  taskFolder,
  writeSuiteTask,
} from "./suite-task.ts";

export type SuiteOptions = {
  root: string;
  suite: string;
  seed: number;
  /**
   * The suite's secret: keys every draw and handle of its tasks and corpora, so what an agent sees does not lead back
   * to the seed; written nowhere (task.json records its digest). Empty or absent: a suite reproducible from the seed
   * alone, which `drflow env audit` reports as a leak.
   */
  secret?: string;
  perDomain?: number;
  domains?: readonly Domain[];
  /** Families to draw from (default: the shipped data files). */
  families?: readonly FamilySpec[];
  /**
   * Threads that generate tasks side by side, this one included (default: one per two cores, at least
   * `TASKS_PER_THREAD` tasks each; 1 = all in this thread). A task's bytes depend on its plan, seed and secret only, so
   * the suite is the same for any count.
   */
  workers?: number;
  /** Called after each task folder is written, in plan order. */
  onTask?: (ref: string, generated: SuiteTask["generated"]) => void;
  /** Replace an existing suite (its old tasks are removed); without it an existing suite is refused (`SuiteExists`). */
  replace?: boolean;
  /**
   * Characters of each company's background corpus (`<suite>/_corpus/<company>/`, shared by the company's tasks;
   * default `CORPUS_CHARS`, 500,000); 0 writes none.
   */
  corpusChars?: number;
};

/** A worker thread first loads the generator's modules (about a second of CPU): worth it from this many tasks on. */
const TASKS_PER_THREAD = 20;

/**
 * Bun's helper threads (JIT compiler, file-system pool, GC) spend about as much CPU as the thread generating tasks
 * (`bun scripts/bench/generate.ts` prints CPU by thread), so by default one generating thread per two cores: on
 * two cores a second one made the run slower, not faster.
 */
function defaultThreads(tasks: number): number {
  return Math.max(1, Math.min(Math.floor(availableParallelism() / 2), Math.floor(tasks / TASKS_PER_THREAD)));
}

/**
 * Generate, realize and write a suite, on several threads when it is large enough to gain from them. The suite is
 * written as a whole (`writeSuite`): staged beside the tasks root and renamed into place, refused over an existing
 * suite unless `replace`.
 */
export async function generateProceduralSuite(options: SuiteOptions): Promise<SuiteTask[]> {
  const plans = suitePlan(options.perDomain ?? 2, options.domains, options.families);
  const threads = Math.min(options.workers ?? defaultThreads(plans.length), plans.length);
  const written = await writeSuite(
    options.root,
    options.suite,
    { replace: options.replace },
    async (staging) => {
      const job: SuiteJob = {
        root: staging,
        suite: options.suite,
        seed: options.seed,
        ...(options.secret ? { secret: options.secret } : {}),
        ...(options.families ? { families: options.families } : {}),
      };
      const tasks = await generateOnThreads(plans, job, writeSuiteTask, threads, (t) =>
        options.onTask?.(t.ref, t.generated),
      );
      await writeSuiteCorpora(
        tasks.map((t) => ({
          dir: join(staging, options.suite, t.generated.task.id),
          id: t.generated.task.id,
          domain: t.generated.task.seed.domain as Domain,
          company: t.generated.task.seed.company.name,
        })),
        {
          root: staging,
          suite: options.suite,
          seed: options.seed,
          ...(options.secret ? { secret: options.secret } : {}),
          chars: options.corpusChars ?? CORPUS_CHARS,
        },
      );
      return tasks;
    },
  );
  return written.map((t) => ({ ...t, dir: join(options.root, options.suite, t.generated.task.id) }));
}
