/**
 * Every schema drflow can send as a structured-output response format passes the provider emulator's strict-mode
 * validator (OpenAI's documented subset), and replies in strict form decode back to what the zod schemas read.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { IntermediateWorkflow } from "../../src/agents/drfa/intermediate.ts";
import { conditionActions, gapActions, plannedActions } from "../../src/agents/shared/action.ts";
import { CrpPlan, ResearchPlan, SubQuestions } from "../../src/agents/shared/research-plan.ts";
import { TOOL_INFO } from "../../src/agents/shared/tools.ts";
import { ChatPosts, ChatSetup } from "../../src/generate/llm/files/chat.ts";
import { FillerSections, Outline, SectionText } from "../../src/generate/llm/files/document.ts";
import { EmailThread, EmailUsers } from "../../src/generate/llm/files/email.ts";
import { S1Output } from "../../src/generate/llm/stages/s1-seeds.ts";
import { Contexts, S2Workflow } from "../../src/generate/llm/stages/s2-contexts.ts";
import { S3Distractors } from "../../src/generate/llm/stages/s3-company.ts";
import { S4Output } from "../../src/generate/llm/stages/s4-personalized.ts";
import { S5Distractors, S5Insights } from "../../src/generate/llm/stages/s5-user.ts";
import { AdjacentInsights, AdjacentQuestions, Scene } from "../../src/generate/llm/stages/s6-adjacent.ts";
import { shapeSchema } from "../../src/llm/shape-schema.ts";
import { strictSchemaOf } from "../../src/llm/strict-schema.ts";
import { Audit, Comparison, SolverAnswer } from "../../src/review/evidence.ts";
import { Review } from "../../src/review/naturalness.ts";
import { strictSchemaProblems, valueProblems } from "../support/json-schema-rules.ts";
import { conform } from "../support/provider-emulator.ts";

/** The action schemas as a prompt offering every tool sends them. */
const TOOLS = Object.values(TOOL_INFO);
const PlannedActions = plannedActions(TOOLS);
/** J.5's and DRBA's first actions offer no reader: their parameters have no `document`. */
const PlannedSearches = plannedActions(TOOLS.filter((t) => t.actionType !== "read_document"));
const GapActions = gapActions(TOOLS);
const ConditionActions = conditionActions(TOOLS);

/** Every zod schema passed to `generateObject` in src/ (agents J.4–J.8, DRBA, generator K.1–K.20, review). */
const SENT: Record<string, z.ZodType> = {
  SubQuestions,
  ResearchPlan,
  CrpPlan,
  PlannedActions,
  PlannedSearches,
  GapActions,
  ConditionActions,
  IntermediateWorkflow,
  S1Output,
  Contexts,
  S2Workflow,
  S3Distractors,
  S4Output,
  S5Insights,
  S5Distractors,
  AdjacentQuestions,
  AdjacentInsights,
  Scene,
  Outline,
  SectionText,
  FillerSections,
  ChatSetup,
  ChatPosts,
  EmailUsers,
  EmailThread,
  SolverAnswer,
  Comparison,
  Audit,
  Review,
};

test("every schema drflow sends passes the strict-mode validator", () => {
  const failing = Object.entries(SENT)
    .map(([name, schema]) => [name, strictSchemaProblems(strictSchemaOf(schema).schema)] as const)
    .filter(([, problems]) => problems.length > 0);
  expect(failing).toEqual([]);
});

test("the validator is not a rubber stamp: the raw zod JSON schemas break the documented rules", () => {
  const { z } = require("zod") as typeof import("zod");
  const raw = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });
  expect(strictSchemaProblems(raw(PlannedActions))).toContain(
    "root: schema must be a JSON Schema of 'type: \"object\"'",
  );
  expect(strictSchemaProblems(raw(ResearchPlan)).join("\n")).toContain("'additionalProperties' is required");
  expect(strictSchemaProblems(raw(z.object({ a: z.string().default("") }))).join("\n")).toContain(
    "'default' is not permitted",
  );
  expect(strictSchemaProblems(raw(IntermediateWorkflow)).length).toBeGreaterThan(0);
});

const FIXTURES = join(import.meta.dir, "../fixtures/agents");

test("fixture replies, shaped by a constrained decoder into strict form, decode back and validate with zod", () => {
  const cases: [z.ZodType, string][] = [
    [ResearchPlan, "research-plan.json"],
    [CrpPlan, "crp-plan.json"],
    [PlannedActions, "actions-REQUIREMENT_COLLECTION.json"],
    [GapActions, "gap-actions.json"],
    [ConditionActions, "conditional-actions.json"],
    [IntermediateWorkflow, "intermediate-workflow.json"],
  ];
  for (const [schema, file] of cases) {
    const value = JSON.parse(readFileSync(join(FIXTURES, file), "utf8"));
    const strict = strictSchemaOf(schema);
    const shaped = conform(value, strict.schema);
    expect(valueProblems(strict.schema, shaped)).toEqual([]);
    const decoded = schema.safeParse(strict.decode(shaped));
    expect(decoded.success).toBe(true);
    // Decoding keeps what the model said: the zod reading of the loose reply and of the strict one agree.
    expect(decoded.data).toEqual(schema.parse(value));
  }
});

test("the action schemas are the prompts' examples: wrapped in value, no nulls, no key/value pairs, parameters as objects", () => {
  for (const schema of [PlannedActions, GapActions, ConditionActions]) {
    const strict = strictSchemaOf(schema);
    expect(strict.wrapped).toBe(true);
    const text = JSON.stringify(strict.schema);
    expect(text).not.toContain('"null"');
    expect(text).not.toContain('"key"');
    expect(text).not.toMatch(/"(id|dependencies)"/);
  }
  const item = (s: z.ZodType) =>
    (strictSchemaOf(s).schema.properties as Record<string, { items: Record<string, unknown> }>).value!.items
      .properties as Record<string, unknown>;
  expect(Object.keys(item(GapActions)).sort()).toEqual(
    ["description", "expected_output", "parameters", "preferred_tool", "priority", "stage", "type"].sort(),
  );
  expect(Object.keys(item(ConditionActions))).not.toContain("stage");
  const reply = {
    value: [
      {
        type: "local_document_search",
        description: "d",
        parameters: { query: "consent", top_k: 5, service: "auto" as const, document: "" },
        priority: 0.85,
        expected_output: "e",
        preferred_tool: "LocalFileSearchTool",
        stage: "REQUIREMENT_COLLECTION" as const,
      },
    ],
  };
  const strict = strictSchemaOf(GapActions);
  expect(valueProblems(strict.schema, reply)).toEqual([]);
  expect(GapActions.parse(strict.decode(reply))).toEqual(reply.value);
  // The research plan's workflow_strategy is an object with the example's keys.
  const plan = strictSchemaOf(ResearchPlan).schema.properties as Record<string, Record<string, unknown>>;
  expect(plan.workflow_strategy!.type).toBe("object");
});

test("unions take only the guide's documented forms: [primitive, null] type arrays, anyOf for everything else", () => {
  const { z } = require("zod") as typeof import("zod");
  const strict = strictSchemaOf(
    z.object({
      note: z.string().optional(),
      count: z.number().int().nullable(),
      flag: z.boolean().optional(),
      either: z.union([z.string(), z.number()]),
      either_or_null: z.union([z.string(), z.number()]).nullable(),
      owner: z.object({ name: z.string() }).nullable(),
      tags: z.array(z.string()).optional(),
      kind: z.enum(["a", "b"]).optional(),
      extra: z.record(z.string(), z.number()).optional(),
    }),
  );
  const p = strict.schema.properties as Record<string, Record<string, unknown>>;
  expect(p.note).toEqual({ type: ["string", "null"] });
  expect(p.count!.type).toEqual(["integer", "null"]);
  expect(p.flag).toEqual({ type: ["boolean", "null"] });
  expect(p.either).toEqual({ anyOf: [{ type: "string" }, { type: "number" }] });
  expect(p.either_or_null).toEqual({ anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] });
  for (const name of ["owner", "tags", "kind", "extra"]) {
    const anyOf = p[name]!.anyOf as Record<string, unknown>[];
    expect([name, anyOf?.at(-1)]).toEqual([name, { type: "null" }]);
    expect([name, anyOf.length]).toEqual([name, 2]);
  }
  expect(JSON.stringify(strict.schema)).not.toMatch(/"type":\["(object|array)","null"\]/);
  expect(strictSchemaProblems(strict.schema)).toEqual([]);
  // Replies in either branch decode back to what zod reads.
  const reply = {
    note: null,
    count: null,
    flag: true,
    either: 3,
    either_or_null: null,
    owner: { name: "Ana" },
    tags: null,
    kind: "b",
    extra: [{ key: "x", value: 1 }],
  };
  expect(valueProblems(strict.schema, reply)).toEqual([]);
  expect(strict.decode(reply)).toEqual({
    count: null,
    flag: true,
    either: 3,
    either_or_null: null,
    owner: { name: "Ana" },
    kind: "b",
    extra: { x: 1 },
  });
});

test("the validator accepts the documented union forms and refuses undocumented ones", () => {
  const object = (property: Record<string, unknown>) => ({
    type: "object",
    properties: { x: property },
    required: ["x"],
    additionalProperties: false,
  });
  const accepted = [
    { type: ["string", "null"] },
    { type: ["integer", "null"] },
    { anyOf: [{ type: "string" }, { type: "number" }] },
    { anyOf: [object({ type: "string" }), { type: "null" }] },
  ];
  for (const p of accepted) expect([p, strictSchemaProblems(object(p))]).toEqual([p, []]);
  const refused = [
    { type: ["string", "number"] },
    { type: ["object", "null"], properties: {}, required: [], additionalProperties: false },
    { type: ["array", "null"], items: { type: "string" } },
  ];
  for (const p of refused) expect([p, strictSchemaProblems(object(p)).length]).toEqual([p, 1]);
  expect(strictSchemaProblems(object({ type: ["string", "number"] }))[0]).toContain("anyOf");
});

test("S6's fact check sends the content's own shape: strict-valid, and it holds the nested content a record of unknowns cannot", () => {
  const { z } = require("zod") as typeof import("zod");
  const content = {
    kind: "email",
    thread: [
      {
        from: "lena.park@northbridge.example",
        to: ["maria.lopez@northbridge.example"],
        date: "2026-02-09T09:00:00Z",
        body: "Hi Maria, the locker is 12.",
      },
      {
        from: "maria.lopez@northbridge.example",
        to: ["lena.park@northbridge.example"],
        date: "2026-02-09T10:00:00Z",
        body: "Thanks.",
        attachments: [],
      },
    ],
    meta: { urgent: false, replies: 2, tags: null },
  };
  const strict = strictSchemaOf(shapeSchema(content));
  expect(strictSchemaProblems(strict.schema)).toEqual([]);
  expect(valueProblems(strict.schema, content)).toEqual([]);
  expect(shapeSchema(content).parse(strict.decode(content))).toEqual(content);
  // A changed shape is refused (the decoder shapes replies into the schema; zod still checks the keys).
  expect(
    valueProblems(strict.schema, { ...content, meta: { urgent: "no", replies: 2, tags: null } }).length,
  ).toBeGreaterThan(0);
  // The record the fact check used to send: its strict form has no room for the thread's objects.
  const record = strictSchemaOf(z.record(z.string(), z.unknown()));
  expect(
    valueProblems(
      record.schema,
      Object.entries(content).map(([key, value]) => ({ key, value })),
    ).length,
  ).toBeGreaterThan(0);
});
