import { expect, test } from "bun:test";
import { cacheKey, canonicalJson, describeDifference, type KeyParts, partHashes } from "./cache-key.ts";

const base: KeyParts = {
  provider: "compat",
  base_url: "http://h/v1",
  model: "m",
  kind: "chat",
  messages: [
    { role: "system", content: "You are a judge." },
    { role: "user", content: "Compare step 3 with gold step 4." },
  ],
  parameters: { temperature: 0 },
  schema: null,
  tools: null,
  repeat: 0,
};

test("keys ignore object key order and undefined values, and change with every part", () => {
  expect(canonicalJson({ b: 1, a: { d: 2, c: undefined } })).toBe('{"a":{"d":2},"b":1}');
  expect(cacheKey({ ...base, parameters: { temperature: 0, seed: undefined } })).toBe(cacheKey(base));
  const variants: Partial<KeyParts>[] = [
    { model: "n" },
    { repeat: 1 },
    { parameters: { temperature: 0.7 } },
    { schema: { type: "object" } },
    { base_url: "http://other/v1" },
  ];
  for (const v of variants) expect(cacheKey({ ...base, ...v })).not.toBe(cacheKey(base));
  expect(Object.keys(partHashes(base))).toEqual([
    "provider",
    "base_url",
    "model",
    "kind",
    "messages",
    "parameters",
    "schema",
    "tools",
    "repeat",
  ]);
});

test("differences are described where they are", () => {
  const edited = {
    ...base,
    messages: [base.messages[0], { role: "user", content: "Compare step 3 with gold step 5." }],
  };
  expect(describeDifference("messages", base, edited)).toBe(
    'message 1 (user) differs at character 30: cached "…ep 3 with gold step 4." vs request "…ep 3 with gold step 5."',
  );
  expect(describeDifference("messages", base, { ...base, messages: [base.messages[0]] })).toBe(
    "cached has 2 message(s), the request 1",
  );
  expect(describeDifference("parameters", base, { ...base, parameters: { temperature: 0, seed: 7 } })).toBe(
    "seed: null → 7",
  );
  expect(describeDifference("repeat", base, { ...base, repeat: 2 })).toBe("cached 0 vs request 2");
});
