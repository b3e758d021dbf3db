import { expect, test } from "bun:test";
import { flagNames } from "./args.ts";
import { usageOf } from "./command.ts";
import { COMMANDS, main } from "./main.ts";

/** The flags a usage text names: `--x` (and `--no-x` for a boolean x), leaving out other commands' examples. */
function namedFlags(usage: string, own: string, booleans: readonly string[]): Set<string> {
  const others = COMMANDS.map((c) => c.name).filter((n) => n !== own);
  const text = usage.replace(new RegExp(`drflow (?:${others.join("|")})\\b[^\\n]*`, "g"), "");
  const names = [...text.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!);
  return new Set(
    names
      .map((n) => (n.startsWith("no-") && booleans.includes(n.slice(3)) ? n.slice(3) : n))
      .filter((n) => n !== "help"),
  );
}

test("every command's usage text names exactly the flags it declares (so none is documented but refused)", () => {
  for (const command of COMMANDS) {
    const declared = new Set(flagNames(command.flags));
    const named = namedFlags(usageOf(command), command.name, command.flags.booleans ?? []);
    expect([command.name, [...named].filter((n) => !declared.has(n)).sort()]).toEqual([command.name, []]);
    expect([command.name, [...declared].filter((n) => !named.has(n)).sort()]).toEqual([command.name, []]);
  }
});

test("the check can fail: a flag named in a usage text but not declared is found", () => {
  const named = namedFlags("drflow env up --services [--mattermost URL]", "env", []);
  expect([...named].filter((n) => !["services"].includes(n))).toEqual(["mattermost"]);
});

test("env up --mattermost parses (it was documented but refused as unknown)", async () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (line: string) => errors.push(line);
  try {
    // No task folder exists under this root: parsing passes, loading the task fails with its own error.
    const code = await main([
      "env",
      "up",
      "--services",
      "--task",
      "nosuite/notask",
      "--root",
      "/nonexistent-drflow-root",
      "--mattermost",
      "http://127.0.0.1:9/",
    ]);
    expect(code).toBe(1);
    expect(errors.join("\n")).not.toContain("Unknown option");
  } finally {
    console.error = original;
  }
});
