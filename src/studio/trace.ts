/**
 * @module A run's timeline: the agent's trace events, with each model event joined to the call the model layer
 * recorded for it (same stage, in order) so tokens, cost, latency, cache status and key sit beside the event.
 */
import type { TraceEvent } from "../agents/types.ts";
import type { CallRecord } from "../core/usage.ts";

export type TimelineEntry =
  | { kind: "action"; at: number; event: Extract<TraceEvent, { type: "action" }> }
  | { kind: "tool"; at: number; event: Extract<TraceEvent, { type: "tool" }> }
  | { kind: "note"; at: number; event: Extract<TraceEvent, { type: "note" }> }
  | {
      kind: "model";
      at: number;
      stage: string;
      event: Extract<TraceEvent, { type: "model" }> | null;
      calls: CallRecord[];
    };

/**
 * Trace events in order; each model event takes the next recorded calls of its stage (as many as its attempts).
 * Calls no event claims (a judge's calls, or a trace without model events) are model entries of their own, placed
 * by start time.
 */
export function timeline(trace: readonly TraceEvent[], calls: readonly CallRecord[]): TimelineEntry[] {
  const byStage = new Map<string, CallRecord[]>();
  for (const c of calls) {
    if (c.kind !== "chat") continue;
    const list = byStage.get(c.stage) ?? [];
    list.push(c);
    byStage.set(c.stage, list);
  }
  const out: TimelineEntry[] = [];
  for (const e of trace) {
    if (e.type === "model") {
      const queue = byStage.get(e.stage) ?? [];
      const taken = queue.splice(0, Math.max(1, e.attempts ?? 1));
      out.push({ kind: "model", at: e.at, stage: e.stage, event: e, calls: taken });
    } else if (e.type === "action") out.push({ kind: "action", at: e.at, event: e });
    else if (e.type === "tool") out.push({ kind: "tool", at: e.at, event: e });
    else out.push({ kind: "note", at: e.at, event: e });
  }
  const start = out[0]?.at ?? 0;
  for (const rest of byStage.values())
    for (const c of rest) {
      const at = Date.parse(c.started_at);
      out.push({ kind: "model", at: Number.isNaN(at) ? start : at, stage: c.stage, event: null, calls: [c] });
    }
  // A stable sort: trace events keep their order; unclaimed calls fall in by their start time.
  return out.sort((a, b) => a.at - b.at);
}
