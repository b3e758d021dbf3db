import { expect, test } from "bun:test";
import { costOf, PRICES, priceOf } from "./prices.ts";

test("the table prices the paper's backbones and keeps the paper's GPT-5.2 figure as a reference", () => {
  for (const handle of [
    "openai:gpt-5.2",
    "openrouter:anthropic/claude-opus-4.5",
    "openrouter:google/gemini-3.1-pro-preview",
    "openrouter:deepseek/deepseek-v3.2",
    "openai:gpt-4o",
  ]) {
    expect(priceOf(handle)).not.toBeNull();
  }
  expect(PRICES.reference).toMatchObject({
    handle: "paper:gpt-5.2",
    input_per_1m: 0.948,
    output_per_1m: 14.01,
  });
});

test("cost is tokens × price per 1M; the paper's 30K–50K tokens per task lands in its $0.40–$0.70 range", () => {
  expect(costOf("openai:gpt-4o", 1_000_000, 1_000_000)).toBeCloseTo(12.5, 10);
  // Output-heavy mix (Appendix L): 15% input, 85% output.
  const low = costOf("paper:gpt-5.2", 4_500, 25_500)!;
  const high = costOf("paper:gpt-5.2", 7_500, 42_500)!;
  expect(low).toBeGreaterThan(0.35);
  expect(high).toBeLessThan(0.7);
});

test("unknown handles have no cost (null, never 0), compat servers included; prices given on the handle count", () => {
  expect(costOf("openrouter:unknown/model", 10, 10)).toBeNull();
  expect(costOf("compat:http://127.0.0.1:8000/v1#qwen", 10, 10)).toBeNull();
  expect(costOf("compat:http://127.0.0.1:8000/v1#qwen?input_per_1m=1&output_per_1m=2", 1e6, 1e6)).toBe(3);
  expect(costOf("compat:http://127.0.0.1:8000/v1#qwen?input_per_1m=0&output_per_1m=0", 1e6, 1e6)).toBe(0);
  expect(costOf("openai:gpt-4o?structured=json_object", 1_000_000, 0)).toBeCloseTo(2.5, 10);
});
