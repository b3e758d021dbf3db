import { expect, test } from "bun:test";
import { ConditionActions, GapActions, PlannedActions, toAction } from "./action.ts";

test("a model's action becomes a typed record: type aliases, 1-10 priorities, stage fallback, bounded top_k", () => {
  const [raw] = GapActions.parse([
    {
      type: "Enterprise API",
      description: "find the language",
      parameters: { query: "preferred language", top_k: 500 },
      priority: 9,
      expected_output: "an email naming the language",
      preferred_tool: "EnterpriseAPITool",
      stage: "PERSONAL_EVIDENCE_COLLECTION",
    },
  ]);
  const a = toAction(raw!, {
    id: "x",
    stage: "REQUIREMENT_COLLECTION",
    origin: "conditional",
    conditionId: "c1",
  });
  expect(a).toMatchObject({
    id: "x",
    type: "enterprise_api",
    priority: 0.9,
    stage: "PERSONAL_EVIDENCE_COLLECTION",
    origin: "conditional",
    condition_id: "c1",
    preferred_tool: "EnterpriseAPITool",
    expected_output: "an email naming the language",
    dependencies: [],
  });
  expect(a.parameters).toMatchObject({ query: "preferred language", top_k: 50, service: "auto" });
});

test("each prompt's schema takes its example's parameter shapes and keeps every field given", () => {
  const base = {
    type: "enterprise_api",
    description: "d",
    priority: 0.9,
    expected_output: "e",
    preferred_tool: "EnterpriseAPITool",
  };
  // J.5: query + top_k, and enterprise_api may add service.
  const [planned] = PlannedActions.parse([
    { ...base, parameters: { query: "q", top_k: 5, service: "email" } },
  ]);
  expect(planned!.parameters).toEqual({ query: "q", top_k: 5, service: "email" });
  // J.8: {query, service} or {query, top_k}.
  const [a, b] = ConditionActions.parse([
    { ...base, parameters: { query: "q", service: "auto" } },
    { ...base, parameters: { query: "q", top_k: 10 } },
  ]);
  expect([a!.parameters, b!.parameters]).toEqual([
    { query: "q", service: "auto" },
    { query: "q", top_k: 10 },
  ]);
  // A reply missing a field the example shows is a problem to repair, not a silent default.
  expect(
    PlannedActions.safeParse([{ ...base, expected_output: undefined, parameters: { query: "q", top_k: 5 } }])
      .success,
  ).toBe(false);
  // J.6 takes a stage, as its example shows; J.8 has none (drflow files its actions under personal evidence).
  expect(GapActions.safeParse([{ ...base, parameters: { query: "q", top_k: 5 } }]).success).toBe(false);
});

test("a read action names a document to read whole", () => {
  const [raw] = GapActions.parse([
    {
      type: "read_document",
      description: "the decision table TB-173 points to",
      parameters: { query: "Nursing Procedure TB-173", top_k: 1 },
      priority: 0.85,
      expected_output: "the table",
      preferred_tool: "DocumentReaderTool",
      stage: "REQUIREMENT_COLLECTION",
    },
  ]);
  const a = toAction(raw!, { id: "r", stage: "REQUIREMENT_COLLECTION", origin: "gap" });
  expect([a.type, a.parameters.query]).toEqual(["read_document", "Nursing Procedure TB-173"]);
});
