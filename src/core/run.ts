/** @module Run records: one agent run (or judge or generation run) with its configuration and outcome. */
import { z } from "zod";
import { Split } from "./artifact.ts";

export const RunKind = z.enum(["agent", "judge", "generate"]);
/** `interrupted`: left `running` by a process that died (found on the next start by its pid or stale heartbeat). */
export const RunStatus = z.enum(["running", "done", "failed", "interrupted"]);

export const RunRecord = z.object({
  id: z.string().min(1),
  kind: RunKind,
  /** Eval batch this run belongs to (a `drflow eval` invocation), if any. */
  batch: z.string().nullable().default(null),
  /** `suite/task_id` */
  task: z.string().default(""),
  split: Split.nullable().default(null),
  agent: z.string().default(""),
  /** Agent options, e.g. `{ gf: false, cap: true, iterations: 10 }`. */
  agent_options: z.record(z.string(), z.unknown()).default({}),
  model: z.string().default(""),
  repeat: z.number().int().min(0).default(0),
  status: RunStatus,
  started_at: z.string(),
  finished_at: z.string().nullable().default(null),
  error: z.string().nullable().default(null),
  /** Content-addressed identity of an agent run (`runIdentity`: task content, agent, model, split, repeat, judge). */
  identity: z.string().nullable().default(null),
  /** `<host>:<pid>` of the process running it; with `heartbeat_at`, how a dead run is told from a live one. */
  owner: z.string().nullable().default(null),
  heartbeat_at: z.string().nullable().default(null),
});
export type RunRecord = z.infer<typeof RunRecord>;
