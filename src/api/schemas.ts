/** @module Request and response schemas of the HTTP API (zod first; the OpenAPI document is generated from them). */
import { z } from "zod";
import { agentNames } from "../agents/index.ts";
import {
  AppName,
  Domain,
  MetricResult,
  Report,
  RunStatus,
  RunUsage,
  SafeId,
  Split,
  SuiteName,
  UsageTotals,
} from "../core/index.ts";
import { liveEnum } from "../core/live-enum.ts";
import { KnownMetricName } from "../judge/index.ts";
import { providerNames } from "../llm/index.ts";

/** `suite/task_id`, both parts safe ids (never a path). */
export const TaskRefString = z
  .string()
  .regex(
    /^[A-Za-z0-9_.-]{1,128}\/[A-Za-z0-9_.-]{1,128}$/,
    "expected <suite>/<task_id>, e.g. demo/healthcare_01",
  )
  .refine(
    (s) => s.split("/").every((p) => p !== "." && p !== ".."),
    "expected <suite>/<task_id> without '.' or '..'",
  );

/** A model handle (`openai:…`, `openrouter:…`, `compat:<url>#<model>`) or the offline judge. */
export const ModelHandle = z
  .string()
  .min(3)
  .max(300)
  .regex(/^[a-z][a-z0-9-]*:\S+$/, "expected a model handle such as openai:gpt-4o")
  .refine((h) => providerNames().includes(h.slice(0, h.indexOf(":"))), {
    message: "expected a model handle of a known provider, such as openai:gpt-4o",
  });

export const GenerateRequest = z.object({
  suite: SuiteName.describe("suite folder to write under the tasks root (no hidden or dotted folder)"),
  seed: z.number().int().min(0).default(7),
  /** An existing suite is refused (409) unless `replace`, which removes its tasks first; suites never mix. */
  replace: z.boolean().default(false),
  /** Procedural generator (offline, no key): tasks per domain. */
  per_domain: z.number().int().min(1).max(20).default(2),
  /** Generate with a model through stages S1–S6 instead (resumable: a repeated request continues where it stopped). */
  llm: z
    .object({
      model: ModelHandle,
      domain: Domain,
      n: z.number().int().min(1).max(50).default(1),
      adjacent_cases: z.number().int().min(0).max(5).default(2),
    })
    .optional(),
});
export type GenerateRequest = z.infer<typeof GenerateRequest>;

export const GenerateResponse = z.object({
  suite: z.string(),
  generator: z.enum(["procedural", "llm"]),
  tasks: z.array(z.string()),
  run_id: z.string().nullable(),
  usage: UsageTotals.nullable(),
});

export const EnvRequest = z.object({ task: TaskRefString, split: Split.default("original") });
export type EnvRequest = z.infer<typeof EnvRequest>;

export const EnvResponse = z.object({
  id: z.string(),
  task: z.string(),
  split: Split,
  documents: z.record(z.string(), z.number().int()),
});

export const SearchQuery = z.object({
  q: z.string().min(1).max(500),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  apps: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(",").filter(Boolean) : undefined))
    .pipe(z.array(AppName).optional()),
});

export const SearchHitSchema = z.object({
  documentId: z.string(),
  chunkId: z.string(),
  app: AppName,
  title: z.string(),
  path: z.string(),
  score: z.number(),
  snippet: z.string(),
});
export const SearchResponse = z.object({
  env: z.string(),
  query: z.string(),
  hits: z.array(SearchHitSchema),
});

/** A registered agent (src/agents/registry.ts); the OpenAPI document lists the agents registered when it is served. */
export const AgentName = liveEnum("agent", agentNames);

export const RunRequest = z.object({
  task: TaskRefString,
  split: Split.default("original"),
  agent: AgentName,
  /** Agent options, e.g. `{ "gf": false, "cap": true, "iterations": 5 }` for drfa. */
  options: z
    .record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,40}$/, "expected an option name of letters, digits, _"),
      z.union([
        z.boolean(),
        z.number(),
        z.string().regex(/^[^,=:]{0,100}$/, "expected a value without , = or :"),
      ]),
    )
    .default({}),
  model: ModelHandle.optional(),
  /** Judge the report when the run finishes: `lexical` (offline) or a model handle. */
  judge: z.union([z.literal("lexical"), ModelHandle]).optional(),
});
export type RunRequest = z.infer<typeof RunRequest>;

export const RunSummary = z.object({
  id: z.string(),
  task: z.string(),
  split: Split,
  agent: z.string(),
  model: z.string(),
  status: RunStatus,
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;

export const RunDetail = RunSummary.extend({
  report: Report.nullable(),
  trace: z.array(z.record(z.string(), z.unknown())),
  usage: RunUsage,
  metrics: z.array(MetricResult),
  /** Mermaid flowcharts of the report: generic (decision diamonds) and personalized (resolved path); null before it exists. */
  flowcharts: z.object({ generic: z.string(), personalized: z.string() }).nullable(),
});

export const JudgeRequest = z
  .object({
    task: TaskRefString,
    report: Report.optional().describe("the report as JSON"),
    markdown: z.string().min(1).optional().describe("or the report as the paper's Markdown"),
    judge: z.union([z.literal("lexical"), ModelHandle]).default("lexical"),
    metrics: z.array(KnownMetricName).optional(),
  })
  .refine((r) => (r.report === undefined) !== (r.markdown === undefined), {
    message: "expected exactly one of report (JSON) or markdown",
    path: ["report"],
  });
export type JudgeRequest = z.infer<typeof JudgeRequest>;

export const JudgeResponse = z.object({ task: z.string(), metrics: z.array(MetricResult) });

export const TasksQuery = z.object({ suite: SafeId.optional() });

export const TaskListResponse = z.object({
  tasks: z.array(z.object({ ref: z.string(), suite: z.string(), id: z.string() })),
});

export const TaskDetail = z.object({
  ref: z.string(),
  task: z.record(z.string(), z.unknown()),
  manifest: z.record(z.string(), z.unknown()),
  flowcharts: z.object({ generic: z.string(), personalized: z.string() }),
});

export const NotebookInfoSchema = z.object({
  name: z.string(),
  rendered: z.boolean(),
  renderedAt: z.string().nullable(),
  url: z.string(),
});
export const NotebookList = z.object({ notebooks: z.array(NotebookInfoSchema) });
export const NotebookRunRequest = z.object({
  params: z
    .record(
      z.string().regex(/^[A-Za-z0-9_]{1,40}$/, "expected a parameter name of letters, digits, _"),
      z.string().max(300),
    )
    .default({}),
});
export const NotebookRunResponse = z.object({ name: z.string(), url: z.string(), output: z.string() });

export const ErrorResponse = z.object({
  error: z.string(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const IdParam = z.object({ id: SafeId });
export const NameParam = z.object({ name: SafeId });
export const TaskParams = z.object({ suite: SafeId, id: SafeId });
