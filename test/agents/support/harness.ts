/** @module Agent test harness: scripted server + real-HTTP model + fixture env, torn down after each run. */

import { type RunAgentResult, runAgent } from "../../../src/agents/run.ts";
import type { Agent } from "../../../src/agents/types.ts";
import { createModel } from "../../../src/llm/index.ts";
import { type RecordedRequest, startScriptedServer } from "../../support/scripted-server.ts";
import { fixtureEnv } from "./fixture-env.ts";
import { agentReplies, kindOf, type PromptKind, type ReplyFn } from "./scripted-agent.ts";

export type AgentRun = RunAgentResult & { requests: RecordedRequest[]; kinds: PromptKind[] };

/** Run an agent on the fixture env against the scripted server (no cache, so every call is a real HTTP request). */
export async function runScripted(
  agent: Agent,
  overrides: Partial<Record<PromptKind, ReplyFn>> = {},
  split: "original" | "mixed" = "original",
  /** Options after the model name, e.g. `?structured=json_object`. */
  handleOptions = "",
): Promise<AgentRun> {
  const server = await startScriptedServer({ reply: agentReplies(overrides) });
  const env = await fixtureEnv(split);
  try {
    let tick = 0;
    const model = createModel(`compat:${server.url}#test-model${handleOptions}`, {
      cache: null,
      retry: { maxRetries: 0 },
    });
    const result = await runAgent(agent, env, model, { runId: "test-run", now: () => ++tick });
    return { ...result, requests: server.requests, kinds: server.requests.map(kindOf) };
  } finally {
    await env.close();
    await server.close();
  }
}
