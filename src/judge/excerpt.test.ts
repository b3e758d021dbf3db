import { describe, expect, test } from "bun:test";
import { excerptAround } from "./excerpt.ts";

describe("excerptAround", () => {
  const filler = (n: number) =>
    Array.from({ length: n }, (_, i) => `Paragraph ${i} covers unrelated housekeeping for the quarter.`).join(
      " ",
    );
  test("a passage longer than the budget keeps the sentence matching the claim, with context", () => {
    const passage = `${filler(12)} Prepayment of 25 percent applies when the credit score is below 650. ${filler(12)}`;
    const out = excerptAround(
      passage,
      "the customer must prepay 25 percent because the credit score is below 650",
      200,
    );
    expect(out).toContain("Prepayment of 25 percent applies when the credit score is below 650.");
    expect(out.length).toBeLessThanOrEqual(200 + 4);
    expect(out.startsWith("… ")).toBe(true);
    expect(out.endsWith(" …")).toBe(true);
  });
  test("a short passage is returned whole", () => {
    expect(excerptAround("One. Two.", "two", 100)).toBe("One. Two.");
  });
});
