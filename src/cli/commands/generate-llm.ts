/** @module The `--llm` branch of `drflow generate`: flags → an LLM generation run with per-stage progress, cost so far, resume, optional §C.2 review export, and review import. */
import { Domain } from "../../core/index.ts";
import { ModalityConfig } from "../../generate/llm/files/modality.ts";
import { GENERATION_DEFAULTS, type ProgressEvent } from "../../generate/llm/options.ts";
import { planResume, type ResumePlan, resumeSuite } from "../../generate/llm/resume.ts";
import { importSeeds, isBuiltInDomain } from "../../generate/llm/seeds/import.ts";
import { generateLlmSuite, hasWorkFolder, type SuiteSource } from "../../generate/llm/suite.ts";
import { createModel, formatCost, resolveRole } from "../../llm/index.ts";
import { importReview, readReview, reviewSuite } from "../../review/export.ts";
import { DEFAULT_RUN_STORE_PATH, RunStore } from "../../store/run-store.ts";
import { runStoreLocation } from "../../store/shared.ts";
import { DEFAULT_TASK_ROOT } from "../../store/task-store.ts";
import { type FlagSpec, inputFileFlag, intFlag, parseFlags, timeoutFlag, UsageError } from "../args.ts";
import { announceSecret, secretOf } from "./generate-secret.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
export const LLM_FLAGS = {
  strings: [
    "domain",
    "n",
    "model",
    "suite",
    "seeds",
    "root",
    "seed",
    "secret",
    "store",
    "run",
    "adjacent",
    "max-retries",
    "concurrency",
    "modalities",
    "review-import",
    "reviews",
    "timeout",
  ],
  booleans: ["llm", "review", "quiet", "resume", "replace"],
} satisfies FlagSpec;

export const LLM_USAGE = [
  "drflow generate --llm --suite NAME (--domain DOMAIN --n N | --seeds FILE.csv|xlsx|json) [--model HANDLE]",
  "                [--root tasks] [--seed 7] [--secret S] [--adjacent 2] [--max-retries 3] [--modalities JSON]",
  "                [--concurrency 4] [--store .drflow/runs.sqlite] [--run ID] [--review] [--quiet]",
  "                [--replace] [--timeout SECONDS]",
  "drflow generate --llm --suite NAME --resume [--reviews FILE.json] [--secret S] [--model HANDLE] [--root tasks] …",
  "drflow generate --llm --suite NAME --review-import FILE.csv|json [--root tasks]",
  "",
  "  --model      generator handle (default $DRFLOW_GENERATOR_MODEL, else openai:gpt-5.2)",
  "  --seeds      import task seeds with the S1 columns instead of running S1",
  '  --modalities per-side format weights, e.g. \'{"company":{"pdf":1},"user":{"chat":1,"email":1}}\'',
  "  --review     after generation, run the §C.2 evidence-sufficiency check and write",
  "               <root>/<suite>/review.csv and review.json for human review",
  "  Re-running the same command resumes from <root>/<suite>/.work/ (finished stages are not asked again); any",
  "  other generation into an existing suite is refused: --replace removes the suite's tasks first.",
  "  --resume     regenerate the suite's tasks from the seeds in its work folder, acting on human reviews: the",
  "               studio's saved reviews and a --reviews file (drflow.task-review/1, or the rows of --review's",
  "               review.csv/json, whose rejected steps count as flags). A flagged item's stage and",
  "               every later one are generated again with the reviewer's reasons in the prompt; a rejected task",
  "               from S2 on; a flagged file is realized again.",
  "  --secret     as for --procedural (below the procedural usage); a re-run or --resume needs the suite's secret",
  "               again (none is drawn then: the work folder's digest must match, else the run is refused).",
].join("\n");

function progressLine(e: ProgressEvent): string {
  const cost = `${formatCost({ usd: e.costUsd, unpricedCalls: e.unpricedCalls ?? 0 })} so far`;
  if (e.kind === "stage") return `[${e.task}] ${e.stage} ${e.status} (${cost})`;
  return `[${e.task}] realize ${e.done}/${e.total} ${e.id} (${cost})`;
}

/** Run `drflow generate --llm …`; returns the exit code. `now` and `log` are parameters so tests need no clock or console. */
export async function runLlmGenerate(
  args: string[],
  io: { now?: () => string; log?: (line: string) => void; env?: Record<string, string | undefined> } = {},
): Promise<number> {
  const log = io.log ?? ((line: string) => console.log(line));
  const now = io.now ?? (() => new Date().toISOString());
  const { flags } = parseFlags(args, LLM_FLAGS, LLM_USAGE);
  const suite = flags.suite ? String(flags.suite) : "";
  if (!suite) throw new UsageError(`--suite is required\nusage: ${LLM_USAGE}`);
  const root = String(flags.root ?? DEFAULT_TASK_ROOT);

  if (flags["review-import"]) {
    const applied = await importReview(root, suite, await readReview(String(flags["review-import"])));
    log(
      `review import: ${applied.accepted} accepted, ${applied.revised} revised, ${applied.rejected} rejected, ${applied.pending} pending`,
    );
    return 0;
  }

  let source: SuiteSource | null = null;
  let resume: ResumePlan | null = null;
  if (flags.resume) {
    if (flags.seeds || flags.domain || flags.n)
      throw new UsageError(
        "--resume takes the seeds stored in the suite's work folder; drop --seeds/--domain/--n",
      );
    resume = await planResume(root, suite, flags.reviews ? [String(flags.reviews)] : []);
    for (const line of resume.lines) log(line);
  } else if (flags.reviews) {
    throw new UsageError("--reviews is read by --resume");
  } else if (flags.seeds) {
    if (flags.domain || flags.n) throw new UsageError("--seeds replaces --domain/--n; give one or the other");
    const seeds = await importSeeds(inputFileFlag(flags.seeds, "seeds"));
    source = { kind: "seeds", seeds };
    const generic = [...new Set(seeds.map((s) => s.domain).filter((d) => !isBuiltInDomain(d)))];
    if (generic.length > 0)
      log(
        `domain(s) ${generic.join(", ")}: no built-in profile; generic profile (the LLM stages use the domain as text only)`,
      );
  } else {
    const domain = Domain.safeParse(flags.domain);
    if (!domain.success)
      throw new UsageError(
        `--domain: expected one of ${Domain.options.join(", ")}, got "${flags.domain ?? ""}"`,
      );
    source = { kind: "domain", domain: domain.data, n: intFlag(flags.n, "n", 10) };
    if (source.n === 0) throw new UsageError("--n: expected at least 1");
  }
  let modalities = GENERATION_DEFAULTS.modalities;
  if (flags.modalities) {
    const parsed = ModalityConfig.safeParse(JSON.parse(String(flags.modalities)));
    if (!parsed.success)
      throw new UsageError(
        `--modalities: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    modalities = parsed.data;
  }
  // A fresh suite draws a secret when none is given; continuing one (resume, re-run) must be given its secret.
  const continuing = resume !== null || (flags.replace !== true && hasWorkFolder(root, suite));
  const suiteSecret = secretOf(flags.secret, io.env ?? process.env, !continuing);
  // Shown before any model call: an interrupted run is continued with it.
  if (suiteSecret) announceSecret(suiteSecret, `drflow generate ${args.join(" ")}`, log);
  const { handle } = resolveRole("generator", flags.model ? String(flags.model) : null, io.env);
  const store = new RunStore(runStoreLocation(flags, DEFAULT_RUN_STORE_PATH, io.env ?? process.env));
  try {
    const timeoutMs = timeoutFlag(flags.timeout);
    const model = createModel(handle, {
      usage: store,
      role: "generator",
      ...(io.env ? { env: io.env } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    const request = {
      root,
      suite,
      model,
      store,
      now,
      replace: flags.replace === true,
      runId: flags.run ? String(flags.run) : undefined,
      seed: intFlag(flags.seed, "seed", GENERATION_DEFAULTS.seed),
      ...(suiteSecret ? { secret: suiteSecret.secret } : {}),
      adjacentCases: intFlag(flags.adjacent, "adjacent", GENERATION_DEFAULTS.adjacentCases),
      maxRetries:
        flags["max-retries"] === undefined ? undefined : intFlag(flags["max-retries"], "max-retries", 3),
      concurrency: Math.max(1, intFlag(flags.concurrency, "concurrency", GENERATION_DEFAULTS.concurrency)),
      modalities,
      onProgress: flags.quiet ? undefined : (e: ProgressEvent) => log(progressLine(e)),
    };
    const result = resume
      ? await resumeSuite(resume, request)
      : await generateLlmSuite({ ...request, source: source! });
    let failing = 0;
    for (const t of result.tasks) {
      failing += t.issues.length;
      log(
        `${t.task.id}: ${t.task.generic_workflow.length} steps, ${t.manifest.artifacts.length} artifacts, ${t.issues.length} issue(s) → ${t.dir}`,
      );
      for (const issue of t.issues) log(`  ${issue.file}: ${issue.path}: ${issue.expected}`);
    }
    const u = result.usage;
    log(
      `run ${result.runId}: ${u.calls} calls, ${u.inputTokens} input + ${u.outputTokens} output tokens, ${formatCost({ usd: u.costUsd, unpricedCalls: u.unpricedCalls })} (drflow usage --run ${result.runId})`,
    );
    if (flags.review) {
      const { items, csv } = await reviewSuite(
        model,
        root,
        suite,
        result.tasks.map((t) => t.task.id),
        result.runId,
      );
      const flagged = items.filter((i) => i.status !== "pass");
      log(`review: ${items.length} steps checked, ${flagged.length} flagged for human review → ${csv}`);
    }
    return failing > 0 ? 1 : 0;
  } finally {
    store.close();
  }
}
