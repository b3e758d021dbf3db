import { expect, test } from "bun:test";
import { conditionActions, gapActions, plannedActions, toAction } from "./action.ts";
import { TOOL_INFO } from "./tools.ts";

/** Every tool offered: local search, the enterprise API, the web, the document reader. */
const TOOLS = Object.values(TOOL_INFO);
const PlannedActions = plannedActions(TOOLS);
const GapActions = gapActions(TOOLS);
const ConditionActions = conditionActions(TOOLS);

test("a model's action becomes a typed record: type aliases, 1-10 priorities, stage fallback, bounded top_k", () => {
  // drflow's own fallbacks (and json replies read leniently) may name a type loosely: toAction maps the alias.
  const [raw] = [
    {
      type: "Enterprise API",
      description: "find the language",
      parameters: { query: "preferred language", top_k: 500, service: "auto", document: "" },
      priority: 9,
      expected_output: "an email naming the language",
      preferred_tool: "EnterpriseAPITool",
      stage: "PERSONAL_EVIDENCE_COLLECTION",
    },
  ];
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

test("every prompt's schema takes one parameters shape: query, top_k as a number, service, document", () => {
  const base = {
    type: "enterprise_api",
    description: "d",
    priority: 0.9,
    expected_output: "e",
    preferred_tool: "EnterpriseAPITool",
  };
  const full = { query: "q", top_k: 5, service: "email", document: "" };
  for (const schema of [PlannedActions, ConditionActions]) {
    const [planned] = schema.parse([{ ...base, parameters: full }]);
    expect(planned!.parameters as object).toEqual(full);
    // The verbatim examples' partial shapes, and top_k as a string, are problems to repair, not silent defaults.
    for (const parameters of [
      { query: "q", top_k: 5 },
      { query: "q", service: "auto" },
      { ...full, top_k: "5" },
    ])
      expect(schema.safeParse([{ ...base, parameters }]).success).toBe(false);
  }
  expect(PlannedActions.safeParse([{ ...base, expected_output: undefined, parameters: full }]).success).toBe(
    false,
  );
  // J.6 takes a stage, as its example shows; J.8 has none (drflow files its actions under personal evidence).
  expect(GapActions.safeParse([{ ...base, parameters: full }]).success).toBe(false);
  expect(GapActions.safeParse([{ ...base, parameters: full, stage: "REQUIREMENT_COLLECTION" }]).success).toBe(
    true,
  );
});

test("a read action names a document to read whole", () => {
  const [raw] = GapActions.parse([
    {
      type: "read_document",
      description: "the decision table TB-173 points to",
      parameters: { query: "the decision table", top_k: 1, service: "auto", document: "drive/tb-173.docx" },
      priority: 0.85,
      expected_output: "the table",
      preferred_tool: "DocumentReaderTool",
      stage: "REQUIREMENT_COLLECTION",
    },
  ]);
  const a = toAction(raw!, { id: "r", stage: "REQUIREMENT_COLLECTION", origin: "gap" });
  expect([a.type, a.parameters.document, a.parameters.query]).toEqual([
    "read_document",
    "drive/tb-173.docx",
    "the decision table",
  ]);
});

test("type, preferred_tool and service take only the choices the prompt offers (enums from the tools given)", () => {
  const action = {
    type: "local_document_search",
    description: "d",
    parameters: { query: "q", top_k: 5, service: "auto", document: "" },
    priority: 0.9,
    expected_output: "e",
    preferred_tool: "LocalFileSearchTool",
  };
  const searchOnly = plannedActions([TOOL_INFO.local_document_search, TOOL_INFO.enterprise_search]);
  expect(searchOnly.safeParse([action]).success).toBe(true);
  for (const wrong of [
    { type: "read_document", preferred_tool: "DocumentReaderTool" },
    { type: "Enterprise API" },
    { preferred_tool: "" },
    { preferred_tool: "InternetSearchTool" },
    { parameters: { ...action.parameters, service: "sharepoint" } },
  ])
    expect([wrong, searchOnly.safeParse([{ ...action, ...wrong }]).success]).toEqual([wrong, false]);
  // Offered, the reader is a choice; every service the prompts list is one.
  expect(
    plannedActions(TOOLS).safeParse([
      { ...action, type: "read_document", preferred_tool: "DocumentReaderTool" },
    ]).success,
  ).toBe(true);
  for (const service of ["nextcloud", "mattermost", "email", "filebrowser"])
    expect(searchOnly.safeParse([{ ...action, parameters: { ...action.parameters, service } }]).success).toBe(
      true,
    );
  expect(() => plannedActions([])).toThrow("none were given");
  // Without the reader, "document" is no field of the parameters: a strict schema would require it, always "".
  const { document: _, ...searchParameters } = action.parameters;
  expect(searchOnly.safeParse([{ ...action, parameters: searchParameters }]).success).toBe(true);
  expect(searchOnly.parse([action])[0]!.parameters).toEqual({ query: "q", top_k: 5, service: "auto" });
  expect(plannedActions(TOOLS).safeParse([{ ...action, parameters: searchParameters }]).success).toBe(false);
});
