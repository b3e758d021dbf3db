import { describe, expect, test } from "bun:test";
import { slotNames } from "../../core/template.ts";
import * as J5 from "./action-planning.ts";
import * as J6 from "./adaptive-planning.ts";
import * as J8 from "./conditional-planning.ts";
import * as DRBA from "./drba.ts";
import * as J7 from "./intermediate-workflow.ts";
import * as J4 from "./research-planning.ts";
import * as J9 from "./workflow-prediction.ts";

describe("the paper's prompts (J.4-J.9) keep their verbatim text and f-string slot names", () => {
  const cases: [string, string[], string, string][] = [
    [
      "J.4",
      slotNames(J4.TEMPLATE),
      "Design a comprehensive research plan to answer:",
      "= focus on workflow building.",
    ],
    [
      "J.5",
      slotNames(J5.TEMPLATE),
      "Generate 2-3 diverse, targeted actions for this research investigation area.",
      "Return a JSON array with 2-3 actions.",
    ],
    [
      "J.6",
      slotNames(J6.TEMPLATE),
      "Based on the research progress, suggest 0-2 additional actions",
      "Create valid JSON only, no other text.",
    ],
    ["J.7", slotNames(J7.TEMPLATE), "You are analyzing research findings", 'set "conditional_steps": [].'],
    [
      "J.8",
      slotNames(J8.TEMPLATE),
      "Generate 3-6 diverse search actions",
      "Return valid JSON only, no other text.",
    ],
    [
      "J.9",
      slotNames(J9.TEMPLATE),
      "You are an expert enterprise workflow architect.",
      "(src_1, src_2, etc.).",
    ],
  ];
  const expected: Record<string, string[]> = {
    "J.4": ["question", "tools_section"],
    "J.5": [
      "original_question",
      "stage",
      "research_focus",
      "information_needs",
      "knowledge_sources",
      "available_tool_names",
      "tool_guidelines",
      "_get_action_plan_guidelines(available_tool_names)",
    ],
    "J.6": [
      "action_plan.research_query",
      "len(completed_actions)",
      "json.dumps(action_plan.get_stats(), indent=2)",
      "internal_findings['has_internal']",
      "internal_findings['has_enterprise']",
      "json.dumps(existing_queries[:15], indent=2)",
      "chr(10).join(existing_descriptions[:15])",
      "available_tool_names",
    ],
    "J.7": ["research_query", "findings_summary"],
    "J.8": [
      "context.original_question",
      "conditions_summary",
      "json.dumps(existing_queries[:15], indent=2)",
      "available_tool_names",
      "tool_guidelines",
    ],
    "J.9": ["context.original_question", "doc_ids_block", "findings_text", "sources_reference"],
  };
  for (const [name, slots, start, end] of cases) {
    test(`${name}: slots and text`, () => {
      expect(slots).toEqual(expected[name]!);
      // The full text is compared with the paper's in test/prompts/paper-prompts.test.ts.
      const source = { "J.4": J4, "J.5": J5, "J.6": J6, "J.7": J7, "J.8": J8, "J.9": J9 }[name]!.TEMPLATE
        .source;
      expect(source.startsWith(start)).toBe(true);
      expect(source.trimEnd().endsWith(end)).toBe(true);
    });
  }

  test("rendered prompts carry the filled slots and the paper's literal JSON examples", () => {
    const j6 = J6.renderAdaptivePlanning({
      researchQuery: "How to consent?",
      completedActions: 3,
      planStats: { total: 4 },
      hasPolicyDocuments: true,
      hasPersonalEvidence: false,
      existingQueries: ["consent policy"],
      existingDescriptions: ["a", "b"],
      availableToolNames: "['LocalFileSearchTool']",
      ran: 3,
      pending: 1,
      documentsFound: ['- "Consent Policy" (drive): 2 of 5 passages read'],
      actionTypes: '"local_document_search" or "read_document"',
      parameters: '"parameters": {"query": "search terms", "top_k": 10, "service": "auto", "document": ""}',
    });
    expect(j6).toContain("Original Research Query: How to consent?\nCompleted Actions: 3");
    expect(j6).toContain("- Policy Documents Found: True\n- Personal Evidence Found: False");
    expect(j6).toContain('"total": 4');
    expect(j6).toContain('{"query": "novel keywords not used before", "top_k": 15}');
    expect(
      J9.renderWorkflowPrediction({
        originalQuestion: "Q?",
        docIdsBlock: "D",
        findingsText: "F",
        sourcesReference: "S",
        persona: "Dana Whitfield <dana@x.example>, Nurse: runs the clinic",
      }),
    ).toContain('DR Question: "Q?"');
  });

  test("DRBA's prompts (ours, not the paper's) fill cleanly", () => {
    expect(DRBA.renderSrp({ question: "Q?" })).toContain('{ "sub_questions"');
    expect(slotNames(DRBA.AAP_TEMPLATE)).toContain("findings_summary");
  });
});
