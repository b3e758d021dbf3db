import { afterEach, describe, expect, test } from "bun:test";
import { realizeChat } from "../../src/generate/llm/files/chat.ts";
import type { FileContext } from "../../src/generate/llm/files/context.ts";
import { Rng } from "../../src/generate/procedural/prng.ts";
import { createModel } from "../../src/llm/index.ts";
import * as W from "../fixtures/generate-llm/world.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureReplier, promptOf, schemaOf } from "./replier.ts";

let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function chatWith(naturalness: number, structured: "prompt" | "json_schema" = "prompt") {
  server = await startScriptedServer({ reply: fixtureReplier({ naturalness }).reply });
  const spec = W.SPECS[0]!;
  const ctx: FileContext = {
    env: {
      model: createModel(`compat:${server.url}#test-model`, { cache: null, structured }),
      runId: "gen-nat",
    },
    seed: { ...W.seedRow(spec), task_id: spec.taskId, domain: "healthcare" },
    persona: {
      name: spec.user.name,
      email: spec.user.email,
      username: "maria.lopez",
      role: spec.user.role,
      role_description: "Coordinates the unit.",
    },
    subsections: 3,
    chatTurns: 6,
    emailMessages: 3,
  };
  const target = {
    kind: "fact" as const,
    question: "Which language?",
    answer: "The patient's preferred language is Spanish.",
    justification: "Interpreter branch.",
  };
  const realized = await realizeChat(ctx, {
    target,
    date: "2026-02-20",
    rng: new Rng("nat"),
    stage: "realize",
  });
  return {
    realized,
    schemas: server.requests.map(schemaOf),
    prompts: server.requests.map(promptOf),
    bodies: server.requests.map((r) => r.body),
  };
}

describe("chat naturalness review (seed 002 §C.1)", () => {
  test("a channel-day of 6 posts is reviewed; a good score keeps the draft", async () => {
    const { realized, schemas } = await chatWith(4);
    expect(schemas).toEqual(["chat_setup", "chat_posts", "naturalness_review"]);
    expect(realized.carrier).toBe("The patient's preferred language is Spanish.");
    expect(realized.content.kind).toBe("chat");
  });

  test("a score ≤ 2 triggers exactly one rewrite with the reviewer's problems appended", async () => {
    const { schemas, prompts } = await chatWith(2);
    expect(schemas).toEqual(["chat_setup", "chat_posts", "naturalness_review", "chat_posts"]);
    expect(prompts[3]).toContain(
      "A reviewer flagged the previous draft: everybody narrating; values recited without context. Fix these.",
    );
    expect(prompts[1]).not.toContain("A reviewer flagged");
  });

  test("the same stage works with a JSON-schema response format (providers that support it)", async () => {
    const { schemas, bodies } = await chatWith(4, "json_schema");
    expect(schemas).toEqual(["chat_setup", "chat_posts", "naturalness_review"]);
    expect((bodies[1] as { response_format?: { type?: string } }).response_format?.type).toBe("json_schema");
  });
});
