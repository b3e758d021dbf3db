/** @module The flat rows analysis works on: one metric value per run (task × agent × model × split × repeat). */
import { z } from "zod";
import { MetricName, MetricResult, Report, Split } from "../core/index.ts";
import { type CostTotal, knownCost } from "../llm/cost.ts";

/** The columns that identify one agent run and group its values. */
const RunColumns = z.object({
  run_id: z.string().min(1),
  /** `suite/task_id` */
  task: z.string().min(1),
  domain: z.string().default(""),
  agent: z.string().min(1),
  agent_options: z.record(z.string(), z.unknown()).default({}),
  model: z.string().default(""),
  split: Split,
  repeat: z.number().int().min(0).default(0),
});

/** One metric value of one agent run, with everything needed to group it. */
export const ScoreRow = RunColumns.extend({
  metric: MetricName,
  /** In [0, 1]; null when the metric does not apply to the task or was unscored (never folded into 0). */
  value: z.number().nullable(),
  /** The metric does not apply to the run's task (its null is not a judge failure). */
  not_applicable: z.boolean().default(false),
});
export type ScoreRow = z.infer<typeof ScoreRow>;

/**
 * A run's cost columns. `cost_usd` is the total of its model calls (0 for offline agents), null when it is unknown
 * because some calls were of handles without a price (never counted as $0); `priced_cost_usd` sums the priced calls,
 * a lower bound when `unpriced_calls` > 0.
 */
const CostColumns = z.object({
  cost_usd: z.number().min(0).nullable(),
  priced_cost_usd: z.number().min(0).default(0),
  input_tokens: z.number().int().min(0).default(0),
  output_tokens: z.number().int().min(0).default(0),
  unpriced_calls: z.number().int().min(0).default(0),
});

/** One agent run's cost. */
export const CostRow = RunColumns.omit({ domain: true, repeat: true }).extend(CostColumns.shape);
export type CostRow = z.infer<typeof CostRow>;

/** The columns rows can be grouped by. */
export const GroupKey = z.enum(["agent", "model", "split", "domain", "task", "repeat"]);
export type GroupKey = z.infer<typeof GroupKey>;

/** A readable agent label that keeps ablation flags visible, e.g. `drfa w/o GF (iterations=5)`. */
export function variantLabel(agent: string, options: Readonly<Record<string, unknown>> = {}): string {
  const off: string[] = [];
  if (options.gf === false) off.push("GF");
  if (options.cap === false) off.push("CAP");
  let label = off.length ? `${agent} w/o ${off.join(" & ")}` : agent;
  const rest = Object.entries(options)
    .filter(([k]) => k !== "gf" && k !== "cap")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  if (rest.length) label += ` (${rest.join(", ")})`;
  return label;
}

/** The value of a grouping column for a row (agent includes its options so ablations stay apart). */
export function groupValue(row: ScoreRow | CostRow, key: GroupKey): string {
  switch (key) {
    case "agent":
      return variantLabel(row.agent, row.agent_options);
    case "domain":
      return "domain" in row ? row.domain || row.task.split("/").pop()!.replace(/_\d+$/, "") : "";
    case "repeat":
      return "repeat" in row ? String(row.repeat) : "0";
    default:
      return String(row[key]);
  }
}

/** One finished agent run joined with its report, judged metrics and cost: what notebooks and the API read back. */
export const ScoredRun = RunColumns.extend({
  batch: z.string().nullable().default(null),
  report: Report.nullable(),
  metrics: z.array(MetricResult).default([]),
  ...CostColumns.shape,
  cost_usd: CostColumns.shape.cost_usd.default(0),
});
export type ScoredRun = z.infer<typeof ScoredRun>;

/** The cost columns of a run from its priced calls' sum and its unpriced calls. */
export function costColumns(total: CostTotal): {
  cost_usd: number | null;
  priced_cost_usd: number;
  unpriced_calls: number;
} {
  return { cost_usd: knownCost(total), priced_cost_usd: total.usd, unpriced_calls: total.unpricedCalls };
}

/** Flatten runs to one metric row per (run, metric). */
export function metricRows(runs: readonly ScoredRun[]): ScoreRow[] {
  return runs.flatMap((r) => {
    const { run_id, task, domain, agent, agent_options, model, split, repeat } = r;
    const columns = { run_id, task, domain, agent, agent_options, model, split, repeat };
    return r.metrics.map((m) => ({
      ...columns,
      metric: m.metric,
      value: m.value,
      not_applicable: !!m.not_applicable,
    }));
  });
}

/** One cost row per run. */
export function costRows(runs: readonly ScoredRun[]): CostRow[] {
  return runs.map(
    ({
      run_id,
      task,
      agent,
      agent_options,
      model,
      split,
      cost_usd,
      priced_cost_usd,
      input_tokens,
      output_tokens,
      unpriced_calls,
    }) => ({
      run_id,
      task,
      agent,
      agent_options,
      model,
      split,
      cost_usd,
      priced_cost_usd,
      input_tokens,
      output_tokens,
      unpriced_calls,
    }),
  );
}
