/** @module The trace of a run: every action, tool call and model call, in order, with a clock the caller injects. */
import type { z } from "zod";
import { countCall, noUsage, type UsageTotals } from "../../core/index.ts";
import { StructuredOutputError } from "../../llm/errors.ts";
import type {
  CallContext,
  ChatRequest,
  ChatResult,
  Model,
  ObjectRequest,
  ObjectResult,
  Usage,
} from "../../llm/types.ts";
import type { TraceEvent } from "../types.ts";

type Without<T> = T extends unknown ? Omit<T, "at"> : never;

export class Tracer {
  readonly events: TraceEvent[] = [];
  private readonly now: () => number;
  private readonly onEvent?: (event: TraceEvent) => void;

  constructor(options: { now?: () => number; onEvent?: (event: TraceEvent) => void } = {}) {
    this.now = options.now ?? Date.now;
    this.onEvent = options.onEvent;
  }

  record(event: Without<TraceEvent>): TraceEvent {
    const full = { ...event, at: this.now() } as TraceEvent;
    this.events.push(full);
    this.onEvent?.(full);
    return full;
  }

  /** The injected clock, for timing calls. */
  time(): number {
    return this.now();
  }

  note(message: string): void {
    this.record({ type: "note", message });
  }

  /** Model calls recorded so far, in order. */
  modelCalls(): Extract<TraceEvent, { type: "model" }>[] {
    return this.events.filter((e): e is Extract<TraceEvent, { type: "model" }> => e.type === "model");
  }
}

const ZERO: Usage = { inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: 0, cached: false };

/** A model that records every chat, structured and embedding call into the trace (failed calls too, as notes). */
export function tracedModel(model: Model, tracer: Tracer, runId: string): Model {
  const withRun = (context: CallContext): CallContext => ({
    ...context,
    runId: context.runId ?? runId,
    role: context.role,
  });
  return {
    handle: model.handle,
    async chat(request: ChatRequest): Promise<ChatResult> {
      try {
        const result = await model.chat({ ...request, context: withRun(request.context) });
        tracer.record({ type: "model", stage: request.context.stage, usage: result.usage });
        return result;
      } catch (err) {
        tracer.note(`model call failed at stage ${request.context.stage}: ${(err as Error).message}`);
        throw err;
      }
    },
    async generateObject<S extends z.ZodType>(request: ObjectRequest<S>): Promise<ObjectResult<z.infer<S>>> {
      try {
        const result = await model.generateObject({ ...request, context: withRun(request.context) });
        tracer.record({
          type: "model",
          stage: request.context.stage,
          usage: result.usage,
          attempts: result.attempts,
        });
        return result;
      } catch (err) {
        if (err instanceof StructuredOutputError) {
          tracer.record({
            type: "model",
            stage: request.context.stage,
            usage: ZERO,
            attempts: err.attempts,
            failed: true,
          });
        } else {
          tracer.note(`model call failed at stage ${request.context.stage}: ${(err as Error).message}`);
        }
        throw err;
      }
    },
    async embed(texts: string[], context: CallContext): Promise<number[][]> {
      const started = tracer.time();
      const vectors = await model.embed(texts, withRun(context));
      tracer.record({
        type: "model",
        stage: context.stage,
        usage: { ...ZERO, latencyMs: tracer.time() - started },
      });
      return vectors;
    },
  };
}

/** An agent run's usage: the usage totals of its trace's model calls, the requests behind them, latency, and totals by stage. */
export type AgentUsage = UsageTotals & {
  /** Requests sent, counting structured-output repair attempts. */
  requests: number;
  latencyMs: number;
  byStage: Record<string, UsageTotals>;
};

export function usageTotals(events: readonly TraceEvent[]): AgentUsage {
  const totals: AgentUsage = { ...noUsage(), requests: 0, latencyMs: 0, byStage: {} };
  for (const e of events) {
    if (e.type !== "model") continue;
    countCall(totals, e.usage);
    totals.requests += e.attempts ?? 1;
    totals.latencyMs += e.usage.latencyMs;
    const stage = totals.byStage[e.stage] ?? noUsage();
    totals.byStage[e.stage] = stage;
    countCall(stage, e.usage);
  }
  return totals;
}
