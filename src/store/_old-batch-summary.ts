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

/**
 * The batch's runs, read through the batch index first (MATERIALIZED: a planner must not walk another index in its
 * GROUP BY's order and filter the whole store by batch).
 */
const BATCH_RUNS = `WITH r AS MATERIALIZED (SELECT id, task, agent, model, COALESCE(split, 'original') AS split, repeat, status
  FROM runs WHERE kind = 'agent' AND batch = ?)`;
const SPLIT = "r.split";
const LATEST_ROWS = `FROM r JOIN metric_results m ON m.run_id = r.id WHERE ${LATEST_RESULT}`;
const keyOf = (c: ConfigKey) => JSON.stringify([c.agent, c.model, c.split]);

/** Every configuration of the batch with its counts and per-metric figures (empty: no such batch). */
export function batchSummary(db: SqlDb, batch: string): ConfigSummary[] {
  const configs = new Map<string, ConfigSummary>();
  for (const c of db
    .query<ConfigKey & { runs: number; done: number; failed: number; running: number }, [string]>(
      `${BATCH_RUNS} SELECT r.agent, r.model, ${SPLIT} AS split, COUNT(*) AS runs,
         SUM(CASE WHEN r.status = 'done' THEN 1 ELSE 0 END) AS done,
         SUM(CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END) AS failed,
         SUM(CASE WHEN r.status = 'running' THEN 1 ELSE 0 END) AS running
       FROM r GROUP BY r.agent, r.model, ${SPLIT}`,
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
  // Tasks and repeats that have a metric result (any evaluation: a run with results has a latest one).
  for (const c of db
    .query<ConfigKey & { tasks: number; repeats: number }, [string]>(
      `${BATCH_RUNS} SELECT r.agent, r.model, ${SPLIT} AS split, COUNT(DISTINCT r.task) AS tasks, COUNT(DISTINCT r.repeat) AS repeats
       FROM r WHERE EXISTS (SELECT 1 FROM metric_results m WHERE m.run_id = r.id) GROUP BY r.agent, r.model, ${SPLIT}`,
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
  // One pass over the latest results: per configuration, metric and repeat the mean and the outcome counts.
  for (const row of db
    .query<
      ConfigKey & { metric: string; repeat: number; mean: number | null; scored: number; na: number },
      [string]
    >(
      `${BATCH_RUNS} SELECT r.agent, r.model, ${SPLIT} AS split, m.metric, r.repeat, AVG(m.value) AS mean,
         SUM(CASE WHEN r.status <> 'failed' AND m.value IS NOT NULL THEN 1 ELSE 0 END) AS scored,
         SUM(CASE WHEN r.status <> 'failed' AND m.not_applicable = 1 THEN 1 ELSE 0 END) AS na
       ${LATEST_ROWS} GROUP BY r.agent, r.model, ${SPLIT}, m.metric, r.repeat ORDER BY r.repeat`,
    )
    .all(batch)) {
    const config = configs.get(keyOf(row));
    const m = config && metricOf(config, row.metric);
    if (!config || !m) continue;
    if (row.mean !== null) m.repeatMeans.push(Number(row.mean));
    m.scored += Number(row.scored);
    m.not_applicable += Number(row.na);
  }
  for (const config of configs.values())
    for (const m of Object.values(config.metrics))
      m!.unscored = config.runs - config.failed - m!.scored - m!.not_applicable;
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
      `${BATCH_RUNS} SELECT r.task, r.agent, r.model, ${SPLIT} AS split, COUNT(*) AS runs, MIN(r.id) AS run, AVG(m.value) AS mean,
         MAX(CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END) AS failed,
         MAX(CASE WHEN r.status = 'running' THEN 1 ELSE 0 END) AS running,
         MAX(COALESCE(m.not_applicable, 0)) AS na
       FROM r LEFT JOIN metric_results m ON m.run_id = r.id AND m.metric = ? AND ${LATEST_RESULT}
       GROUP BY r.task, r.agent, r.model, ${SPLIT}`,
    )
    .all(batch, metric)
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
