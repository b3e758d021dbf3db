/**
 * @module Model calls of the agents: structured planning replies and the report text. A reply that is still unusable
 * after the repair turns fails the run with a one-line reason, the raw reply kept in the trace; provider errors and
 * cache-replay misses fail it at once. Nothing unusable becomes a result.
 */
import type { z } from "zod";
import { fillTemplate } from "../../core/template.ts";
import { StructuredOutputError } from "../../llm/errors.ts";
import { repairQuote } from "../../llm/repair-quote.ts";
import type { ChatMessage } from "../../llm/types.ts";
import { REPORT_REPAIR } from "../prompts/report-repair.ts";
import type { ResearchContext } from "./context.ts";
import { AgentRunError, failureReason, RAW_REPLY_CHARS } from "./failure.ts";

export type AskOptions<S extends z.ZodType> = {
  /** Trace and usage stage, e.g. `research_planning`. */
  stage: string;
  prompt: string;
  schema: S;
  schemaName: string;
  /** Name of the prompt template (e.g. `J.4`), recorded with the call's usage. */
  template: string;
};

/** Record the rejected raw reply in the trace and fail the run with the one-line reason. */
function fail(rc: ResearchContext, stage: string, error: unknown, raw: string | null): never {
  const reason = failureReason(stage, error);
  if (raw !== null) {
    const shown = raw.length > RAW_REPLY_CHARS ? `${raw.slice(0, RAW_REPLY_CHARS)}…` : raw;
    rc.tracer.note(`${stage}: rejected model reply (raw): ${shown || "(empty)"}`);
  }
  rc.tracer.note(`run failed: ${reason}`);
  throw new AgentRunError(reason, rc.tracer.events);
}

/** Ask for a structured reply (the model layer validates and re-asks with the problems). */
export async function askJson<S extends z.ZodType>(
  rc: ResearchContext,
  o: AskOptions<S>,
): Promise<z.infer<S>> {
  try {
    const result = await rc.model.generateObject({
      messages: [{ role: "user", content: o.prompt }],
      schema: o.schema,
      schemaName: o.schemaName,
      temperature: 0,
      context: { stage: o.stage, role: "agent", promptTemplate: o.template, runId: rc.runId },
    });
    return result.object;
  } catch (error) {
    fail(rc, o.stage, error, error instanceof StructuredOutputError ? error.lastRaw : null);
  }
}

/** Attempts at the report text, the first included (one repair turn). */
export const TEXT_ATTEMPTS = 2;

/**
 * Ask for free text (the J.9 Markdown report) that `check` accepts (null = usable, else the problem). An unusable
 * reply gets one repair turn naming the problem; it is never cached as good.
 */
export async function askText(
  rc: ResearchContext,
  o: { stage: string; prompt: string; template: string; check: (text: string) => string | null },
): Promise<string> {
  const messages: ChatMessage[] = [{ role: "user", content: o.prompt }];
  let raw = "";
  let problem = "";
  for (let attempt = 1; attempt <= TEXT_ATTEMPTS; attempt++) {
    let result: Awaited<ReturnType<ResearchContext["model"]["chat"]>>;
    try {
      result = await rc.model.chat({
        messages,
        temperature: 0,
        context: { stage: o.stage, role: "agent", promptTemplate: o.template, runId: rc.runId },
        accept: o.check,
      });
    } catch (error) {
      fail(rc, o.stage, error, null);
    }
    raw = result.text;
    problem =
      (result.finishReason === "length"
        ? "the reply was cut off at the token limit (finish_reason: length)"
        : null) ??
      o.check(raw) ??
      "";
    if (!problem) return raw;
    messages.push(
      { role: "assistant", content: repairQuote(raw) },
      {
        role: "user",
        content: fillTemplate(REPORT_REPAIR, { problem }, { name: "prompt agents/REPORT_REPAIR" }),
      },
    );
  }
  fail(
    rc,
    o.stage,
    new Error(`the model's report was unusable after ${TEXT_ATTEMPTS} attempt(s): ${problem}`),
    raw,
  );
}
