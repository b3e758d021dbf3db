/**
 * @module The grid a suite and an agent list name (`drflow eval`, the queue): which tasks, which models, which batch.
 * The front end parses its flags into a `GridRequest`; the rules of filling it in live here.
 */
import { agentFromSpec } from "../agents/index.ts";
import { closest } from "../core/closest.ts";
import type { Split } from "../core/index.ts";
import type { Protocol } from "../judge/evaluate.ts";
import { resolveRole } from "../llm/roles.ts";
import { listTasks } from "../store/task-store.ts";
import type { AgentEntry } from "./evaluate-suite.ts";
import { defaultBatchId } from "./identity.ts";

export type GridRequest = {
  root: string;
  suite: string;
  /** Task ids (`healthcare_01` or `demo/healthcare_01`); every task of the suite when absent. */
  tasks?: readonly string[];
  splits: readonly Split[];
  agents: readonly string[];
  /** Model handles; when absent, the agent role's model if any agent needs one, else none. */
  models?: readonly string[];
  repeats: number;
  judge: string;
  judgeProtocol: Protocol;
  /** The batch id; when absent, a hash of the grid (so the same request resumes the same batch). */
  batch?: string;
};

export type GridPlan = { batch: string; tasks: string[]; agents: AgentEntry[]; models: string[] };

/** A request the suite cannot serve: no tasks, or tasks named that it does not hold. */
export class GridError extends Error {}

/** Fill in a grid: its tasks, agents, models and batch id. */
export async function planGrid(request: GridRequest): Promise<GridPlan> {
  const { root, suite } = request;
  const agents = request.agents.map((spec) => ({ spec, agent: agentFromSpec(spec) }));
  const models = request.models
    ? [...request.models]
    : agents.some((a) => a.agent.needsModel)
      ? [resolveRole("agent").handle]
      : [];
  const tasks = await suiteTasks(root, suite, request.tasks);
  const batch =
    request.batch ??
    defaultBatchId({
      suite,
      tasks: request.tasks ? tasks : undefined,
      splits: request.splits,
      agents: request.agents,
      models,
      repeats: request.repeats,
      judge: request.judge,
      judgeProtocol: request.judgeProtocol,
    });
  return { batch, tasks, agents, models };
}

/**
 * The task refs of `suite` that `wanted` names (`healthcare_01` or `demo/healthcare_01`; every task when absent). A
 * suite without tasks, or a name it does not hold, is a `GridError` naming `flag`, with the nearest task or the list.
 */
export async function suiteTasks(
  root: string,
  suite: string,
  wanted?: readonly string[],
  flag = "--tasks",
): Promise<string[]> {
  const known = (await listTasks(root, suite)).map((t) => t.ref);
  if (known.length === 0) throw new GridError(`suite "${suite}" has no tasks under ${root}/${suite}`);
  if (!wanted) return known;
  const refs = wanted.map((t) => (t.includes("/") ? t : `${suite}/${t}`));
  const missing = refs.filter((t) => !known.includes(t));
  if (missing.length === 0) return refs;
  const near = missing.map((t) => closest(t, known)).filter((t) => t !== undefined);
  const hint = near.length
    ? `did you mean ${[...new Set(near)].join(", ")}?`
    : `it holds ${known.slice(0, 8).join(", ")}${known.length > 8 ? `, … (${known.length} tasks)` : ""}`;
  throw new GridError(`${flag}: not in suite "${suite}": ${missing.join(", ")} (${hint})`);
}
