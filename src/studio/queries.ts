/** @module What the studio's pages derive from run rows: the sorts the runs page offers, and analysis rows for the statistics. */
import type { ScoreRow } from "../analysis/index.ts";
import { type MetricName, Split } from "../core/index.ts";
import { metricNames } from "../judge/index.ts";
import { COLUMN_SORTS, type RunOrder, RunPageFilter, type RunRow } from "../store/run-pages.ts";

export const RUN_SORTS = [...COLUMN_SORTS, ...metricNames("drflow")] as const;

/** A page's query as a filter: empty and unknown keys dropped, an invalid value (an unknown outcome) ignored. */
export function filterOf(query: Record<string, string>): RunPageFilter {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === "" || !(k in RunPageFilter.shape)) continue;
    if (RunPageFilter.shape[k as keyof typeof RunPageFilter.shape].safeParse(v).success) out[k] = v;
  }
  return RunPageFilter.parse(out);
}

/** A page's sort and direction (`started`, newest first, unless it names a known sort). */
export function orderOf(query: Record<string, string>): RunOrder {
  return {
    sort: (RUN_SORTS as readonly string[]).includes(query.sort ?? "") ? query.sort! : "started",
    dir: query.dir === "asc" ? "asc" : "desc",
  };
}

/** Analysis rows (one metric value of one run) from run rows; `split` defaults to original. */
export function scoreRows(runs: readonly RunRow[]): ScoreRow[] {
  const out: ScoreRow[] = [];
  for (const r of runs) {
    const split = Split.safeParse(r.split).data ?? "original";
    for (const [metric, m] of Object.entries(r.metrics)) {
      out.push({
        run_id: r.id,
        task: r.task,
        domain: "",
        agent: r.agent,
        agent_options: {},
        model: r.model,
        split,
        repeat: r.repeat,
        metric: metric as MetricName,
        value: m!.value,
        not_applicable: m!.outcome === "not_applicable",
      });
    }
  }
  return out;
}
