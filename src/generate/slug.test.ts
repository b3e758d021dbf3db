import { expect, test } from "bun:test";
import { slug } from "./slug.ts";

test("slugs are lower-case dashed words, at most 60 characters, never empty", () => {
  expect(slug("Q3 Vendor Onboarding — Checklist (v2).pdf")).toBe("q3-vendor-onboarding-checklist-v2-pdf");
  expect(slug("---")).toBe("file");
  const long = slug(`${"a".repeat(59)} b`);
  expect(long).toBe("a".repeat(59));
});
