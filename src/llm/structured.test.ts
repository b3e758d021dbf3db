import { expect, test } from "bun:test";
import { z } from "zod";
import { jsonPath } from "../core/json-path.ts";
import { checkReply, initialMessages, rejectionMessage } from "./structured.ts";

test("problems carry the JSON path and what was expected", () => {
  const schema = z.object({ steps: z.array(z.object({ item: z.number().int() })) });
  expect(checkReply(schema, '{"steps": [{"item": 1}, {"item": "x"}]}')).toEqual({
    ok: false,
    problems: ["$.steps[1].item: Invalid input: expected number, received string"],
  });
  expect(checkReply(schema, '{"steps": []}')).toEqual({ ok: true, object: { steps: [] } });
  expect(jsonPath([])).toBe("$");
});

test("the rejection message is seed 002's, with earlier problems listed and the latest marked *", () => {
  const message = rejectionMessage(3, [["$.a: missing"], ["$.b: too short", "$.a: missing"], ["$.c: bad"]]);
  expect(message).toBe(
    "Your answer was rejected (3 times so far). Every one of these must hold at once – the latest rejection is marked *:\n" +
      "- $.a: missing\n- $.b: too short\n* $.c: bad\n" +
      "Fix every listed problem without reintroducing an earlier one, and return the full corrected JSON object.",
  );
  expect(rejectionMessage(1, [["x"]])).toContain("(once so far)");
});

test("prompt and json_object modes put the schema in a system message first; json_schema mode leaves the messages alone", () => {
  const messages = [{ role: "user" as const, content: "q" }];
  expect(initialMessages(messages, "S", { type: "object" }, "json_schema")).toBe(messages);
  for (const mode of ["prompt", "json_object"] as const) {
    const withSchema = initialMessages(messages, "S", { type: "object" }, mode);
    expect(withSchema.map((m) => m.role)).toEqual(["system", "user"]);
    expect(withSchema[0]!.content).toContain("Return only one JSON object named S");
    expect(withSchema[0]!.content).toContain('{"type":"object"}');
  }
  // A leading system message is joined, never followed by a second one.
  const joined = initialMessages([{ role: "system", content: "Be brief." }, ...messages], "S", {}, "prompt");
  expect(joined.map((m) => m.role)).toEqual(["system", "user"]);
  expect(joined[0]!.content).toStartWith("Be brief.\n\nReturn only one JSON object named S");
});
