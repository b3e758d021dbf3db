import { expect, test } from "bun:test";
import { extractJson, parseLenientJson } from "./json-extract.ts";

test("plain JSON, fenced JSON, and JSON inside prose are all found", () => {
  expect(extractJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  expect(extractJson('Here:\n```json\n{"a": [1, 2]}\n```\nDone.')).toEqual({
    ok: true,
    value: { a: [1, 2] },
  });
  expect(extractJson('Sure! The answer is {"a": "x } y", "b": {"c": 2}} as requested.')).toEqual({
    ok: true,
    value: { a: "x } y", b: { c: 2 } },
  });
  expect(extractJson('[{"a":1}] trailing')).toEqual({ ok: true, value: [{ a: 1 }] });
});

test("failures say what was wrong", () => {
  expect(extractJson("no braces here")).toEqual({ ok: false, problem: "the reply contains no JSON object" });
  const broken = extractJson('{"a": 1,');
  expect(broken.ok).toBe(false);
  expect(!broken.ok && broken.problem).toContain("the reply is not valid JSON");
});

test("the usual model mistakes are repaired, and the repair is reported", () => {
  expect(parseLenientJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 }, repaired: false });
  expect(parseLenientJson('[{"a": 1}, // first\n {"b": 2},\n ...\n]')).toEqual({
    ok: true,
    value: [{ a: 1 }, { b: 2 }],
    repaired: true,
  });
  expect(parseLenientJson('[{"a": 1}, {"b": 2}, {"c"')).toEqual({
    ok: true,
    value: [{ a: 1 }, { b: 2 }],
    repaired: true,
  });
  expect(parseLenientJson("{oops").ok).toBe(false);
  expect(extractJson('Verdict:\n```json\n{"score": 2, /* sure */ "why": "x",}\n```')).toEqual({
    ok: true,
    value: { score: 2, why: "x" },
  });
});
