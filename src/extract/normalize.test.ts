import { expect, test } from "bun:test";
import { containsNormalized, normalizeText } from "./normalize.ts";

test("collapses whitespace and maps typographic punctuation", () => {
  expect(normalizeText("  Step 6 —\n Confirm “consent”\u2019s  form… ")).toBe(
    `Step 6 - Confirm "consent"'s form...`,
  );
});

test("rejoins words a PDF line break split after a hyphen or slash, keeping the hyphen", () => {
  expect(normalizeText("request an in-\nperson interpreter and/\nor VRI")).toBe(
    "request an in-person interpreter and/or VRI",
  );
  expect(normalizeText("set a date for a 90-\nday check-in")).toBe("set a date for a 90-day check-in");
  expect(normalizeText("Step 6 -\nConfirm")).toBe("Step 6 - Confirm");
});

test("containment is case-insensitive over normalized text", () => {
  expect(containsNormalized("A certified\nmedical   interpreter", "a certified medical interpreter")).toBe(
    true,
  );
  expect(containsNormalized("A certified interpreter", "a certified medical interpreter")).toBe(false);
});
