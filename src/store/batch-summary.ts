/**
 * @module A batch's figures aggregated in SQL, so its page costs its configurations and tasks, never its runs: per
 * configuration (agent × model × split) the run counts, per metric the mean of each repeat and the outcome counts,
 * and per task and configuration one metric's mean (the grid's cells). Values are each run's latest evaluation.
 */
import { MetricName } from "../core/index.ts";
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
 * A run's split as the grid names it (runs recorded before splits existed are `original`). The queries group by the
 * stored split (`latest_sums` keeps a missing one as ''), in their index's order, and fold it into `original` here.
 */
const splitOf = (split: string | null) => split || "original";
const keyOf = (c: ConfigKey) => JSON.stringify([c.agent, c.model, c.split]);
const cellOf = (c: ConfigKey & { task: string }) => JSON.stringify([c.task, c.agent, c.model, c.split]);

type Stored<T> = Omit<T, "split"> & { split: string | null };
type CellRuns = ConfigKey & {
  task: string;
  repeat: number;
  runs: number;
  run: string;
  done: number;
  failed: number;
  running: number;
};

/**
 * The batch's runs per task, configuration and repeat: how many, in which state, the smallest id — from one index
 * (migration 10) in its order.
 */
function cellRuns(db: SqlDb, batch: string): CellRuns[] {
  return db
    .query<Stored<CellRuns>, [string]>(
      `SELECT task, agent, model, split, repeat, COUNT(*) AS runs, MIN(id) AS run,
         SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END) AS done,
         SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed,
         SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END) AS running
       FROM runs WHERE kind = 'agent' AND batch = ? GROUP BY task, agent, model, split, repeat`,
    )
    .all(batch)
    .map((c) => ({
      ...c,
      split: splitOf(c.split),
      repeat: Number(c.repeat),
      runs: Number(c.runs),
      done: Number(c.done),
      failed: Number(c.failed),
      running: Number(c.running),
    }));
}

/**
 * Every configuration of the batch with its counts and per-metric figures (empty: no such batch). The values are
 * each run's latest result, summed per group in `latest_sums` (migration 11): the batch's rows of it, not its runs.
 */
export function batchSummary(db: SqlDb, batch: string): ConfigSummary[] {
  const configs = new Map<string, ConfigSummary>();
  for (const c of cellRuns(db, batch)) {
    const key = keyOf(c);
    const config =
      configs.get(key) ??
      configs
        .set(key, {
          agent: c.agent,
          model: c.model,
          split: c.split,
          runs: 0,
          done: 0,
          failed: 0,
          running: 0,
          tasks: 0,
          repeats: 0,
          metrics: {},
        })
        .get(key)!;
    config.runs += c.runs;
    config.done += c.done;
    config.failed += c.failed;
    config.running += c.running;
  }
  // Tasks and repeats that have a metric result (a run with any result has a latest one).
  const judged = new Map<string, { tasks: Set<string>; repeats: Set<number> }>();
  for (const c of db
    .query<Stored<ConfigKey> & { task: string; repeat: number }, [string]>(
      "SELECT DISTINCT agent, model, split, task, repeat FROM latest_sums WHERE batch = ?",
    )
    .all(batch)) {
    const key = keyOf({ ...c, split: splitOf(c.split) });
    const j = judged.get(key) ?? judged.set(key, { tasks: new Set(), repeats: new Set() }).get(key)!;
    j.tasks.add(c.task);
    j.repeats.add(Number(c.repeat));
  }
  for (const [key, j] of judged) {
    const config = configs.get(key);
    if (config) Object.assign(config, { tasks: j.tasks.size, repeats: j.repeats.size });
  }
  // One pass over the batch's sums: per configuration, metric and repeat the sum, count and outcome counts.
  type Pass = { sum: number; n: number; scored: number; na: number };
  const passes = new Map<string, { config: ConfigSummary; metric: MetricName; repeat: number } & Pass>();
  for (const row of db
    .query<
      Stored<ConfigKey> & {
        metric: string;
        repeat: number;
        sum: number | null;
        n: number;
        scored: number;
        na: number;
      },
      [string]
    >(
      `SELECT agent, model, split, metric, repeat, SUM(total) AS sum, SUM(valued) AS n,
         SUM(CASE WHEN status <> 'failed' THEN valued ELSE 0 END) AS scored,
         SUM(CASE WHEN status <> 'failed' THEN na ELSE 0 END) AS na
       FROM latest_sums WHERE batch = ? GROUP BY agent, model, split, metric, repeat`,
    )
    .all(batch)) {
    const config = configs.get(keyOf({ ...row, split: splitOf(row.split) }));
    const metric = MetricName.safeParse(row.metric);
    if (!config || !metric.success) continue;
    const key = JSON.stringify([keyOf(config), metric.data, Number(row.repeat)]);
    const p =
      passes.get(key) ??
      passes
        .set(key, { config, metric: metric.data, repeat: Number(row.repeat), sum: 0, n: 0, scored: 0, na: 0 })
        .get(key)!;
    p.sum += Number(row.sum ?? 0);
    p.n += Number(row.n);
    p.scored += Number(row.scored);
    p.na += Number(row.na);
  }
  for (const p of [...passes.values()].sort((a, b) => a.repeat - b.repeat)) {
    p.config.metrics[p.metric] ??= { repeatMeans: [], scored: 0, not_applicable: 0, unscored: 0 };
    const m = p.config.metrics[p.metric]!;
    if (p.n > 0) m.repeatMeans.push(p.sum / p.n);
    m.scored += p.scored;
    m.not_applicable += p.na;
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

/** The batch's tasks × configurations for `metric`: the runs of each, and the mean of their latest values. */
export function taskCells(db: SqlDb, batch: string, metric: MetricName): TaskCell[] {
  const scores = new Map<string, { sum: number; n: number; na: boolean }>();
  for (const c of db
    .query<Stored<ConfigKey> & { task: string; sum: number | null; n: number; na: number }, [string, string]>(
      `SELECT task, agent, model, split, SUM(total) AS sum, SUM(valued) AS n, SUM(na) AS na
       FROM latest_sums WHERE batch = ? AND metric = ? GROUP BY task, agent, model, split`,
    )
    .all(batch, metric)) {
    const key = cellOf({ ...c, split: splitOf(c.split) });
    const s = scores.get(key) ?? scores.set(key, { sum: 0, n: 0, na: false }).get(key)!;
    s.sum += Number(c.sum ?? 0);
    s.n += Number(c.n);
    s.na ||= Number(c.na) > 0;
  }
  const cells = new Map<string, TaskCell>();
  for (const c of cellRuns(db, batch)) {
    const key = cellOf(c);
    const cell = cells.get(key);
    if (cell) {
      cell.run = null;
      cell.runs += c.runs;
      cell.failed ||= c.failed > 0;
      cell.running ||= c.running > 0;
      continue;
    }
    const s = scores.get(key);
    cells.set(key, {
      task: c.task,
      agent: c.agent,
      model: c.model,
      split: c.split,
      runs: c.runs,
      run: c.runs === 1 ? c.run : null,
      mean: s && s.n > 0 ? s.sum / s.n : null,
      failed: c.failed > 0,
      running: c.running > 0,
      not_applicable: s?.na ?? false,
    });
  }
  return [...cells.values()];
}
