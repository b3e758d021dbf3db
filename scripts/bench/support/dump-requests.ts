/**
 * @module Dump every request an agent sends to the reading model, one file per request (its messages rendered as
 * text, plus the raw body as JSON), so a person can read what a model is shown:
 * `bun scripts/bench/support/dump-requests.ts --agents basic,drba --root tasks --task demo/healthcare_02 --out /tmp/d`.
 * `--gap "q1;q2"`: gap finding (J.6) proposes these searches, one per call, instead of answering that nothing is
 * missing — to see what later rounds send (e.g. whether J.7 re-runs for passages off its workflow).
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
import { type RecordedRequest, startScriptedServer } from "../../../test/support/scripted-server.ts";
import { readingReply } from "./reading-model.ts";

const { values } = parseArgs({
  options: {
    agents: { type: "string", default: "basic,drba,drfa" },
    root: { type: "string", default: "tasks" },
    task: { type: "string", default: "demo/healthcare_02" },
    split: { type: "string", default: "mixed" },
    out: { type: "string", default: "/tmp/drflow-requests" },
    gap: { type: "string", default: "" },
  },
});

const loaded = await loadTask(values.root, values.task);
const gapQueries = values.gap.split(";").filter(Boolean);
for (const spec of values.agents.split(",")) {
  let gaps = 0;
  const reply = (req: RecordedRequest) => {
    const query = gapQueries[gaps];
    if (kindOf(req) !== "J.6" || query === undefined) return readingReply(req);
    gaps += 1;
    const action = { type: "local_document_search", description: query, priority: 0.9, expected_output: "" };
    const parameters = { query, top_k: 10, service: "auto", document: "" };
    const value = [
      { ...action, parameters, preferred_tool: "LocalFileSearchTool", stage: "REQUIREMENT_COLLECTION" },
    ];
    return { content: JSON.stringify({ value }) };
  };
  const server = await startScriptedServer({ reply });
  const env = await loadEnv(loaded, {
    split: values.split as "original" | "mixed",
    embedder: hashingEmbedder(),
  });
  try {
    const model = createModel(`compat:${server.url}#reading`, { cache: null, retry: { maxRetries: 0 } });
    const result = await runAgent(agentFromSpec(spec), env, model, { runId: "dump" });
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
    const notes = result.trace.flatMap((e) => (e.type === "note" ? [e.message] : []));
    writeFileSync(join(dir, "notes.txt"), `${notes.join("\n")}\n`);
    const kinds = chats.map(kindOf);
    const j7 = kinds.filter((k) => k === "J.7").length;
    console.log(`${spec}: ${chats.length} chat requests (${j7} J.7) → ${dir}: ${kinds.join(" ")}`);
  } finally {
    await env.close();
    await server.close();
  }
}
