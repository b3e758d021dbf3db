/** @module The offline `procedural` generator's public face: one task, realized files, or a whole suite on disk. */
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { type Domain, Domain as DomainSchema, taskIdOf } from "../../core/index.ts";
import { writeSuite } from "../../store/suite-write.ts";
import { type TaskFile, writeTask } from "../../store/task-store.ts";
import { CORPUS_CHARS } from "../corpus/build.ts";
import { writeSuiteCorpora } from "../corpus/suite.ts";
import { sealTask, type TaskFolder } from "../identity.ts";
import { realize } from "../realize/index.ts";
import { FAMILIES } from "./data.ts";
import type { FamilySpec } from "./family.ts";
import {
  familiesOf,
  type GeneratedTask,
  generateProceduralTask,
  type ProceduralOptions,
} from "./generate-task.ts";
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

export const ALL_DOMAINS: readonly Domain[] = DomainSchema.options;

/** Render every planned artifact to bytes at `artifacts/<path>`. */
export async function realizeTask(generated: GeneratedTask): Promise<TaskFile[]> {
  const files: TaskFile[] = [];
  for (const a of generated.artifacts) {
    files.push({ path: `artifacts/${a.entry.path}`, bytes: await realize(a.content, a.entry.format) });
  }
  return files;
}

/** The folder as written: realized files, working ids replaced by opaque handles keyed by the suite's `secret` (see `sealTask`). */
export async function taskFolder(generated: GeneratedTask, secret = ""): Promise<TaskFolder> {
  return sealTask(
    {
      task: generated.task,
      manifest: generated.manifest,
      files: await realizeTask(generated),
    },
    secret,
  );
}

/** Task ids of a suite: `<domain>_01`, `<domain>_02`, … with the domain's families taken in order. */
export function suitePlan(
  perDomain: number,
  domains: readonly Domain[] = ALL_DOMAINS,
  from: readonly FamilySpec[] = FAMILIES,
): (Omit<ProceduralOptions, "seed"> & { family: string })[] {
  return domains.flatMap((domain) => {
    const families = familiesOf(domain, from);
    if (families.length === 0) throw new Error(`no workflow family for domain ${domain}`);
    return Array.from({ length: perDomain }, (_, i) => ({
      taskId: taskIdOf(domain, i),
      domain,
      family: families[i % families.length]!.id,
    }));
  });
}

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

/**
 * The task and manifest as generated, with the generator's working ids (role-bearing: never shown to an agent); the
 * folder at `dir` holds what was written (handles). Artifact contents are in the files, not here.
 */
export type SuiteTask = { ref: string; dir: string; generated: Pick<GeneratedTask, "task" | "manifest"> };
export type SuitePlanEntry = ReturnType<typeof suitePlan>[number];
/** What every task of a suite shares (a suite worker receives it once). */
export type SuiteJob = Pick<SuiteOptions, "root" | "suite" | "seed" | "secret" | "families">;

/** Generate, realize and write one task of a suite; its folder is replaced atomically. */
export async function writeSuiteTask(plan: SuitePlanEntry, job: SuiteJob): Promise<SuiteTask> {
  const generated = generateProceduralTask({
    ...plan,
    seed: job.seed,
    ...(job.secret ? { secret: job.secret } : {}),
    ...(job.families ? { families: job.families } : {}),
  });
  const folder = await taskFolder(generated, job.secret);
  const dir = await writeTask(job.root, job.suite, folder.task, folder.manifest, folder.files);
  return {
    ref: `${job.suite}/${plan.taskId}`,
    dir,
    generated: { task: generated.task, manifest: generated.manifest },
  };
}

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
