import { expect, test } from "bun:test";
import { ProposedActions, toAction } from "./action.ts";

test("a model's action becomes a typed record: aliases, 1-10 priorities, stage fallback, bounded top_k", () => {
  const [raw] = ProposedActions.parse({
    actions: [
      {
        type: "Enterprise API",
        description: "find the language",
        parameters: { query: "preferred language", top_k: 500 },
        priority: "9",
        stage: "nonsense",
        preferred_tool: "EnterpriseAPITool",
        expected_output: { kind: "email" },
      },
    ],
  });
  const a = toAction(raw!, {
    id: "x",
    stage: "PERSONAL_EVIDENCE_COLLECTION",
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
    expected_output: '{"kind":"email"}',
  });
  expect(a.parameters).toMatchObject({ query: "preferred language", top_k: 50, service: "auto" });
});

test("an action without a query searches its description", () => {
  const a = toAction(ProposedActions.parse([{ description: "consent steps" }])[0]!, {
    id: "y",
    stage: "REQUIREMENT_COLLECTION",
    origin: "plan",
  });
  expect(a.parameters.query).toBe("consent steps");
  expect(a.type).toBe("local_document_search");
  expect(a.priority).toBe(0.5);
});
