import { expect, test } from "bun:test";
import { fillTemplate, parseTemplate, slotNames } from "./template.ts";

test("{{ }} are literal braces and a run of braces is one (templates formatted twice); {expr} is a slot", () => {
  const t = parseTemplate('Q: {question} {{ "a": {{"b": 1}} }} {{{{ "c" }}}} {json.dumps(x[:15], indent=2)}');
  expect(slotNames(t)).toEqual(["question", "json.dumps(x[:15], indent=2)"]);
  expect(fillTemplate(t, { question: "why?", "json.dumps(x[:15], indent=2)": "[]" })).toBe(
    'Q: why? { "a": {"b": 1} } { "c" } []',
  );
});

test("slot names tolerate the PDF's inner spaces; values are inserted verbatim, never re-read as slots", () => {
  expect(fillTemplate("**{ domain}** {n}, {n}", { domain: "{{legal}}", n: 3 })).toBe("**{{legal}}** 3, 3");
});

test("a missing slot is an error naming the template and the slot; strict also refuses unknown values", () => {
  expect(() => fillTemplate("{a} {b}", { a: "x" }, { name: "p" })).toThrow("p: missing slot(s) {b}");
  expect(() => fillTemplate("{a}", {})).toThrow('template "{a}": missing slot(s) {a}');
  expect(fillTemplate("{a}", { a: "x", extra: "y" })).toBe("x");
  expect(() => fillTemplate("{a}", { a: "x", extra: "y" }, { name: "p", strict: true })).toThrow(
    "p: unknown slot(s) extra; expected a",
  );
});
