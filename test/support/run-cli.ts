/** @module The drflow CLI run in-process (`main`, as `bun src/cli/main.ts` runs it), with its stdout and stderr captured. */
import { main } from "../../src/cli/main.ts";

export type CliResult = { code: number; out: string; err: string };

/** `drflow <args…>`: the exit code and what the command printed (the process environment is the test's). */
export async function drflow(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...a: unknown[]) => out.push(a.join(" "));
  console.error = (...a: unknown[]) => err.push(a.join(" "));
  try {
    return { code: await main(args), out: out.join("\n"), err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}
