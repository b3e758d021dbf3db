import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "./data-file.ts";

const dir = mkdtempSync(join(tmpdir(), "drflow-data-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const Pool = z.object({ words: z.array(z.string().min(1)).min(1) }).strict();

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

test("a file that fits its schema is read", () => {
  expect(readDataFile(Pool, file("ok.json", '{"words":["a","b"]}'))).toEqual({ words: ["a", "b"] });
});

test("a field that does not fit is named with the file", () => {
  const path = file("bad.json", '{"words":["a",""],"extra":1}');
  expect(() => readDataFile(Pool, path)).toThrow(
    `${path}: $.words[1]: expected a non-empty string, got an empty string`,
  );
  expect(() => readDataFile(Pool, path)).toThrow("extra");
});

test("a file that is not JSON is named, not a stack of the parser", () => {
  const path = file("broken.json", '{"words": [');
  expect(() => readDataFile(Pool, path)).toThrow(`${path}: not valid JSON`);
});
