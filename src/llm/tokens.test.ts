import { expect, test } from "bun:test";
import { approxTokenCount, countChatTokens, countTokens } from "./tokens.ts";

test("o200k_base counts match the encoding", async () => {
  expect(await countTokens("")).toBe(0);
  expect(await countTokens("The quick brown fox jumps over the lazy dog.")).toBe(10);
  expect(await countTokens("<|endoftext|>")).toBeGreaterThan(1);
});

test("chat counts add the framing of each message", async () => {
  const content = await countTokens("hello world");
  expect(await countChatTokens([{ role: "user", content: "hello world" }])).toBe(3 + 3 + 1 + content);
});

test("the synchronous approximation stays near the exact count on prose", async () => {
  const prose =
    "The enterprise policy requires a certified interpreter whenever the patient's preferred language is not English. " +
    "Requests are filed 48 hours ahead through the scheduling portal, and the consent form is signed before sedation.";
  const exact = await countTokens(prose);
  const approx = approxTokenCount(prose);
  expect(Math.abs(approx - exact) / exact).toBeLessThan(0.1);
  expect(approxTokenCount("")).toBe(0);
});
