/**
 * @module Why an agent run failed, in one line, with the trace recorded up to the failure (raw rejected replies
 * included), so a failed cell is stored with its reason and its evidence — never as an empty report marked done.
 */
import { CacheMissError, MissingKeyError, ProviderError, StructuredOutputError } from "../../llm/errors.ts";
import type { TraceEvent } from "../types.ts";

/** Raw replies kept in the trace are cut at this many characters. */
export const RAW_REPLY_CHARS = 4000;

export class AgentRunError extends Error {
  constructor(
    message: string,
    /** The trace up to the failure. */
    readonly trace: TraceEvent[],
  ) {
    super(message);
    this.name = "AgentRunError";
  }
}

/** The first line of a message, trimmed to `width` characters. */
export function oneLine(message: string, width = 300): string {
  const line = message.split("\n").find((l) => l.trim()) ?? "";
  const flat = line.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, width)}…` : flat;
}

/** The one-line reason a model call of `stage` failed: what was wrong with the reply, or the provider's or cache's error. */
export function failureReason(stage: string, error: unknown): string {
  if (error instanceof StructuredOutputError) {
    return `${stage}: the model's ${error.schemaName} reply was unusable after ${error.attempts} attempt(s): ${oneLine(error.problems[0] ?? "no problems listed")}`;
  }
  if (error instanceof CacheMissError || error instanceof MissingKeyError || error instanceof ProviderError)
    return `${stage}: ${oneLine(error.message)}`;
  return `${stage}: ${oneLine((error as Error)?.message ?? String(error))}`;
}

/** The trace an error carries (an `AgentRunError`'s), or null. */
export function traceOf(error: unknown): TraceEvent[] | null {
  return error instanceof AgentRunError ? error.trace : null;
}
