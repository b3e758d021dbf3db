/** @module An LLM generation run over a suite: S1 (or imported seeds), then every task through the pipeline, usage attributed to one `generate` run in the run store. */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type Domain, secretDigest, type UsageTotals } from "../../core/index.ts";
import type { Model } from "../../llm/types.ts";
import type { RunStore } from "../../store/run-store.ts";
import { checkSuiteName, prepareSuiteInPlace, refuseExistingSuite } from "../../store/suite-write.ts";
import { type Meter, meteredModel, spendOf } from "./meter.ts";
import { GENERATION_DEFAULTS, type GenerationOptions } from "./options.ts";
import { type GeneratedTask, generateTask } from "./pipeline.ts";
import type { Revision } from "./revision.ts";
import { runS1, SeedRecord } from "./stages/s1-seeds.ts";
import type { StageEnv } from "./stages/stage-env.ts";
import { openWorkDir } from "./work-dir.ts";

export type SuiteSource =
  | { kind: "domain"; domain: Domain; n: number }
  | { kind: "seeds"; seeds: SeedRecord[] };

export type SuiteRequest = Partial<Omit<GenerationOptions, "root" | "suite">> & {
  root: string;
  suite: string;
  source: SuiteSource;
  model: Model;
  store?: RunStore;
  /** Run id; default: the id stored in the suite's work folder by an interrupted run, else `gen-<suite>-<now>`. */
  runId?: string;
  maxRetries?: number;
  temperature?: number;
  /** ISO timestamp source (the clock is a parameter). */
  now: () => string;
  /** Human reviews being acted on, by task id: the stages and files they send back are generated again. */
  revisions?: Readonly<Record<string, Revision>>;
  /**
   * Replace an existing suite (removed before generating). Without it an existing suite is refused unless it is this
   * same request's, interrupted or finished (its work folder records the request), which a re-run resumes.
   */
  replace?: boolean;
};

export type SuiteResult = {
  runId: string;
  tasks: GeneratedTask[];
  usage: UsageTotals;
};

const RunPointer = z.object({ run_id: z.string().min(1) });
/** What makes two generations one (`.work/request.json`): the seeds' source and the settings every stage draws from. */
const RequestKey = z.object({
  source: z.string(),
  seed: z.number(),
  adjacent_cases: z.number(),
  modalities: z.string(),
  /** The digest of the suite's secret (never the secret); absent when it has none. */
  secret_digest: z.string().optional(),
});
type RequestKey = z.infer<typeof RequestKey>;

type RequestFields = Pick<SuiteRequest, "root" | "suite" | "source" | "revisions">;

function requestKey(req: RequestFields, opts: GenerationOptions): RequestKey {
  const source =
    req.source.kind === "domain"
      ? `domain ${req.source.domain} × ${req.source.n}`
      : `seeds ${createHash("sha256").update(JSON.stringify(req.source.seeds)).digest("hex").slice(0, 16)}`;
  return {
    source,
    seed: opts.seed,
    adjacent_cases: opts.adjacentCases,
    modalities: JSON.stringify(opts.modalities),
    ...(opts.secret ? { secret_digest: secretDigest(opts.secret) } : {}),
  };
}

/**
 * A suite's work folder holds files drawn with its secret: continuing it (a re-run, a resume acting on reviews) with
 * another secret, or none, would mix two suites in one. Refused, saying what to give.
 */
async function checkSecret(req: RequestFields, opts: GenerationOptions): Promise<void> {
  const stored = await openWorkDir(join(req.root, req.suite, ".work")).read("request", RequestKey);
  if (!stored) return;
  const given = opts.secret ? secretDigest(opts.secret) : undefined;
  if (stored.secret_digest === given) return;
  throw new Error(
    stored.secret_digest
      ? `${join(req.root, req.suite)} was generated with a suite secret (digest ${stored.secret_digest}) ${given ? "other than the one given" : "and none was given"}: give the same --secret or DRFLOW_SUITE_SECRET to continue it, or --replace to generate it anew`
      : `${join(req.root, req.suite)} was generated without a suite secret: continue it without --secret and DRFLOW_SUITE_SECRET, or --replace to generate it anew with one`,
  );
}

function optionsOf(req: RequestFields & Partial<GenerationOptions>): GenerationOptions {
  return { ...GENERATION_DEFAULTS, ...stripUndefined(req), root: req.root, suite: req.suite };
}

/**
 * Whether an existing suite folder is this request's own generation, which a re-run continues: acting on its reviews
 * (`revisions`), or its work folder records the same request (a work folder from before requests were recorded
 * counts as its own).
 */
async function isOwnSuite(req: RequestFields, opts: GenerationOptions): Promise<boolean> {
  if (req.revisions) return true;
  const work = openWorkDir(join(req.root, req.suite, ".work"));
  const stored = await work.read("request", RequestKey);
  if (!stored) return existsSync(join(work.dir, "run.json"));
  // the secret is not what makes it another generation: continuing it with the wrong one is refused (`checkSecret`)
  const { secret_digest: _stored, ...storedKey } = stored;
  const { secret_digest: _given, ...givenKey } = requestKey(req, opts);
  return JSON.stringify(storedKey) === JSON.stringify(givenKey);
}

/** Whether the suite has a work folder from an earlier generation (a re-run continues it, with its secret). */
export function hasWorkFolder(root: string, suite: string): boolean {
  return existsSync(join(root, suite, ".work", "request.json"));
}

/** Refuse a request that would write into another generation's suite (`SuiteExists`), before any work is done. */
export async function checkLlmSuite(
  req: Pick<
    SuiteRequest,
    "root" | "suite" | "source" | "replace" | "revisions" | "seed" | "adjacentCases" | "modalities"
  >,
): Promise<void> {
  checkSuiteName(req.suite);
  if (!req.replace && !(await isOwnSuite(req, optionsOf(req))))
    await refuseExistingSuite(req.root, req.suite);
}

/** Generate every task of the suite; stage outputs resume from `<root>/<suite>/.work/`. */
export async function generateLlmSuite(req: SuiteRequest): Promise<SuiteResult> {
  const opts = optionsOf(req);
  checkSuiteName(req.suite);
  const resumable = !req.replace && (await isOwnSuite(req, opts));
  if (resumable) await checkSecret(req, opts);
  await prepareSuiteInPlace(req.root, req.suite, { replace: req.replace, resumable });
  const suiteWork = openWorkDir(join(req.root, req.suite, ".work"));
  if (!req.revisions) await suiteWork.write("request", requestKey(req, opts));
  const stored = await suiteWork.read("run", RunPointer);
  const runId =
    req.runId ??
    stored?.run_id ??
    `gen-${req.suite}-${req
      .now()
      .replace(/[^0-9]/g, "")
      .slice(0, 14)}`;
  await suiteWork.write("run", { run_id: runId });
  req.store?.saveRun({
    id: runId,
    kind: "generate",
    task: req.suite,
    model: req.model.handle,
    agent: "llm-generator",
    agent_options: { source: req.source.kind, seed: opts.seed, adjacent_cases: opts.adjacentCases },
    status: "running",
    started_at: req.now(),
  });
  const model = meteredModel(req.model);
  const env: StageEnv & { model: typeof model } = {
    model,
    runId,
    maxRetries: req.maxRetries,
    temperature: req.temperature,
    seed: opts.seed,
  };
  try {
    const seeds =
      req.source.kind === "seeds" ? req.source.seeds : await seedsFromS1(req.source, env, opts, suiteWork);
    const tasks: GeneratedTask[] = [];
    for (const seed of seeds)
      tasks.push(await generateTask({ ...env, revision: req.revisions?.[seed.task_id] }, seed, opts));
    req.store?.finishRun(runId, { status: "done", finishedAt: req.now() });
    const m = model.meter;
    return {
      runId,
      tasks,
      usage: {
        calls: m.calls,
        inputTokens: m.inputTokens,
        outputTokens: m.outputTokens,
        costUsd: m.costUsd,
        unpricedCalls: m.unpricedCalls,
      },
    };
  } catch (error) {
    req.store?.finishRun(runId, { status: "failed", error: (error as Error).message, finishedAt: req.now() });
    throw error;
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** S1, stored in the suite's work folder so a resumed run keeps the same seeds. */
async function seedsFromS1(
  source: Extract<SuiteSource, { kind: "domain" }>,
  env: StageEnv & { model: Model & { meter: Meter } },
  opts: GenerationOptions,
  work: ReturnType<typeof openWorkDir>,
): Promise<SeedRecord[]> {
  const key = `S1.${source.domain}.${source.n}`;
  const event = (status: "start" | "done" | "resumed") =>
    opts.onProgress?.({
      kind: "stage",
      task: "*",
      stage: "S1 task seeds",
      status,
      ...spendOf(env.model.meter),
    });
  const stored = await work.read(key, z.array(SeedRecord));
  if (stored) {
    event("resumed");
    return stored;
  }
  event("start");
  const seeds = await runS1(env, source.domain, source.n);
  await work.write(key, seeds);
  event("done");
  return seeds;
}
