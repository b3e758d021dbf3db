/** @module Which metric columns a summary shows: those of the task kinds its cells were judged on (DRFlow's seven, DRBench's, both when mixed). */
import { DRBENCH_METRICS, DRFLOW_METRICS, type MetricName } from "../core/index.ts";

const DRFLOW_ONLY = DRFLOW_METRICS.filter((m) => !(DRBENCH_METRICS as readonly string[]).includes(m));
const DRBENCH_ONLY = DRBENCH_METRICS.filter((m) => !(DRFLOW_METRICS as readonly string[]).includes(m));

/**
 * The metric set of each task kind the maps show a metric of: DRFlow's seven, DRBench's own when only DRBench metrics
 * appear, DRFlow's then DRBench's own when both do. DRFlow's seven when nothing is known.
 */
export function metricColumns(maps: readonly Partial<Record<string, unknown>>[]): MetricName[] {
  const present = new Set(maps.flatMap((m) => Object.keys(m)));
  const drbench = DRBENCH_ONLY.some((m) => present.has(m));
  const drflow = DRFLOW_ONLY.some((m) => present.has(m));
  if (drbench && !drflow) return [...DRBENCH_METRICS];
  return drbench ? [...DRFLOW_METRICS, ...DRBENCH_ONLY] : [...DRFLOW_METRICS];
}
