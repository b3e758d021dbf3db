/** @module Evaluation cells: one task × agent × model × split × repeat (their identity and run id are in identity.ts). */

import { z } from "zod";
import { MetricName, RunUsage, Split } from "../core/index.ts";

/** The model handle recorded for agents that need no model. */
export const NO_MODEL = "none";

export const Cell = z.object({
  /** `suite/task_id` */
  task: z.string().min(1),
  /** Agent spec as given on the command line, e.g. `extractive`, `drfa`, `drfa:gf=false`. */
  agent: z.string().min(1),
  /** Model handle, or `none` for offline agents. */
  model: z.string().min(1),
  split: Split,
  repeat: z.number().int().min(0),
});
export type Cell = z.infer<typeof Cell>;

/** The outcome of one finished cell: metric values in [0, 1] (null when unscorable) and the usage it cost. */
export const CellResult = z.object({
  cell: Cell,
  runId: z.string().min(1),
  /** `skipped`: finished in an earlier invocation of the batch and read back from the run store. */
  status: z.enum(["done", "failed", "skipped"]),
  metrics: z.partialRecord(MetricName, z.number().nullable()),
  /** Metrics that do not apply to the cell's task (their null is "not applicable", not "unscored"). */
  not_applicable: z.array(MetricName).default([]),
  usage: RunUsage,
  error: z.string().nullable().default(null),
});
export type CellResult = z.infer<typeof CellResult>;

/** Every cell of a grid, tasks outermost so parallel workers spread over tasks. */
export function planCells(grid: {
  tasks: readonly string[];
  agents: readonly { spec: string; needsModel: boolean }[];
  models: readonly string[];
  splits: readonly Split[];
  repeats: number;
}): Cell[] {
  if (!Number.isInteger(grid.repeats) || grid.repeats < 1) {
    throw new Error(`repeats: expected a positive integer, got ${grid.repeats}`);
  }
  const cells: Cell[] = [];
  for (let repeat = 0; repeat < grid.repeats; repeat++) {
    for (const split of grid.splits) {
      for (const agent of grid.agents) {
        const models = agent.needsModel ? grid.models : [NO_MODEL];
        if (agent.needsModel && models.length === 0) {
          throw new Error(`agent "${agent.spec}" needs a model: pass --models <handle,…>`);
        }
        for (const model of models) {
          for (const task of grid.tasks) cells.push({ task, agent: agent.spec, model, split, repeat });
        }
      }
    }
  }
  return cells;
}
