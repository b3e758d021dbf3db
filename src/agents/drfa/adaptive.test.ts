import { expect, test } from "bun:test";
import { MAX_QUERY_OVERLAP, maxOverlap } from "./adaptive.ts";
import { conditionsSummary, IntermediateWorkflow, workflowText } from "./intermediate.ts";

test("diversity rule: keyword overlap with the closest used query", () => {
  const used = ["patient preferred language chart MRN", "interpreter booking language services desk"];
  expect(maxOverlap("patient preferred language chart", used)).toBe(1);
  expect(maxOverlap("clinic room December meeting", used)).toBe(0);
  expect(maxOverlap("language of the consent form", used)).toBeLessThanOrEqual(MAX_QUERY_OVERLAP);
});

test("a J.7 reply in its example's shape is summarised for J.8", () => {
  const w = IntermediateWorkflow.parse({
    generic_workflow_steps: [{ step: 2, title: "Determine consent approach", is_conditional: true }],
    conditional_steps: [
      {
        condition_id: "consent_waiver_vs_written",
        step_number: 2,
        description: "Whether consent can be waived",
        branches: ["waiver applicable", "written consent required"],
        evidence_needed: "study design, data category",
        search_queries: ["IRB waiver letter"],
      },
    ],
  });
  expect(w.conditional_steps[0]!.search_queries).toEqual(["IRB waiver letter"]);
  expect(conditionsSummary(w.conditional_steps)).toContain(
    "- condition_id: consent_waiver_vs_written (step 2)\n  description: Whether consent can be waived\n  branches: waiver applicable | written consent required\n  evidence_needed: study design, data category",
  );
  expect(workflowText(w)).toBe(
    "Step 2: Determine consent approach (conditional)\nCondition consent_waiver_vs_written: Whether consent can be waived [waiver applicable / written consent required]",
  );
});
