import { describe, expect, test } from "bun:test";
import {
  containsVerbatim,
  contextPoints,
  coverage,
  jaccard,
  missingNumbers,
  numbersIn,
} from "./text-checks.ts";

describe("text checks", () => {
  test("verbatim containment ignores case, curly quotes, bullets and spacing", () => {
    expect(
      containsVerbatim(
        "- The patient’s   preferred language is Spanish.\n",
        "the patient's preferred language is Spanish",
      ),
    ).toBe(true);
    expect(containsVerbatim("The patient prefers Spanish.", "preferred language is Spanish")).toBe(false);
  });

  test("numbers are normalized and compared", () => {
    expect(numbersIn("1,820 links, $50.5 fee, 12% on 2026-04-22.")).toEqual([
      "1820",
      "50.5",
      "12",
      "2026-04-22",
    ]);
    expect(missingNumbers("within 10 days using Form 27", "within 14 days using Form 27")).toEqual(["10"]);
    expect(missingNumbers("12 attempted credits", "The student attempted 12 credits.")).toEqual([]);
  });

  test("context points, coverage and jaccard", () => {
    expect(contextPoints("- Terminated 64 days ago. Has the letter.\n- Lives in California.")).toEqual([
      "Terminated 64 days ago.",
      "Has the letter.",
      "Lives in California.",
    ]);
    expect(coverage("terminated 64 days ago", "She was terminated 64 days ago after the notice")).toBe(1);
    expect(jaccard("open the incident record", "open incident record")).toBe(1);
  });
});
