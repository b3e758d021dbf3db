import { expect, test } from "bun:test";
import { ROLE_VARIABLE, resolveRole } from "./roles.ts";

test("a role resolves from the flag, then its environment variable, then the default", () => {
  const env = { DRFLOW_JUDGE_MODEL: "openrouter:openai/gpt-4o" };
  expect(resolveRole("judge", "compat:http://h/v1#m", env)).toEqual({
    handle: "compat:http://h/v1#m",
    source: "flag",
  });
  expect(resolveRole("judge", undefined, env)).toEqual({ handle: "openrouter:openai/gpt-4o", source: "env" });
  expect(resolveRole("judge", null, {})).toEqual({ handle: "openai:gpt-4o", source: "default" });
  expect(ROLE_VARIABLE.embedder).toBe("DRFLOW_EMBEDDER_MODEL");
});
