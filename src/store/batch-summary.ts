/**
 * @module A batch's figures aggregated in SQL, so its page costs its configurations and tasks, never its runs: per
 * configuration (agent × model × split) the run counts, per metric the mean of each repeat and the outcome counts,
 * and per task and configuration one metric's mean (the grid's cells). Values are each run's latest evaluation.
 */
import { MetricName } from "../core/index.ts";
import { LATEST_RESULT } from "./run-order.ts";
import type { SqlDb } from "./sql.ts";

/** A configuration of a batch: the grid's row × column. */
export type ConfigKey = { agent: string; model: string; split: string };

export type MetricSummary = {
  /** The mean over the runs of each repeat, in repeat order (the grid's mean ± std is over these). */
  repeatMeans: number[];
  /** Per run that did not fail: scored, not applicable, unscored (the judge failed, or the run has no such result). */
  scored: number;
  not_applicable: number;
  unscored: number;
};

export type ConfigSummary = ConfigKey & {
  runs: number;
  done: number;
  failed: number;
  running: number;
  /** Tasks and repeats with at least one metric result. */
  tasks: number;
  repeats: number;
  metrics: Partial<Record<MetricName, MetricSummary>>;
};

const SPLIT = "COALESCE(r.split, 'original')";
const LATEST_ROWS = `FROM runs r JOIN metric_results m ON m.run_id = r.id
  WHERE r.kind = 'agent' AND r.batch = ? AND ${LATEST_RESULT}`;
const keyOf = (c: ConfigKey) => JSON.stringify([c.agent, c.model, c.split]);

/** Every configuration of the batch with its counts and per-metric figures (empty: no such batch). */
export function batchSummary(db: SqlDb, batch: string): ConfigSummary[] {
  const configs = new Map<string, ConfigSummary>();
  for (const c of db
    .query<ConfigKey & { runs: number; done: number; failed: number; running: number }, [string]>(
      `SELECT r.agent, r.model, ${SPLIT} AS split, COUNT(*) AS runs,
         SUM(CASE WHEN r.status = 'done' THEN 1 ELSE 0 END) AS done,
         SUM(CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END) AS failed,
         SUM(CASE WHEN r.status = 'running' THEN 1 ELSE 0 END) AS running
       FROM runs r WHERE r.kind = 'agent' AND r.batch = ? GROUP BY r.agent, r.model, ${SPLIT}`,
    )
    .all(batch))
    configs.set(keyOf(c), {
      ...c,
      runs: Number(c.runs),
      done: Number(c.done),
      failed: Number(c.failed),
      running: Number(c.running),
      tasks: 0,
      repeats: 0,
      metrics: {},
    });
  for (const c of db
    .query<ConfigKey & { tasks: number; repeats: number }, [string]>(
      `SELECT r.agent, r.model, ${SPLIT} AS split, COUNT(DISTINCT r.task) AS tasks, COUNT(DISTINCT r.repeat) AS repeats
       ${LATEST_ROWS} GROUP BY r.agent, r.model, ${SPLIT}`,
    )
    .all(batch)) {
    const config = configs.get(keyOf(c));
    if (config) Object.assign(config, { tasks: Number(c.tasks), repeats: Number(c.repeats) });
  }
  const metricOf = (config: ConfigSummary, name: string): MetricSummary | null => {
    const metric = MetricName.safeParse(name);
    if (!metric.success) return null;
    config.metrics[metric.data] ??= { repeatMeans: [], scored: 0, not_applicable: 0, unscored: 0 };
    return config.metrics[metric.data]!;
  };
  for (const row of db
    .query<ConfigKey & { metric: string; scored: number; na: number }, [string]>(
      `SELECT r.agent, r.model, ${SPLIT} AS split, m.metric,
         SUM(CASE WHEN r.status <> 'failed' AND m.value IS NOT NULL THEN 1 ELSE 0 END) AS scored,
         SUM(CASE WHEN r.status <> 'failed' AND m.not_applicable = 1 THEN 1 ELSE 0 END) AS na
       ${LATEST_ROWS} GROUP BY r.agent, r.model, ${SPLIT}, m.metric`,
    )
    .all(batch)) {
    const config = configs.get(keyOf(row));
    const m = config && metricOf(config, row.metric);
    if (!config || !m) continue;
    m.scored = Number(row.scored);
    m.not_applicable = Number(row.na);
    m.unscored = config.runs - config.failed - m.scored - m.not_applicable;
  }
  for (const row of db
    .query<ConfigKey & { metric: string; repeat: number; mean: number }, [string]>(
      `SELECT r.agent, r.model, ${SPLIT} AS split, m.metric, r.repeat, AVG(m.value) AS mean
       ${LATEST_ROWS} AND m.value IS NOT NULL GROUP BY r.agent, r.model, ${SPLIT}, m.metric, r.repeat
       ORDER BY r.repeat`,
    )
    .all(batch)) {
    const config = configs.get(keyOf(row));
    const m = config && metricOf(config, row.metric);
    if (m) m.repeatMeans.push(Number(row.mean));
  }
  return [...configs.values()];
}

/** One task under one configuration: its runs, the one run when alone, the metric's mean, why there is none. */
export type TaskCell = ConfigKey & {
  task: string;
  runs: number;
  /** The run, when the cell holds one. */
  run: string | null;
  mean: number | null;
  failed: boolean;
  running: boolean;
  not_applicable: boolean;
};

/** The batch's tasks × configurations for `metric`. */
export function taskCells(db: SqlDb, batch: string, metric: MetricName): TaskCell[] {
  type Row = ConfigKey & {
    task: string;
    runs: number;
    run: string;
    mean: number | null;
    failed: number;
    running: number;
    na: number;
  };
  return db
    .query<Row, [string, string]>(
      `SELECT r.task, r.agent, r.model, ${SPLIT} AS split, COUNT(*) AS runs, MIN(r.id) AS run, AVG(m.value) AS mean,
         MAX(CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END) AS failed,
         MAX(CASE WHEN r.status = 'running' THEN 1 ELSE 0 END) AS running,
         MAX(COALESCE(m.not_applicable, 0)) AS na
       FROM runs r LEFT JOIN metric_results m ON m.run_id = r.id AND m.metric = ? AND ${LATEST_RESULT}
       WHERE r.kind = 'agent' AND r.batch = ? GROUP BY r.task, r.agent, r.model, ${SPLIT}`,
    )
    .all(metric, batch)
    .map((r) => ({
      task: r.task,
      agent: r.agent,
      model: r.model,
      split: r.split,
      runs: Number(r.runs),
      run: Number(r.runs) === 1 ? r.run : null,
      mean: r.mean === null ? null : Number(r.mean),
      failed: Number(r.failed) > 0,
      running: Number(r.running) > 0,
      not_applicable: Number(r.na) > 0,
    }));
}
