/**
 * The adapter lines drflow adds beside the paper's verbatim agent prompts (src/agents/prompts/adapters.txt): each sits
 * at a sentence that is in its prompt file exactly once, adds one line there and changes nothing else, and together
 * they settle what a frontier-class model answering the requests called contradictory (../shared/relay-samples).
 */
import { describe, expect, test } from "bun:test";
import * as J5 from "../../src/agents/prompts/action-planning.ts";
import { ADAPTERS, adapt, adapterText } from "../../src/agents/prompts/adapters.ts";
import * as J6 from "../../src/agents/prompts/adaptive-planning.ts";
import * as J8 from "../../src/agents/prompts/conditional-planning.ts";
import * as J4 from "../../src/agents/prompts/research-planning.ts";
import * as J9 from "../../src/agents/prompts/workflow-prediction.ts";
import { gapActions, plannedActions } from "../../src/agents/shared/action.ts";
import { TOOL_INFO } from "../../src/agents/shared/tools.ts";
import { strictSchemaOf } from "../../src/llm/strict-schema.ts";

const SOURCES = {
  "J.4": J4.TEMPLATE.source,
  "J.5": J5.TEMPLATE.source,
  "J.6": J6.TEMPLATE.source,
  "J.8": J8.TEMPLATE.source,
  "J.9": J9.TEMPLATE.source,
} as const;

describe("adapter lines", () => {
  for (const place of ADAPTERS) {
    test(`${place.id} sits at a sentence its prompt file holds exactly once and adds one line there`, () => {
      const anchor = "after" in place ? place.after : place.before;
      const source = SOURCES[place.prompt];
      expect(source.split(anchor).length - 1).toBe(1);
      const slots = {
        planned: "4",
        ran: "3",
        pending: "1",
        documents_found: "0",
        documents: " none yet.",
        targeted: " none yet.",
        persona: "P",
        action_types: '"local_document_search" or "read_document"',
        parameters: '"parameters": {"query": "q", "top_k": 10, "service": "auto", "document": ""}',
      };
      const adapted = adapt(place.prompt, source, slots);
      const line = adapted
        .split("\n")
        .find((l) => l.startsWith(adapterText(place.id).split("{")[0]!.slice(0, 20)))!;
      expect(line).toBeDefined();
      // The paper's text is all still there, in order: removing the prompt's adapter lines gives it back.
      let back = adapted;
      for (const other of ADAPTERS.filter((a) => a.prompt === place.prompt)) {
        const l = adapted
          .split("\n")
          .find((x) => x.startsWith(adapterText(other.id).split("{")[0]!.slice(0, 20)))!;
        back = back.replace(`\n${l}`, "").replace(`${l}\n`, "");
      }
      expect(back).toBe(source);
    });
  }

  test("the array prompts say the array goes in value, as the strict schema wraps it", () => {
    for (const schema of [plannedActions(Object.values(TOOL_INFO)), gapActions(Object.values(TOOL_INFO))])
      expect(strictSchemaOf(schema).wrapped).toBe(true);
    for (const id of ["J.5.value", "J.6.value", "J.8.value"]) expect(adapterText(id)).toContain('"value"');
  });

  test("J.4 ties its 2 areas to the two collection stages; J.9 gets its persona block", () => {
    const j4 = J4.renderResearchPlanning({ question: "Q?", toolsSection: "AVAILABLE TOOLS:" });
    expect(j4).toContain(
      '(1 per stage).\n(The plan follows all 4 stages, and "1 per stage" counts only the two that search: 1 area for STAGE 1 REQUIREMENT_COLLECTION and 1 for STAGE 3 PERSONAL_EVIDENCE_COLLECTION',
    );
    const j9 = J9.renderWorkflowPrediction({
      originalQuestion: "Q?",
      docIdsBlock: "D",
      findingsText: "F",
      sourcesReference: "S",
      persona: "Marcus Novak <marcus.novak@cedarvalley.example>, Charge Nurse, Medical Unit: Runs the shift",
    });
    expect(j9).toContain(
      "internal files) below.\nPersona block: Marcus Novak <marcus.novak@cedarvalley.example>, Charge Nurse",
    );
  });
});
