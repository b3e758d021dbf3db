import { expect, test } from "bun:test";
import { bestSentence, fairShares } from "./text.ts";

test("fairShares: short texts keep everything, long ones split what is left", () => {
  expect(fairShares([10, 100, 100], 110)).toEqual([10, 50, 50]);
  expect(fairShares([10, 20], 1000)).toEqual([10, 20]);
  expect(fairShares([5, 5, 5], 0)).toEqual([0, 0, 0]);
});

test("bestSentence picks the sentence sharing most terms with the query", () => {
  const text =
    "Parking is free. Book an in-person interpreter 48 hours ahead for elective procedures. Badges are required.";
  expect(bestSentence(text, "book interpreter elective")).toBe(
    "Book an in-person interpreter 48 hours ahead for elective procedures.",
  );
});
