/** @module The offline `procedural` generator's public face: one task, realized files, or a whole suite on disk. */
import { type Domain, Domain as DomainSchema } from "../../core/index.ts";
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

/** The folder as written: realized files, working ids replaced by opaque handles (see `sealTask`). */
export async function taskFolder(generated: GeneratedTask): Promise<TaskFolder> {
  return sealTask({
    task: generated.task,
    manifest: generated.manifest,
    files: await realizeTask(generated),
  });
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
      taskId: `${domain}_${String(i + 1).padStart(2, "0")}`,
      domain,
      family: families[i % families.length]!.id,
    }));
  });
}

export type SuiteOptions = {
  root: string;
  suite: string;
  seed: number;
  perDomain?: number;
  domains?: readonly Domain[];
  /** Families to draw from (default: the shipped data files). */
  families?: readonly FamilySpec[];
  /** Called after each task folder is written. */
  onTask?: (ref: string, generated: GeneratedTask) => void;
};

/** `generated` keeps the generator's working ids; `folder` is what was written (handles). */
export type SuiteTask = { ref: string; dir: string; generated: GeneratedTask; folder: TaskFolder };

/** Generate, realize and write a suite; each task folder is replaced atomically. */
export async function generateProceduralSuite(options: SuiteOptions): Promise<SuiteTask[]> {
  const out: SuiteTask[] = [];
  for (const plan of suitePlan(options.perDomain ?? 2, options.domains, options.families)) {
    const generated = generateProceduralTask({
      ...plan,
      seed: options.seed,
      ...(options.families ? { families: options.families } : {}),
    });
    const folder = await taskFolder(generated);
    const dir = await writeTask(options.root, options.suite, folder.task, folder.manifest, folder.files);
    const ref = `${options.suite}/${plan.taskId}`;
    options.onTask?.(ref, generated);
    out.push({ ref, dir, generated, folder });
  }
  return out;
}
