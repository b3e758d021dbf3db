/** @module What the studio's pages read from a query: the sorts the runs page offers, the filter and the order. */
import { metricNames } from "../judge/index.ts";
import { COLUMN_SORTS, type RunOrder, RunPageFilter } from "../store/run-pages.ts";

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
