import { expect, test } from "bun:test";
import { intFlag, parseFlags, UsageError } from "./args.ts";

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
