import { expect, test } from "bun:test";
import { countChatTokens, countTokens } from "./tokens.ts";

test("o200k_base counts match the encoding", async () => {
  expect(await countTokens("")).toBe(0);
  expect(await countTokens("The quick brown fox jumps over the lazy dog.")).toBe(10);
  expect(await countTokens("<|endoftext|>")).toBeGreaterThan(1);
});

test("chat counts add the framing of each message", async () => {
  const content = await countTokens("hello world");
  expect(await countChatTokens([{ role: "user", content: "hello world" }])).toBe(3 + 3 + 1 + content);
});
