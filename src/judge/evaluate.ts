/** @module `evaluate`: parse the report, run the requested metrics in dependency order with one judge, keep alignments, report repeats' agreement. */
import { z } from "zod";
import { type MetricName, type MetricResult, Report } from "../core/index.ts";
import type { Model } from "../llm/types.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { readWebStore } from "../web/store.ts";
import { normalizeUrl } from "../web/types.ts";
import type { Alignment } from "./alignment/one-to-one.ts";
import { explainMetrics } from "./explain.ts";
import { goldStepId, goldSteps } from "./gold.ts";
import { lexicalJudge } from "./judges/lexical/index.ts";
import { type LlmJudgeOptions, llmJudge } from "./judges/llm/index.ts";
import type { Judge } from "./judges/types.ts";
import { notApplicableResult } from "./metrics/applicability.ts";
import { metricNames, metricOrder } from "./metrics/index.ts";
import { predStepId } from "./metrics/precision.ts";
import type { EvaluationState, MetricContext } from "./metrics/types.ts";
import { judgedSteps } from "./predicted.ts";
import { readReport } from "./reading/report.ts";
import { citationResolver } from "./reading/resolve.ts";
import { parseReportMarkdown } from "./report/parse.ts";
import type { Problem } from "./report/problem.ts";
import { renderReportMarkdown } from "./report/render.ts";
import type { AlignmentRow, EvaluationResult, MetricSpread, RepeatAgreement } from "./result.ts";
import { type SourceReader, taskSources } from "./sources.ts";

/** The LLM judge's protocol: the paper's per-step prompts (N.1–N.5), or drflow's batched prompts (one per metric). */
export const Protocol = z.enum(["per-step", "batched"]);
export type Protocol = z.infer<typeof Protocol>;

/** The most steps a workflow may have to be judged: the lexical judge handles this in about a second per thousand steps. */
export const MAX_JUDGED_STEPS = 5_000;

/** A report beyond what the judge reads; the message says the limit. */
export class ReportTooLarge extends Error {
  override name = "ReportTooLarge";
}

export type EvaluateOptions = {
  /** `"lexical"`, a model (the LLM judge with the paper's prompts), or a ready judge. */
  judge: "lexical" | Model | Judge;
  /** Metrics to compute (their dependencies run too); default: DRFlow's seven, or DRBench's four for DRBench tasks. */
  metrics?: readonly MetricName[];
  /** LLM alignment protocol: the paper's one call per step, or one call per direction. Default per-step. */
  protocol?: Protocol;
  /** Judge the same report this many times and report agreement between repeats (default 1). */
  repeats?: number;
  /** LLM judge settings pinned with every result. */
  llm?: Omit<LlmJudgeOptions, "protocol" | "repeat">;
  /** Read cited sources from somewhere else than the task's realized files (tests). */
  sources?: SourceReader;
};

function isJudge(x: unknown): x is Judge {
  return typeof x === "object" && x !== null && "alignPrecision" in x;
}

function judgeFor(
  spec: EvaluateOptions["judge"],
  protocol: Protocol,
  repeat: number,
  llm: EvaluateOptions["llm"],
): Judge {
  if (spec === "lexical") return lexicalJudge();
  if (isJudge(spec)) return spec;
  return llmJudge(spec, { ...llm, protocol, repeat });
}

export function defaultMetrics(loaded: LoadedTask): readonly MetricName[] {
  return metricNames(loaded.task.kind);
}

function alignmentRows(
  alignment: Alignment | undefined,
  source: (n: number) => string,
  target: (n: number) => string,
) {
  if (!alignment) return [];
  const aligned = new Map(alignment.pairs.map((p) => [p.source, p.target]));
  return alignment.decisions.map(
    (d): AlignmentRow => ({
      source: source(d.source),
      proposed: d.target === null ? null : target(d.target),
      aligned: aligned.has(d.source) ? target(aligned.get(d.source)!) : null,
      confidence: d.confidence,
      outcome: alignment.outcomes.get(d.source) ?? "no_match",
      justification: d.justification,
    }),
  );
}

type Once = { results: MetricResult[]; precision: AlignmentRow[]; recall: AlignmentRow[] };

type Shared = Pick<MetricContext, "reading" | "resolve" | "reachable" | "sources">;

/** Evidence units reachable in the loaded environment: listed by an insight/distractor artifact, or from a saved web page. */
export function reachableUnits(loaded: LoadedTask, webUrls: readonly string[]): Set<string> {
  const pages = new Set(webUrls.map(normalizeUrl));
  const out = new Set<string>();
  for (const a of loaded.manifest.artifacts)
    if (a.role !== "adjacent") for (const e of a.evidence) out.add(e);
  for (const u of loaded.task.evidence)
    if ((u.urls ?? []).some((x) => pages.has(normalizeUrl(x)))) out.add(u.id);
  return out;
}

async function evaluateOnce(
  report: Report,
  reportText: string,
  loaded: LoadedTask,
  judge: Judge,
  metrics: readonly MetricName[],
  shared: Shared,
): Promise<Once> {
  const state: EvaluationState = { results: new Map() };
  const ctx: MetricContext = {
    report,
    reportText,
    task: loaded.task,
    gold: goldSteps(loaded.task),
    predicted: judgedSteps(report),
    judge,
    ...shared,
    state,
  };
  // Each metric starts as soon as the metrics it depends on are done, so independent judge requests (factuality
  // beside the alignments; condition resolution beside comprehensiveness) are in flight together.
  const order = metricOrder(metrics);
  const done = new Map<MetricName, Promise<MetricResult>>();
  for (const metric of order) {
    done.set(
      metric.name,
      Promise.all(metric.dependsOn.map((d) => done.get(d)!)).then(async () => {
        const reason = metric.notApplicable?.(ctx) ?? null;
        const result =
          reason === null
            ? await metric.run(ctx)
            : notApplicableResult(metric.name, reason, judge.info(metric.decisions[0]));
        state.results.set(metric.name, result);
        return result;
      }),
    );
  }
  return {
    results: await Promise.all(order.map((m) => done.get(m.name)!)),
    precision: alignmentRows(state.precision, predStepId, goldStepId),
    recall: alignmentRows(state.recall, goldStepId, predStepId),
  };
}

function spreadOf(metric: MetricName, values: (number | null)[]): MetricSpread {
  const xs = values.filter((v): v is number => v !== null);
  if (xs.length === 0) return { metric, values, mean: null, min: null, max: null, std: null };
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const std = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
  return { metric, values, mean, min: Math.min(...xs), max: Math.max(...xs), std };
}

/** Agreement between repeats: identical alignment decisions (proposal and outcome), and each metric's spread. */
export function repeatAgreement(runs: readonly Once[]): RepeatAgreement {
  const key = (r: AlignmentRow) => `${r.proposed ?? "-"}|${r.outcome}`;
  const decisions = new Map<string, string[]>();
  for (const run of runs) {
    for (const [dir, rows] of [
      ["p", run.precision],
      ["r", run.recall],
    ] as const) {
      for (const row of rows) {
        const id = `${dir}:${row.source}`;
        decisions.set(id, [...(decisions.get(id) ?? []), key(row)]);
      }
    }
  }
  const all = [...decisions.values()];
  const same = all.filter((v) => v.length === runs.length && v.every((x) => x === v[0])).length;
  const names = runs[0]?.results.map((r) => r.metric) ?? [];
  return {
    repeats: runs.length,
    alignment_agreement: all.length === 0 ? null : same / all.length,
    decisions: all.length,
    spread: names.map((name) =>
      spreadOf(
        name,
        runs.map((run) => run.results.find((r) => r.metric === name)?.value ?? null),
      ),
    ),
  };
}

/**
 * Judge one report (a Report, its Markdown, or Report JSON text) against a loaded task. Metrics run in dependency
 * order; alignments are kept for the metrics that build on them; every result pins the judge that made it.
 */
export async function evaluate(
  input: Report | string,
  loaded: LoadedTask,
  options: EvaluateOptions,
): Promise<EvaluationResult> {
  let problems: Problem[] = [];
  let report: Report;
  if (typeof input === "string") {
    const parsed = parseReportMarkdown(input, { taskId: loaded.task.id });
    report = parsed.report;
    problems = parsed.problems;
  } else report = Report.parse(input);
  const steps = Math.max(report.personalized_workflow.length, report.generic_workflow.length);
  if (steps > MAX_JUDGED_STEPS)
    throw new ReportTooLarge(
      `the report has ${steps} steps; the judge reads at most ${MAX_JUDGED_STEPS} per workflow (no real workflow comes close): shorten the report`,
    );
  const warnings: string[] = [];
  if (report.task_id !== loaded.task.id && report.task_id !== "unknown")
    warnings.push(`the report names task "${report.task_id}" but is judged against task "${loaded.task.id}"`);
  const reportText =
    typeof input === "string" && !/^\s*\{/.test(input) ? input : renderReportMarkdown(report);
  const protocol = options.protocol ?? "per-step";
  const metrics = options.metrics ?? defaultMetrics(loaded);
  const reading = readReport(reportText);
  if (reading.kind === "freeform") {
    problems = [...reading.problems];
    if (reading.unusable) problems.push({ section: "findings", message: reading.unusable });
  }
  const webPages = await readWebStore(loaded.dir);
  const sources = options.sources ?? taskSources(loaded, webPages);
  const webUrls = webPages.map((p) => p.url);
  const shared: Shared = {
    reading,
    sources,
    resolve: citationResolver(loaded.task, loaded.manifest.artifacts, webUrls, reading, sources),
    reachable: reachableUnits(loaded, webUrls),
  };
  const repeats = Math.max(1, Math.floor(options.repeats ?? 1));
  const runs: Once[] = [];
  let judgeName = "";
  let judgeProtocol: EvaluationResult["protocol"] = "lexical";
  for (let r = 0; r < repeats; r++) {
    const judge = judgeFor(options.judge, protocol, r, options.llm);
    judgeName =
      judge.info("precision").judge +
      (judge.info("precision").model ? `:${judge.info("precision").model}` : "");
    judgeProtocol = judge.info("precision").protocol;
    runs.push(await evaluateOnce(report, reportText, loaded, judge, metrics, shared));
  }
  const first = runs[0]!;
  return {
    task_id: loaded.task.id,
    judge: judgeName,
    protocol: judgeProtocol,
    metrics: first.results,
    alignment: { precision: first.precision, recall: first.recall },
    problems,
    warnings,
    tokens: first.results.reduce((s, m) => s + m.tokens, 0),
    repeats: repeats > 1 ? repeatAgreement(runs) : null,
    explanation: explainMetrics(
      loaded.task.id,
      judgeName,
      warnings,
      first.results,
      judgedSteps(report),
      goldSteps(loaded.task),
    ),
  };
}
