import { expect, test } from "bun:test";
import { bestPerDocument, passageDocument } from "./passages.ts";

test("each cited document's best passages are shown, not the best of all of them", () => {
  const policy = Array.from({ length: 8 }, (_, i) => `[doc-policy] (Policy TB-173) section ${i}`);
  const note = ["[doc-note] (Notes - Mr. A) the patient was masked at the door"];
  const passages = [...policy, ...note];
  // The policy's passages all score above the note's: a plain top 5 would show policy only.
  const score = (i: number) => (i < 8 ? 1 - i / 100 : 0.2);
  const shown = bestPerDocument(passages, score, 5);
  expect(shown).toContain(8);
  expect(shown.filter((i) => i < 8)).toEqual([0, 1, 2, 3]);
  expect(shown).toHaveLength(5);
  expect(passageDocument(passages[8]!)).toBe("doc-note");
  expect(bestPerDocument(passages.slice(0, 3), score, 5)).toEqual([0, 1, 2]);
});
