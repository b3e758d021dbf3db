import { describe, expect, test } from "bun:test";
import { fill, prompt } from "./prompt-template.ts";

describe("prompt templates", () => {
  test("collects slots, tolerating the PDF's inner spaces", () => {
    const t = prompt("X", "domain **{ domain}** and {n} questions, {n} again");
    expect(t.slots).toEqual(["domain", "n"]);
    expect(fill(t, { domain: "legal", n: 3 })).toBe("domain **legal** and 3 questions, 3 again");
  });

  test("brace runs are escaped literals; values are inserted verbatim", () => {
    const t = prompt("X", 'Return {{{{ "a": [{{ "b": 1 }}] }}}} for {q}');
    expect(fill(t, { q: "{{not a slot}}" })).toBe('Return { "a": [{ "b": 1 }] } for {{not a slot}}');
  });

  test("a missing slot names the template and the slot", () => {
    const t = prompt("K.9", "{title} {task}");
    expect(() => fill(t, { title: "x" })).toThrow("prompt K.9: missing slot(s) {task}");
  });
});
