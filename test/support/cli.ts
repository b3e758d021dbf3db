/** @module Run the `drflow` CLI in-process and capture what it prints (stdout lines, stderr including progress writes). */
import { spyOn } from "bun:test";
import { main } from "../../src/cli/main.ts";

export async function captureCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const error = spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  const write = spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => {
    err.push(String(s));
    return true;
  });
  try {
    return { code: await main(argv), out: out.join("\n"), err: err.join("") };
  } finally {
    log.mockRestore();
    error.mockRestore();
    write.mockRestore();
  }
}
