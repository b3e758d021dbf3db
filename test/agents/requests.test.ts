/**
 * Every request every LLM agent sends (basic, drba, drfa, drfa without gap finding, drfa without conditional action
 * planning), recorded by the scripted server: a valid OpenAI chat request (lowercase roles, string contents, a strict
 * JSON schema the documented way), and what its prompt says agrees with its schema — the action types offered, the one
 * parameters shape, the document list and "document" parameter wherever the document reader is offered; findings are
 * never cut mid-passage; the verbatim paper text keeps its line structure as sent.
 */
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { agentFromSpec } from "../../src/agents/index.ts";
import type { RecordedRequest } from "../support/scripted-server.ts";
import { type AgentRun, runScripted } from "./support/harness.ts";
import { promptOf } from "./support/scripted-agent.ts";

const SPECS = ["basic", "drba", "drfa", "drfa:gf=false", "drfa:cap=false"] as const;

/** OpenAI's chat completions request, as far as drflow uses it: unknown keys, roles or shapes are errors. */
const OpenAIMessage = z.strictObject({
  role: z.enum(["system", "user", "assistant", "tool", "developer"]),
  content: z.string(),
});
const OpenAIChatRequest = z.strictObject({
  model: z.string().min(1),
  messages: z.array(OpenAIMessage).min(1),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  seed: z.number().int().optional(),
  response_format: z
    .discriminatedUnion("type", [
      z.strictObject({ type: z.literal("text") }),
      z.strictObject({ type: z.literal("json_object") }),
      z.strictObject({
        type: z.literal("json_schema"),
        json_schema: z.strictObject({
          name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
          schema: z.looseObject({ type: z.literal("object") }),
          strict: z.boolean().optional(),
          description: z.string().optional(),
        }),
      }),
    ])
    .optional(),
});

type JsonSchema = {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** The `parameters` object schema of an action-list response schema, or null when the request asks for no actions. */
function parametersSchema(req: RecordedRequest): JsonSchema | null {
  const body = req.body as { response_format?: { json_schema?: { schema: JsonSchema } } };
  const item = body.response_format?.json_schema?.schema.properties?.value?.items;
  return item?.properties?.parameters ?? null;
}

/** A template slot left unfilled: `{stage}`, `{json.dumps(existing_queries[:15], indent=2)}` (not mermaid's `{Decision Point}`). */
const SLOT = /\{[A-Za-z_][\w.[\]'():]*(?:, ?[\w=.[\]'():]+)*\}/g;

const runs = new Map<string, AgentRun>();
async function run(spec: string): Promise<AgentRun> {
  let r = runs.get(spec);
  if (!r) {
    r = await runScripted(agentFromSpec(spec), {}, "mixed");
    runs.set(spec, r);
  }
  return r;
}
const chats = (r: AgentRun) => r.requests.filter((q) => !q.path.endsWith("/embeddings"));

describe("every request every agent sends", () => {
  for (const spec of SPECS) {
    test(`${spec}: valid OpenAI chat requests with lowercase roles`, async () => {
      const r = await run(spec);
      expect(chats(r).length).toBeGreaterThan(0);
      for (const [i, req] of chats(r).entries()) {
        const parsed = OpenAIChatRequest.safeParse(req.body);
        expect([spec, i, r.kinds[r.requests.indexOf(req)], parsed.error?.issues ?? []]).toEqual([
          spec,
          i,
          r.kinds[r.requests.indexOf(req)],
          [],
        ]);
      }
    });

    test(`${spec}: prompt, schema and adapter lines agree on the actions and the document reader`, async () => {
      const r = await run(spec);
      const planning = chats(r).filter((q) => parametersSchema(q) !== null);
      expect(planning.length > 0).toBe(spec !== "basic");
      for (const req of chats(r)) {
        const prompt = promptOf(req);
        const kind = r.kinds[r.requests.indexOf(req)];
        const params = parametersSchema(req);
        const offersReader = prompt.includes("DocumentReaderTool");
        if (params) {
          // One parameters shape in every action schema, top_k a number, "document" only where the reader is
          // offered (a field the schema requires that could only be "" is one a model must fill for nothing); the
          // prompt documents exactly the schema's fields.
          const fields = ["query", "service", "top_k", ...(offersReader ? ["document"] : [])].sort();
          expect([kind, Object.keys(params.properties ?? {}).sort()]).toEqual([kind, fields]);
          expect([kind, [...(params.required ?? [])].sort()]).toEqual([kind, fields]);
          expect(params.properties!.top_k!.type).toBe("number");
          const shown = offersReader
            ? '"top_k": 10, "service": "auto", "document": ""}, all four fields'
            : '"top_k": 10, "service": "auto"}, all three fields';
          expect([kind, prompt.includes(shown), prompt.includes('"document"')]).toEqual([
            kind,
            true,
            offersReader,
          ]);
          // The reader offered is an action type the prompt lists, with the documents it can read.
          expect([kind, prompt.includes('"read_document"')]).toEqual([kind, offersReader]);
          if (offersReader) {
            expect([kind, prompt.includes("DOCUMENTS FOUND SO FAR (")]).toEqual([kind, true]);
            expect(prompt).toContain('set "document" to its path');
          }
        }
        // Every slot is filled: no `{name}` of a template is left in what the model reads.
        expect([kind, prompt.match(SLOT) ?? []]).toEqual([kind, []]);
        // Findings are whole passages: nothing cut mid-text with a characters-left-out marker.
        if (kind !== "J.9")
          expect([kind, /more characters of .* left out/.test(prompt)]).toEqual([kind, false]);
      }
    });
  }

  for (const structured of ["json_object", "prompt"] as const)
    test(`drfa with structured=${structured}: valid OpenAI chat requests, the schema in the messages`, async () => {
      const r = await runScripted(agentFromSpec("drfa"), {}, "mixed", `?structured=${structured}`);
      const sent = chats(r);
      expect(sent.length).toBeGreaterThan(4);
      for (const req of sent) {
        expect(OpenAIChatRequest.safeParse(req.body).error?.issues ?? []).toEqual([]);
        // Without a response schema, the schema travels as a system message ahead of the prompt.
        const messages = (req.body as { messages: { role: string; content: string }[] }).messages;
        if (r.kinds[r.requests.indexOf(req)] !== "J.9")
          expect([messages[0]!.role, messages[0]!.content.includes('"properties"')]).toEqual([
            "system",
            true,
          ]);
      }
      const formats = new Set(
        sent.map((q) => (q.body as { response_format?: { type: string } }).response_format?.type),
      );
      expect([...formats]).toEqual(structured === "json_object" ? ["json_object", undefined] : [undefined]);
    });

  test("the checks are not rubber stamps: a capitalized role, a non-string content, an unknown key fail; a left slot is found", () => {
    const ok = { model: "m", messages: [{ role: "user", content: "hi" }] };
    expect(OpenAIChatRequest.safeParse(ok).success).toBe(true);
    expect(OpenAIChatRequest.safeParse({ ...ok, messages: [{ role: "User", content: "hi" }] }).success).toBe(
      false,
    );
    expect(OpenAIChatRequest.safeParse({ ...ok, messages: [{ role: "user", content: 1 }] }).success).toBe(
      false,
    );
    expect(OpenAIChatRequest.safeParse({ ...ok, prompt: "x" }).success).toBe(false);
    expect(
      "CURRENT STAGE: {stage} {json.dumps(existing_queries[:15], indent=2)} C{Decision Point}".match(SLOT),
    ).toEqual(["{stage}", "{json.dumps(existing_queries[:15], indent=2)}"]);
  });

  test("every agent's report prompt gets the persona block J.9 refers to, from the task's user", async () => {
    for (const spec of SPECS) {
      const r = await run(spec);
      const j9 = chats(r).find((q) => r.kinds[r.requests.indexOf(q)] === "J.9");
      expect([spec, /^Persona block: .+ <[^>]+@[^>]+>, .+: .+$/m.test(promptOf(j9!))]).toEqual([spec, true]);
    }
  });

  test("J.8 offers the reader with its document list and says reading a policy document is the exception", async () => {
    const r = await run("drfa");
    const j8 = chats(r).find((q) => r.kinds[r.requests.indexOf(q)] === "J.8");
    expect(j8).toBeDefined();
    const prompt = promptOf(j8!);
    expect(prompt).toContain(
      "NOT general policy documents.\n(Reading a document listed under DOCUMENTS FOUND whole",
    );
    expect(prompt).toMatch(/DOCUMENTS FOUND SO FAR \([1-9]\d*;[^\n]*\n- "/);
  });

  test("the verbatim J.9 and J.4 text keeps its line structure as sent", async () => {
    const r = await run("drfa");
    const prompts = chats(r).map((q) => [r.kinds[r.requests.indexOf(q)], promptOf(q)] as const);
    const j9 = prompts.find(([k]) => k === "J.9")![1];
    for (const line of [
      "## References (Leave blank - auto-generated)",
      "CRITICAL REQUIREMENTS:",
      "3. Condition Resolution Table: one row per conditional step, search ALL user evidence to resolve conditions",
      "4. Personalized workflow has IDENTICAL number of steps as generic (10-15)",
      "## Executive Summary",
      "### Condition Resolution Table",
      "# Research Report: Personalized Workflow Analysis",
    ])
      expect(j9.split("\n")).toContain(line);
    const j4 = prompts.find(([k]) => k === "J.4")![1];
    expect(j4).toContain(
      "personal evidence sources\nGenerate a JSON object with EXACTLY 2 research investigation areas",
    );
  });
});
