import { expect, test } from "bun:test";
import { createProgress } from "./progress.ts";

test("plain lines when the sink is not a TTY", () => {
  const out: string[] = [];
  const p = createProgress(2, { write: (t) => out.push(t) }, () => 0);
  p.tick("demo/a extractive", "skipped");
  p.tick("demo/b extractive", "done");
  p.end();
  expect(out).toEqual(["1/2 skipped demo/a extractive\n", "2/2 done demo/b extractive\n"]);
});

test("a redrawn bar on a TTY", () => {
  const out: string[] = [];
  let t = 0;
  const p = createProgress(4, { write: (s) => out.push(s), isTTY: true }, () => t);
  t = 1500;
  p.tick("x", "failed");
  p.end();
  expect(out[0]).toStartWith("\r\x1b[2K[#######");
  expect(out[0]).toContain("1/4 1.5s (1 failed) x");
  expect(out.at(-1)).toBe("\n");
});
