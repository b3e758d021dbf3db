/**
 * @module Dump every request an agent sends to the reading model, one file per request (its messages rendered as
 * text, plus the raw body as JSON), so a person can read what a model is shown:
 * `bun scripts/bench/support/dump-requests.ts --agents basic,drba --root tasks --task demo/healthcare_02 --out /tmp/d`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { agentFromSpec } from "../../../src/agents/index.ts";
import { runAgent } from "../../../src/agents/run.ts";
import { loadEnv } from "../../../src/env/load.ts";
import { createModel } from "../../../src/llm/index.ts";
import { hashingEmbedder } from "../../../src/retrieval/index.ts";
import { loadTask } from "../../../src/store/task-store.ts";
import { kindOf } from "../../../test/agents/support/scripted-agent.ts";
import { startScriptedServer } from "../../../test/support/scripted-server.ts";
import { readingReply } from "./reading-model.ts";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "basic,drba,drfa" },
    root: { type: "string", default: "tasks" },
    task: { type: "string", default: "demo/healthcare_02" },
    split: { type: "string", default: "mixed" },
    out: { type: "string", default: "/tmp/drflow-requests" },
  },
});

const loaded = await loadTask(values.root, values.task);
for (const spec of values.agents.split(",")) {
  const server = await startScriptedServer({ reply: readingReply });
  const env = await loadEnv(loaded, {
    split: values.split as "original" | "mixed",
    embedder: hashingEmbedder(),
  });
  try {
    const model = createModel(`compat:${server.url}#reading`, { cache: null, retry: { maxRetries: 0 } });
    await runAgent(agentFromSpec(spec), env, model, { runId: "dump" });
    const dir = join(values.out, spec.replace(/[^a-z0-9=,_-]/gi, "_"));
    mkdirSync(dir, { recursive: true });
    const chats = server.requests.filter((r) => !r.path.endsWith("/embeddings"));
    chats.forEach((req, i) => {
      const name = `${String(i + 1).padStart(2, "0")}-${kindOf(req)}`;
      const body = req.body as { messages?: { role: string; content: string }[] };
      const text = (body.messages ?? []).map((m) => `##### role=${m.role}\n${m.content}`).join("\n\n");
      writeFileSync(join(dir, `${name}.txt`), text);
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(req.body, null, 2));
    });
    console.log(`${spec}: ${chats.length} chat requests → ${dir}`);
  } finally {
    await env.close();
    await server.close();
  }
}
