import { expect, test } from "bun:test";
import { REPAIR_QUOTE_CHARS, repairQuote } from "./repair-quote.ts";

test("a short reply is quoted whole; a long one as head and tail around a marker naming what was left out", () => {
  expect(repairQuote("{bad json")).toBe("{bad json");
  const huge = `${"a".repeat(3_000_000)}${"z".repeat(2_000_000)}`;
  const quoted = repairQuote(huge);
  expect(quoted.length).toBeLessThan(REPAIR_QUOTE_CHARS + 80);
  expect(quoted.startsWith("a".repeat(5000))).toBe(true);
  expect(quoted.endsWith("z".repeat(2000))).toBe(true);
  expect(quoted).toContain(`…[${5_000_000 - REPAIR_QUOTE_CHARS} characters of this reply left out]…`);
});
