/** @module The agent interface: an agent turns an environment (and, for LLM agents, a model) into a report and a trace. */
import type { Report } from "../core/index.ts";
import type { Env } from "../env/types.ts";
import type { Model, Usage } from "../llm/types.ts";
import type { Embedder } from "../retrieval/embedders/embedder.ts";

/** One entry of an agent's trace: every action, tool call and model call, in order. */
export type TraceEvent =
  | {
      type: "action";
      at: number;
      actionId: string;
      actionType: string;
      description: string;
      stage: string;
      status: "started" | "done" | "failed";
    }
  | { type: "tool"; at: number; tool: string; input: unknown; resultCount: number; sourceIds: string[] }
  | {
      type: "model";
      at: number;
      stage: string;
      usage: Usage;
      /** HTTP attempts behind this call (structured-output repairs re-ask); 1 when absent. */
      attempts?: number;
      /** The reply never validated (the agent went on without it); usage is then unknown here (the model layer's usage sink has it). */
      failed?: boolean;
    }
  | { type: "note"; at: number; message: string };

export type AgentContext = {
  env: Env;
  /** null for offline agents (`extractive`). */
  model: Model | null;
  runId: string;
  /** Embeds the session's findings store (default: the offline hashing embedder; never the agent's chat model). */
  embedder?: Embedder;
  /** Progress hook: called with every trace event as it happens. */
  onEvent?: (event: TraceEvent) => void;
  /** Injected clock so tests can fake time. */
  now?: () => number;
};

export type AgentOutput = { report: Report; trace: TraceEvent[] };

export interface Agent {
  readonly name: string;
  /** The options this agent was built with (recorded with every run), e.g. `{ gf: false, cap: true, iterations: 10 }`. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Whether the agent needs a model (false only for offline agents). */
  readonly needsModel: boolean;
  run(context: AgentContext): Promise<AgentOutput>;
}
