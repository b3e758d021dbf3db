import { describe, expect, test } from "bun:test";
import { Report } from "../../core/index.ts";
import { citationKeys, stripTrailingCitations } from "./citations.ts";
import { parseConditionText } from "./condition-text.ts";
import { workflowFlowchart } from "./flowchart.ts";
import { parseReportMarkdown } from "./parse.ts";
import { renderReportMarkdown } from "./render.ts";

const report = Report.parse({
  task_id: "healthcare_01",
  question: "What steps do I follow to obtain consent for a research participant?",
  executive_summary:
    "The consent workflow has four steps [DOC:src_1]; the participant prefers Spanish [DOC:src_2].",
  generic_workflow: [
    {
      item: 1,
      title: "Register the participant",
      task: "Create the record [DOC:src_1]",
      task_description: "Open form CR-12 in the portal.",
      citations: ["src_1"],
    },
    {
      item: 2,
      title: "Arrange interpretation",
      task: "Book an interpreter if needed",
      task_description: "Use the language-services desk | ext. 4410.",
      condition_description:
        "If preferred language is not English → book a certified interpreter; else → proceed in English",
      prerequisite: "1",
      prerequisite_description: "The record must exist first.",
      citations: ["src_1"],
    },
    {
      item: 3,
      title: "Sign the consent form",
      task: "Collect signatures",
      task_description: "Both parties sign form IC-3.",
      prerequisite: "2",
      citations: [],
    },
  ],
  condition_resolution: [
    {
      condition:
        "If preferred language is not English → book a certified interpreter; else → proceed in English",
      evidence: "Email from Ana Ruiz: 'prefiero español'",
      resolution: "Resolved: book a certified Spanish interpreter",
      resolved: true,
      citations: ["src_2"],
    },
  ],
  personalized_workflow: [
    {
      item: 1,
      title: "Register Ana Ruiz",
      task: "Create the record for Ana Ruiz",
      task_description: "Form CR-12, participant id P-0042.",
      justification: "Policy requires a record [DOC:src_1]",
      citations: ["src_1"],
    },
    {
      item: 2,
      title: "Book a Spanish interpreter",
      task: "Book a certified Spanish interpreter",
      task_description: "Call ext. 4410 by 2025-03-14.",
      prerequisite: "1",
      justification: "She prefers Spanish [DOC:src_2]",
      citations: ["src_2", "src_1"],
    },
    {
      item: 3,
      title: "Sign form IC-3",
      task: "Collect signatures",
      task_description: "Ana and the coordinator sign.",
      prerequisite: "2",
      justification: "Consent is required.",
      citations: [],
    },
  ],
  references: [
    {
      key: "src_1",
      source_id: "healthcare_01_IN_1",
      title: "Consent policy",
      app: "drive",
      path: "drive/consent.pdf",
    },
    {
      key: "src_2",
      source_id: "healthcare_01_IN_4",
      title: "Re: language",
      app: "email",
      path: "email/0001.eml",
    },
  ],
  findings: "The participant's preferred language is Spanish [DOC:src_2].",
});

describe("renderReportMarkdown / parseReportMarkdown", () => {
  test("round-trips a report through the paper's Markdown", () => {
    const md = renderReportMarkdown(report);
    expect(md).toContain("## 1. Generic Enterprise Workflow");
    expect(md).toContain('"subtask_description": "If preferred language');
    expect(md).not.toContain('"condition_description"');
    expect(md).toContain("```mermaid\ngraph TD");
    expect(md).toContain(
      "| Generic Condition (from subtask_description above) | User Evidence Found | Resolution |",
    );
    expect(md).toContain("- [src_1] `healthcare_01_IN_1` — Consent policy (drive: drive/consent.pdf)");
    const { report: back, problems } = parseReportMarkdown(md);
    expect(problems).toEqual([]);
    expect(back).toEqual(report);
  });

  test("a JSON block closed on its last line (`]```` — as a frontier-class model wrote it) still ends its fence", () => {
    // Relay, seed 8128 legal_01: the generic block ended "]```", so every later heading read as code and the report
    // lost its personalized workflow and condition table.
    const md = renderReportMarkdown(report).replace(/\n\]\n```/g, "\n]```");
    expect(md).toContain("]```");
    const { report: back, problems } = parseReportMarkdown(md);
    expect(problems).toEqual([]);
    expect(back).toEqual(report);
  });

  test("Report JSON is accepted as is", () => {
    const { report: back, problems } = parseReportMarkdown(JSON.stringify(report));
    expect(problems).toEqual([]);
    expect(back).toEqual(report);
  });

  test("missing and malformed sections give problems and a partial parse, never a crash", () => {
    const md = [
      "# Research Report",
      "## Executive Summary",
      "Short.",
      "## 1. Generic Enterprise Workflow",
      "```json",
      "[",
      '  {"item": "1", "title": "A", "task": "do A [DOC:src_9]", "task_description": "x",}, // first',
      '  {"item": 2, "task": "do B"},',
      '  {"item": 3},',
      "  ...",
      "]",
      "```",
      "## 2. Personalized Recommended Workflow",
      "No JSON here.",
    ].join("\n");
    const { report: r, problems } = parseReportMarkdown(md, { taskId: "t1" });
    expect(r.task_id).toBe("t1");
    expect(r.generic_workflow.map((s) => s.title)).toEqual(["A", "do B"]);
    expect(r.generic_workflow[0]!.citations).toEqual(["src_9"]);
    const where = problems.map((p) => `${p.section}${p.path ? ` ${p.path}` : ""}`);
    expect(where).toContain("generic_workflow [1].title");
    expect(where).toContain("generic_workflow [2].title");
    expect(where).toContain("personalized_workflow");
    expect(where).toContain("flowchart");
    expect(where).toContain("references");
    expect(where).toContain("condition_resolution");
  });

  test("garbage input never throws", () => {
    for (const input of ["", "{", '{"task_id": 3}', "```json\n[1,2]\n```", "## References\n- [x]"]) {
      expect(() => parseReportMarkdown(input)).not.toThrow();
    }
    const { problems } = parseReportMarkdown('{"task_id": "t", "generic_workflow": [{"item": 1}]}');
    expect(problems.some((p) => p.section === "generic_workflow")).toBe(true);
  });
});

describe("citations and conditions", () => {
  test("citation markers are found, deduplicated, and stripped from the end", () => {
    expect(citationKeys("a [DOC:src_1] b [DOC: src_2, src_1]", "[DOC:x_IN_3]")).toEqual([
      "src_1",
      "src_2",
      "x_IN_3",
    ]);
    expect(stripTrailingCitations("Fact here [DOC:src_1][DOC:src_2]")).toBe("Fact here");
  });

  test("condition text splits into branches", () => {
    expect(parseConditionText("If tier is premium -> select option A; else select option B.")).toEqual([
      { when: "tier is premium", action: "select option A" },
      { when: "otherwise", action: "select option B" },
    ]);
    expect(parseConditionText("If X → A; if Y → B")).toEqual([
      { when: "X", action: "A" },
      { when: "Y", action: "B" },
    ]);
  });
});

describe("workflowFlowchart", () => {
  test("generic chart has a decision diamond with labelled branches rejoining the next step", () => {
    const chart = workflowFlowchart(report.generic_workflow, { personalized: false });
    expect(chart.split("\n")).toEqual([
      "graph TD",
      '  S1["1. Register the participant"]',
      '  S2["2. Arrange interpretation"]',
      '  S3["3. Sign the consent form"]',
      "  S1 --> S2",
      '  S2 --> D2{"Arrange interpretation?"}',
      '  D2 -->|"preferred language is not English"| B2_1["book a certified interpreter"]',
      "  B2_1 --> S3",
      '  D2 -->|"otherwise"| B2_2["proceed in English"]',
      "  B2_2 --> S3",
    ]);
  });

  test("personalized chart is the resolved path, with diamonds only for unresolved conditions", () => {
    const resolved = workflowFlowchart(report.personalized_workflow, { personalized: true });
    expect(resolved).not.toContain("{");
    expect(resolved).toContain("S1 --> S2");
    const unresolved = workflowFlowchart(
      [
        ...report.personalized_workflow.slice(0, 1),
        { ...report.personalized_workflow[1]!, condition_description: "If A → x; else → y" },
      ],
      { personalized: true },
    );
    expect(unresolved).toContain('S2 --> D2{"Unresolved: Book a Spanish interpreter?"}');
  });
});
