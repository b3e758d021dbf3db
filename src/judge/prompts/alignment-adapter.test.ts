import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ALIGNMENT_ADAPTER, withAlignmentAdapter } from "./alignment-adapter.ts";
import {
  BATCHED_PRECISION_TEMPLATE,
  BATCHED_RECALL_TEMPLATE,
  PRECISION_RULES,
  RECALL_RULES,
} from "./batched-alignment.ts";
import { BATCHED_CONDITION_RESOLUTION_TEMPLATE } from "./batched-condition-resolution.ts";
import {
  CONDITION_ADAPTER,
  CONDITION_RESOLUTION_PROMPT_TEMPLATE,
  CONDITION_RESOLUTION_TEMPLATE,
} from "./condition-resolution.ts";
import { PRECISION_PROMPT_TEMPLATE, PRECISION_TEMPLATE } from "./precision.ts";
import { RECALL_PROMPT_TEMPLATE, RECALL_TEMPLATE } from "./recall.ts";

test("the adapter line is the prompt file's, and says a step on another branch is matched", () => {
  const file = readFileSync(new URL("./alignment-adapter.txt", import.meta.url), "utf8");
  expect(file).toContain(ALIGNMENT_ADAPTER);
  expect(ALIGNMENT_ADAPTER).toContain("takes a different branch");
  expect(ALIGNMENT_ADAPTER).toContain("is matched");
  expect(ALIGNMENT_ADAPTER).toContain("condition resolution");
});

test("every alignment prompt carries it once, right after the paper's verbatim matching rules", () => {
  for (const [template, rules] of [
    [PRECISION_PROMPT_TEMPLATE, PRECISION_RULES],
    [RECALL_PROMPT_TEMPLATE, RECALL_RULES],
    [BATCHED_PRECISION_TEMPLATE, PRECISION_RULES],
    [BATCHED_RECALL_TEMPLATE, RECALL_RULES],
  ] as const) {
    expect(template.split(ALIGNMENT_ADAPTER)).toHaveLength(2);
    const rulesAt = template.indexOf(rules);
    expect(rulesAt).toBeGreaterThanOrEqual(0);
    expect(template.indexOf(ALIGNMENT_ADAPTER)).toBe(rulesAt + rules.length + 2);
  }
  // The paper's templates themselves stay verbatim (test/prompts/paper-prompts.test.ts compares them with the paper).
  expect(PRECISION_TEMPLATE).not.toContain(ALIGNMENT_ADAPTER);
  expect(RECALL_TEMPLATE).not.toContain(ALIGNMENT_ADAPTER);
  expect(PRECISION_PROMPT_TEMPLATE).toBe(withAlignmentAdapter(PRECISION_TEMPLATE, "## Predicted Step"));
});

test("a matched step on another branch keeps its confidence, and condition resolution scores its path 0", () => {
  expect(ALIGNMENT_ADAPTER).toContain("lowers neither the match nor its confidence");
  const file = readFileSync(new URL("./condition-adapter.txt", import.meta.url), "utf8");
  expect(file).toContain(CONDITION_ADAPTER);
  expect(CONDITION_ADAPTER).toContain("scores 0.0 (unresolved)");
  // Once in each condition-resolution prompt, after the paper's levels and before the reply format.
  for (const template of [CONDITION_RESOLUTION_PROMPT_TEMPLATE, BATCHED_CONDITION_RESOLUTION_TEMPLATE]) {
    expect(template.split(CONDITION_ADAPTER)).toHaveLength(2);
    expect(template.indexOf(CONDITION_ADAPTER)).toBeGreaterThan(
      template.indexOf("Completely ignores the conditional routing"),
    );
    expect(template.indexOf(CONDITION_ADAPTER)).toBeLessThan(
      template.indexOf("Return ONLY a valid JSON object"),
    );
  }
  expect(CONDITION_RESOLUTION_TEMPLATE).not.toContain(CONDITION_ADAPTER);
});
