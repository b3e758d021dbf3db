import { expect, test } from "bun:test";
import { inputFileFlag, intFlag, parseFlags, UsageError } from "./args.ts";
import { main } from "./main.ts";

test("integer flags: the fallback when absent, the value when in range, a usage error naming the flag otherwise", () => {
  expect(intFlag(undefined, "seed", 7)).toBe(7);
  expect(intFlag("0", "seed", 7)).toBe(0);
  expect(intFlag("3", "repeats", 1, 1)).toBe(3);
  expect(() => intFlag("0", "repeats", 1, 1)).toThrow('--repeats: expected a positive integer, got "0"');
  expect(() => intFlag("-1", "seed", 7)).toThrow('--seed: expected a non-negative integer, got "-1"');
  expect(() => intFlag("2.5", "n", 10)).toThrow(UsageError);
});

test("unknown flags are a usage error that carries the usage line", () => {
  expect(parseFlags(["--suite", "demo", "x"], { strings: ["suite"] }, "u")).toEqual({
    flags: { suite: "demo" },
    positionals: ["x"],
  });
  expect(() => parseFlags(["--nope"], {}, "drflow x [--suite S]")).toThrow("usage: drflow x [--suite S]");
});

test("a misspelled flag names the flag and the nearest declared one, without parseArgs' own wording", () => {
  const spec = { strings: ["split", "suite"], booleans: ["quiet"] };
  expect(() => parseFlags(["--spilt", "mixed"], spec, "u")).toThrow(
    "unknown option --spilt (did you mean --split?)\nusage: u",
  );
  expect(() => parseFlags(["--no-quite"], spec, "u")).toThrow(
    "unknown option --no-quite (did you mean --no-quiet?)",
  );
  // Nothing near: no suggestion, and never the raw "To specify a positional argument…" advice.
  let message = "";
  try {
    parseFlags(["--zzzzzzzz"], spec, "u");
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toBe("unknown option --zzzzzzzz\nusage: u");
});

test("a flag naming a missing file is a usage error naming the flag and the file", () => {
  expect(inputFileFlag(import.meta.path, "report")).toBe(import.meta.path);
  expect(() => inputFileFlag("/nope/r.md", "report")).toThrow("--report: no such file /nope/r.md");
});

async function cli(argv: string[]): Promise<{ code: number; err: string }> {
  const errors: string[] = [];
  const original = console.error;
  console.error = (line: string) => errors.push(line);
  try {
    return { code: await main(argv), err: errors.join("\n") };
  } finally {
    console.error = original;
  }
}

test("every command reports a misspelled flag the same way, exit code 2", async () => {
  const { code, err } = await cli(["run", "--spilt", "mixed"]);
  expect(code).toBe(2);
  expect(err).toStartWith("drflow run: unknown option --spilt (did you mean --split?)\nusage: drflow run");
});

test("judge --report and generate --llm --seeds name the flag and the missing file, exit code 2", async () => {
  expect(await cli(["judge", "--task", "demo/legal_01", "--report", "/nope/r.md"])).toEqual({
    code: 2,
    err: "drflow judge: --report: no such file /nope/r.md",
  });
  expect(await cli(["generate", "--llm", "--suite", "s", "--seeds", "/nope.csv"])).toEqual({
    code: 2,
    err: "drflow generate: --seeds: no such file /nope.csv",
  });
});

test("run: a task the suite lacks, a malformed ref and a bad agent are usage errors (exit 2) naming the flag", async () => {
  const missing = await cli(["run", "--agent", "basic", "--task", "demo/legal_99"]);
  expect(missing.code).toBe(2);
  expect(missing.err).toContain('drflow run: --task: not in suite "demo": demo/legal_99 (');
  expect(missing.err).not.toContain("task.json");
  const malformed = await cli(["run", "--agent", "basic", "--task", "legal"]);
  expect([malformed.code, malformed.err]).toEqual([
    2,
    expect.stringContaining('drflow run: --task: task reference "legal"'),
  ]);
  const agent = await cli(["run", "--agent", "nope", "--task", "demo/legal_01"]);
  expect([agent.code, agent.err]).toEqual([
    2,
    expect.stringContaining('drflow run: --agent: unknown agent "nope"'),
  ]);
  const option = await cli(["run", "--agent", "drfa:gf", "--task", "demo/legal_01"]);
  expect([option.code, option.err]).toEqual([2, expect.stringContaining("drflow run: --agent: agent spec")]);
});

test("judge --task names a task the suite lacks like run does, exit code 2", async () => {
  const out = await cli(["judge", "--task", "demo/legal_99", "--report", import.meta.path]);
  expect(out.code).toBe(2);
  expect(out.err).toContain('drflow judge: --task: not in suite "demo": demo/legal_99 (');
});
