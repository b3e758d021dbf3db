/** @module Run the `drflow` CLI in-process (`main`, as `bun src/cli/main.ts` runs it) and capture what it prints. */
import { spyOn } from "bun:test";
import { main } from "../../src/cli/main.ts";

export type CliResult = { code: number; out: string; err: string };

/**
 * `drflow <argv…>`: the exit code, stdout lines and stderr lines. With `progress` (the default) what the command
 * writes to `process.stderr` directly (progress bars, ticks) is captured into `err` too; without it, it goes through.
 */
export async function captureCli(argv: string[], options: { progress?: boolean } = {}): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const log = spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const error = spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  const write =
    options.progress === false
      ? null
      : spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
          err.push(String(s));
          return true;
        });
  try {
    return { code: await main(argv), out: out.join("\n"), err: err.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
    write?.mockRestore();
  }
}

/** `drflow <args…>` with progress writes left on the real stderr: `err` holds only the command's messages. */
export const drflow = (...args: string[]): Promise<CliResult> => captureCli(args, { progress: false });
