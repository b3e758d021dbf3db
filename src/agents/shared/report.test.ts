import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Report } from "../../core/index.ts";
import { CitationRegistry } from "./citations.ts";
import { FindingsStore } from "./findings.ts";
import { cleanMarkers, finalizeReport, validateCitations } from "./report.ts";

let findings: FindingsStore;
let registry: CitationRegistry;

beforeEach(async () => {
  findings = await FindingsStore.open();
  registry = new CitationRegistry();
  const docs = [
    {
      id: "t_IN_1",
      app: "drive" as const,
      text: "Step 4: Scan the signed consent form into the EHR within 24 hours.",
    },
    {
      id: "t_IN_2",
      app: "email" as const,
      text: "The patient signed on Dec 1; please scan the consent form today.",
    },
  ];
  for (const d of docs) {
    registry.register({ id: d.id, title: d.id, app: d.app, path: `${d.app}/${d.id}`, author: "", date: "" });
    await findings.addHits(
      [
        {
          documentId: d.id,
          chunkId: `${d.id}#0`,
          app: d.app,
          title: d.id,
          path: "",
          score: 1,
          snippet: "",
          text: d.text,
          author: "",
          date: "",
        },
      ],
      { stage: "REQUIREMENT_COLLECTION", actionId: "a", iteration: 1 },
    );
  }
  registry.register({
    id: "https://example.com",
    title: "web",
    app: "web",
    path: "https://example.com",
    author: "",
    date: "",
  });
});
afterEach(() => findings.close());

test("cleanMarkers keeps registered internal keys, drops unknown and web ones, tidies the text", () => {
  const dropped: string[] = [];
  const r = cleanMarkers("Scan it [DOC:src_1, src_9][DOC:src_3].", registry, true, dropped);
  expect(r).toEqual({ text: "Scan it [DOC:src_1].", keys: ["src_1"] });
  expect(dropped).toEqual(["src_9", "src_3"]);
});

const md = (justification: string, marker: string) => `# Research Report
## Executive Summary
Done [DOC:src_1].
## 1. Generic Enterprise Workflow
\`\`\`json
[{"item": 1, "title": "Scan the form", "task": "Scan the consent form [DOC:src_1]", "task_description": "Scan within 24 hours [DOC:src_1]"}]
\`\`\`
## 2. Personalized Recommended Workflow
### User Situation Analysis
- The patient signed on Dec 1 [DOC:src_2][DOC:src_42]
### Personalized Workflow Steps
\`\`\`json
[{"item": 1, "title": "Scan the consent form signed Dec 1", "task": "Scan the signed consent form ${marker}", "task_description": "Scan today", "justification": "${justification}"}]
\`\`\`
## References
`;

test("a personalized step with no citation and no justification is repaired from the session's evidence", async () => {
  const final = await finalizeReport(
    md("", "[DOC:src_77]"),
    { taskId: "t", question: "q" },
    registry,
    findings,
  );
  const step = final.report.personalized_workflow[0]!;
  expect(final.dropped).toEqual(["src_42", "src_77"]);
  expect(final.report.findings).toBe("- The patient signed on Dec 1 [DOC:src_2]");
  expect(step.citations).toEqual(["src_1", "src_2"]); // the best policy source and the best personal source
  expect(step.justification).toContain("[DOC:src_1]");
  expect(step.justification).toContain("[DOC:src_2]");
  expect(step.justification).toContain("Scan the signed consent form into the EHR within 24 hours.");
  expect(final.repairs).toEqual([
    { section: "personalized_workflow", item: 1, added: ["src_1", "src_2"], justified: true },
  ]);
  expect(final.problems).toEqual([]);
  expect(final.report.references.map((r) => r.source_id)).toEqual(["t_IN_1", "t_IN_2"]);
});

test("a cited and justified step is left alone; validation flags what repair could not fix", async () => {
  const final = await finalizeReport(
    md("Policy requires it [DOC:src_1]", ""),
    { taskId: "t", question: "q" },
    registry,
    findings,
  );
  expect(final.repairs).toEqual([]);
  expect(final.report.personalized_workflow[0]!.citations).toEqual(["src_1"]);
  const broken = {
    personalized_workflow: [{ item: 2, citations: [], justification: " " }],
  } as unknown as Report;
  expect(validateCitations(broken)).toEqual([
    { section: "personalized_workflow", item: 2, message: "no valid citation" },
    { section: "personalized_workflow", item: 2, message: "empty justification" },
  ]);
});
