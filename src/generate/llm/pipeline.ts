/** @module The LLM generation pipeline for one task: S2–S6, file realization and assembly, each step resumable from the work folder. */
import { z } from "zod";
import { type ArtifactManifest, GenericStep, PersonalizedStep, type Task } from "../../core/index.ts";
import { loadTask, writeTask } from "../../store/task-store.ts";
import { type Violation, validateTaskDir } from "../../store/validate/index.ts";
import { sealTask } from "../identity.ts";
import { Rng } from "../procedural/prng.ts";
import { assembleTask } from "./assemble.ts";
import { RealizedRecord, realizeArtifact } from "./files/artifact.ts";
import { addDays, type FileContext, type Realized, usernameOf } from "./files/context.ts";
import { type Meter, spendOf } from "./meter.ts";
import type { GenerationOptions } from "./options.ts";
import { planArtifacts } from "./plan.ts";
import { ALL_TEMPLATES, evidenceKey, redoes } from "./revision.ts";
import { SeedRecord } from "./stages/s1-seeds.ts";
import { Contexts, runS2Contexts, runS2Workflow, S2Workflow, toGenericSteps } from "./stages/s2-contexts.ts";
import { runS3Distractors, S3Distractors } from "./stages/s3-company.ts";
import { runS4, S4Output, toPersonalizedSteps } from "./stages/s4-personalized.ts";
import {
  runS5Distractors,
  runS5Insights,
  S5Distractors,
  S5Insights,
  supportCount,
} from "./stages/s5-user.ts";
import {
  AdjacentInsights,
  AdjacentQuestions,
  runS6Insights,
  runS6Questions,
  runS6Scene,
  Scene,
} from "./stages/s6-adjacent.ts";
import type { StageEnv } from "./stages/stage-env.ts";
import { openWorkDir, workDirPath } from "./work-dir.ts";

/** `issues`: the violations `drflow tasks validate` reports for the written folder (empty when the task is sound). */
export type GeneratedTask = { task: Task; manifest: ArtifactManifest; dir: string; issues: Violation[] };

/**
 * Generate one task from its seed. Every stage output is validated (and regenerated with the accumulated errors),
 * then stored under `<root>/<suite>/.work/<task>/`; a re-run skips every stored stage and artifact.
 */
export async function generateTask(
  env: StageEnv & { model: { meter?: Meter } },
  seed: SeedRecord,
  opts: GenerationOptions,
): Promise<GeneratedTask> {
  const taskId = seed.task_id;
  const work = openWorkDir(workDirPath(opts.root, opts.suite, taskId));
  const cost = () => spendOf(env.model.meter);
  const stage = async <S extends z.ZodType>(
    key: string,
    label: string,
    schema: S,
    produce: () => Promise<z.infer<S>>,
  ) => {
    // A stage a human review sends back is generated again (its reasons reach the prompt through env.revision).
    const done = redoes(env.revision, key) ? null : await work.read(key, schema);
    if (done !== null) {
      opts.onProgress?.({ kind: "stage", task: taskId, stage: label, status: "resumed", ...cost() });
      return done;
    }
    opts.onProgress?.({ kind: "stage", task: taskId, stage: label, status: "start", ...cost() });
    const out = await produce();
    await work.write(key, out);
    opts.onProgress?.({ kind: "stage", task: taskId, stage: label, status: "done", ...cost() });
    return out;
  };

  await work.write("seed", SeedRecord.parse(seed));
  const contexts = await stage("S2.contexts", "S2 contexts", Contexts, () => runS2Contexts(env, seed));
  const workflow = await stage("S2.workflow", "S2 generic workflow", S2Workflow, () =>
    runS2Workflow(env, seed, contexts, opts.shape),
  );
  const gold = toGenericSteps(workflow);
  const distractors = await stage("S3.distractors", "S3 company distractors", S3Distractors, () =>
    runS3Distractors(env, seed, gold, opts.companyDistractors),
  );
  const s4 = await stage("S4.personalized", "S4 personalized workflow", S4Output, () =>
    runS4(env, seed, gold, contexts.personal_context),
  );
  const personalized = toPersonalizedSteps(s4, gold);
  const nSupports = supportCount(contexts.personal_context, gold, opts.maxUserInsights);
  const insights = await stage("S5.insights", "S5 user insights", S5Insights, () =>
    runS5Insights(env, seed, contexts.personal_context, gold, personalized, nSupports),
  );
  const userDistractors = await stage("S5.distractors", "S5 user distractors", S5Distractors, () =>
    runS5Distractors(env, seed, contexts.personal_context, opts.userDistractors),
  );

  const persona = {
    name: seed.user_name,
    email: seed.user_email,
    username: usernameOf(seed.user_email),
    role: seed.user_role,
    role_description: seed.user_role_description,
  };
  let adjacentQuestions: AdjacentQuestions | null = null;
  const adjacent: AdjacentInsights[] = [];
  const scenes: Scene[] = [];
  if (opts.adjacentCases > 0) {
    adjacentQuestions = await stage("S6.questions", "S6 adjacent questions", AdjacentQuestions, () =>
      runS6Questions(env, seed, insights.items, opts.adjacentCases),
    );
    for (const [ci, d] of adjacentQuestions.drs.entries()) {
      const items = await stage(
        `S6.case${ci + 1}.insights`,
        `S6 adjacent insights ${ci + 1}`,
        AdjacentInsights,
        () => runS6Insights(env, seed, d.dr_question, insights.items, opts.adjacentInsights),
      );
      adjacent.push(items);
      const scene = await stage(`S6.case${ci + 1}.scene`, `S6 adjacent scene ${ci + 1}`, Scene, () =>
        runS6Scene(
          env,
          seed,
          persona,
          d.dr_question,
          items.items[0]!,
          scenes.map((s) => s.case_id),
        ),
      );
      scenes.push(scene);
    }
  }

  const plan = planArtifacts({
    taskId,
    gold,
    companyDistractors: distractors.steps,
    userInsights: insights.items,
    userDistractors: userDistractors.items,
    adjacent,
    adjacentCaseIds: scenes.map((sc) => sc.case_id),
    modalities: opts.modalities,
    adjacentFormats: opts.adjacentFormats,
    seed: opts.seed,
    ...(opts.secret ? { secret: opts.secret } : {}),
  });
  const ctx: FileContext = {
    env,
    seed,
    persona,
    subsections: opts.subsections,
    chatTurns: opts.chatTurns,
    emailMessages: opts.emailMessages,
    ...(opts.secret ? { secret: opts.secret } : {}),
  };
  const realized = new Map<string, Realized>();
  const realizeOne = async (a: (typeof plan)[number]) => {
    const rng = Rng.suite(`${opts.seed}/${a.id}`, opts.secret);
    const scene = a.caseIndex !== null ? (scenes[a.caseIndex] ?? null) : null;
    const date = scene
      ? (scene.key_dates[0] ?? opts.baseDate)
      : addDays(opts.baseDate, a.side === "company" ? -rng.int(30, 400) : -rng.int(1, 30));
    const fileCtx: FileContext = scene
      ? {
          ...ctx,
          personaExtra: `Case ${scene.case_id}: ${scene.timeline_anchor} Key dates: ${scene.key_dates.join(", ")}. Colleagues on the case: ${scene.cast.map((c) => `${c.first_name} ${c.last_name} (${c.username}, ${c.role})`).join("; ")}.`,
        }
      : ctx;
    // Files are realized again after a stage was sent back, or when the review flagged this file (its reasons
    // then reach every prompt of the file).
    const flagged = env.revision?.artifacts[evidenceKey(a.evidence)];
    const fresh = env.revision?.redo_from != null || flagged !== undefined;
    const produce = () =>
      realizeArtifact(
        flagged
          ? {
              ...fileCtx,
              env: { ...env, revision: { ...env.revision!, feedback: { [ALL_TEMPLATES]: flagged } } },
            }
          : fileCtx,
        { plan: a, date, rng, scene },
      );
    const key = `realize.${a.id}`;
    let r: z.infer<typeof RealizedRecord>;
    if (fresh) {
      r = await produce();
      await work.write(key, r);
    } else r = await work.stage(key, RealizedRecord, produce);
    realized.set(a.id, r as Realized);
    opts.onProgress?.({
      kind: "artifact",
      task: taskId,
      id: a.id,
      done: realized.size,
      total: plan.length,
      ...cost(),
    });
  };
  // Artifacts are independent (each has its own seeded stream and work file), so a few are realized at once.
  let next = 0;
  const worker = async () => {
    while (next < plan.length) await realizeOne(plan[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, plan.length)) }, worker));

  const { task, manifest, files } = sealTask(
    await assembleTask({
      seed,
      contexts,
      gold: z.array(GenericStep).parse(gold),
      personalized: z.array(PersonalizedStep).parse(personalized),
      userInsights: insights.items,
      adjacentQuestions,
      scenes,
      plan,
      realized,
      generatorSeed: opts.seed,
      ...(opts.secret ? { secret: opts.secret } : {}),
    }),
    opts.secret,
  );
  const dir = await writeTask(opts.root, opts.suite, task, manifest, files);
  const issues = await validateTaskDir(dir, () => loadTask(opts.root, `${opts.suite}/${taskId}`), {
    minSteps: opts.shape.minSteps,
    maxSteps: opts.shape.maxSteps,
    minConditions: opts.shape.minConditional,
  });
  return { task, manifest, dir, issues };
}
