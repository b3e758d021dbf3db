/**
 * @module Scripted replies for agent tests: recognise which prompt a request carries and answer with the realistic
 * fixtures in `test/fixtures/agents/`, served over real HTTP by the scripted OpenAI-compatible server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RecordedRequest, ScriptedReply } from "../../support/scripted-server.ts";

const DIR = join(import.meta.dir, "../../fixtures/agents");

export function fixtureText(name: string): string {
  return readFileSync(join(DIR, name), "utf8");
}

export type PromptKind =
  | "J.4"
  | "J.5"
  | "J.6"
  | "J.7"
  | "J.8"
  | "J.9"
  | "DRBA.SRP"
  | "DRBA.CRP"
  | "DRBA.ACTIONS"
  | "DRBA.AAP"
  | "embeddings"
  | "unknown";

const OPENINGS: [string, PromptKind][] = [
  ["Design a comprehensive research plan to answer:", "J.4"],
  ["Generate 2-3 diverse, targeted actions for this research investigation area.", "J.5"],
  ["Based on the research progress, suggest 0-2 additional actions ONLY if genuine gaps exist.", "J.6"],
  ["You are analyzing research findings (policy documents, workflow procedures)", "J.7"],
  ["Generate 3-6 diverse search actions to find PERSONAL/USER-SPECIFIC evidence", "J.8"],
  ["You are an expert enterprise workflow architect.", "J.9"],
  ["Break the following enterprise research question into", "DRBA.SRP"],
  ["You are planning a deep research investigation over a company's private data", "DRBA.CRP"],
  ["Generate 1-3 search actions for this research objective.", "DRBA.ACTIONS"],
  ["You are running a deep research investigation.", "DRBA.AAP"],
];

/** The first user message of a chat request (the agent's prompt; the model layer may add system messages). */
export function promptOf(req: RecordedRequest): string {
  const body = req.body as { messages?: { role: string; content: string }[] };
  return body.messages?.find((m) => m.role === "user")?.content ?? "";
}

export function kindOf(req: RecordedRequest): PromptKind {
  if (req.path.endsWith("/embeddings")) return "embeddings";
  const prompt = promptOf(req);
  return OPENINGS.find(([opening]) => prompt.startsWith(opening))?.[1] ?? "unknown";
}

/** `path → src_N` from the J.9 prompt's AVAILABLE SOURCES block, as a model would read it. */
export function sourceKeysByPath(prompt: string): Map<string, string> {
  const block = prompt.split("### AVAILABLE SOURCES")[1]?.split("### DOCUMENT CONTENTS")[0] ?? "";
  const map = new Map<string, string>();
  for (const m of block.matchAll(/^- (src_\d+): .* \([a-z_]+; \w+: ([^()]+)\)$/gm))
    map.set(m[2]!.trim(), m[1]!);
  return map;
}

/** Fill `[DOC:@<path>]` placeholders with the keys the prompt assigned; sources the prompt did not list are dropped. */
export function fillReport(markdown: string, prompt: string): string {
  const keys = sourceKeysByPath(prompt);
  return markdown.replace(/\[DOC:@([^\]]+)\]/g, (_m, path: string) => {
    const key = keys.get(path);
    return key ? `[DOC:${key}]` : "";
  });
}

function usageFor(prompt: string, content: string) {
  return { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4) };
}

export type ReplyFn = (req: RecordedRequest, index: number) => ScriptedReply;

/** Default answers per prompt kind; override any kind per test. J.6 proposes two actions once, then `[]`. */
export function agentReplies(overrides: Partial<Record<PromptKind, ReplyFn>> = {}): ReplyFn {
  let gapCalls = 0;
  const defaults: Partial<Record<PromptKind, ReplyFn>> = {
    "J.4": () => ({ content: fixtureText("research-plan.json") }),
    "J.5": (req) => {
      const stage = /CURRENT STAGE: (\w+)/.exec(promptOf(req))?.[1] ?? "REQUIREMENT_COLLECTION";
      return { content: fixtureText(`actions-${stage}.json`) };
    },
    "J.6": () => ({ content: gapCalls++ === 0 ? fixtureText("gap-actions.json") : "[]" }),
    "J.7": () => ({ content: fixtureText("intermediate-workflow.json") }),
    "J.8": () => ({ content: fixtureText("conditional-actions.json") }),
    "J.9": (req) => ({ content: fillReport(fixtureText("workflow-report.md"), promptOf(req)) }),
    "DRBA.SRP": () => ({
      content: JSON.stringify({
        sub_questions: [
          "What are the steps of the informed consent procedure for LEP patients?",
          "How are interpreters booked for elective procedures?",
        ],
      }),
    }),
    "DRBA.CRP": () => ({ content: fixtureText("crp-plan.json") }),
    "DRBA.ACTIONS": () => ({ content: fixtureText("actions-REQUIREMENT_COLLECTION.json") }),
    "DRBA.AAP": () => ({ content: "[]" }),
  };
  return (req, index) => {
    const kind = kindOf(req);
    const fn = overrides[kind] ?? defaults[kind];
    if (!fn)
      return kind === "embeddings"
        ? {}
        : { status: 400, json: { error: { message: `unscripted prompt ${kind}` } } };
    const reply = fn(req, index);
    return reply.usage || reply.content === undefined
      ? reply
      : { ...reply, usage: usageFor(promptOf(req), reply.content) };
  };
}
