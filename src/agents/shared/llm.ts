/** @module Model calls of the agents: structured planning replies (tolerated when unusable) and the report text. */
import type { z } from "zod";
import type { ResearchContext } from "./context.ts";

export type AskOptions<S extends z.ZodType> = {
  /** Trace and usage stage, e.g. `research_planning`. */
  stage: string;
  prompt: string;
  schema: S;
  schemaName: string;
  /** Name of the prompt template (e.g. `J.4`), recorded with the call's usage. */
  template: string;
};

/**
 * Ask for a structured reply (the model layer validates and re-asks). A planning reply that still cannot be used
 * after the model layer's repair attempts is not fatal: it is noted in the trace and null is returned, so the
 * planner proceeds with what it has.
 */
export async function askJson<S extends z.ZodType>(
  rc: ResearchContext,
  o: AskOptions<S>,
): Promise<z.infer<S> | null> {
  try {
    const result = await rc.model.generateObject({
      messages: [{ role: "user", content: o.prompt }],
      schema: o.schema,
      schemaName: o.schemaName,
      temperature: 0,
      context: { stage: o.stage, role: "agent", promptTemplate: o.template, runId: rc.runId },
    });
    return result.object;
  } catch (err) {
    rc.tracer.note(
      `${o.stage}: unusable reply, continuing without it (${(err as Error).message.slice(0, 300)})`,
    );
    return null;
  }
}

/** Ask for free text (the J.9 Markdown report). Failures propagate: without a report there is no run. */
export async function askText(
  rc: ResearchContext,
  o: { stage: string; prompt: string; template: string },
): Promise<string> {
  const result = await rc.model.chat({
    messages: [{ role: "user", content: o.prompt }],
    temperature: 0,
    context: { stage: o.stage, role: "agent", promptTemplate: o.template, runId: rc.runId },
  });
  return result.text;
}
