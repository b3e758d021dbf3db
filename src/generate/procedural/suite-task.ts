/**
 * @module One task of a procedural suite, from plan to folder on disk: the suite's plan (task ids by domain and
 * family), realizing a generated task's files, sealing them into a folder and writing it. The suite writer
 * (`index.ts`) and its worker threads (`suite-worker.ts`) both call `writeSuiteTask`; neither imports the other.
 */
import { type Domain, Domain as DomainSchema, taskIdOf } from "../../core/index.ts";
import { type TaskFile, writeTask } from "../../store/task-store.ts";
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

export type SuitePlanEntry = ReturnType<typeof suitePlan>[number];

/** What every task of a suite shares (a suite worker receives it once). */
export type SuiteJob = {
  /** The tasks root the suite is written under. */
  root: string;
  suite: string;
  seed: number;
  /** The suite's secret (keys every draw and handle; absent: none). */
  secret?: string;
  /** Families to draw from (default: the shipped data files). */
  families?: readonly FamilySpec[];
};

/**
 * The task and manifest as generated, with the generator's working ids (role-bearing: never shown to an agent); the
 * folder at `dir` holds what was written (handles). Artifact contents are in the files, not here.
 */
export type SuiteTask = { ref: string; dir: string; generated: Pick<GeneratedTask, "task" | "manifest"> };

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
