/**
 * @module Prompt files: one readable text file per prompt family, beside the module that fills it. Text before the first
 * `@prompt <id> [title]` line describes the family; each prompt is the lines after its `@prompt` line up to the next
 * one (or the end), without the blank lines that end it. Nothing else is interpreted: a prompt's text is exactly what
 * is sent once its `{slot}`s are filled.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MARK = /^@prompt (\S+)(?: .*)?$/;

/** The prompts of one file by id; `text(id)` is an error naming the file and its ids when the id is not there. */
export type PromptFile = {
  readonly path: string;
  readonly ids: readonly string[];
  text(id: string): string;
};

/** Parse a prompt file's text (`path` names it in errors). */
export function parsePromptFile(source: string, path: string): PromptFile {
  const prompts = new Map<string, string>();
  let id: string | null = null;
  let body: string[] = [];
  const close = () => {
    if (id === null) return;
    const text = body.join("\n").replace(/\n+$/, "");
    if (!text.trim()) throw new Error(`${path}: prompt ${id} is empty`);
    prompts.set(id, text);
  };
  for (const line of source.replace(/\r\n/g, "\n").split("\n")) {
    const mark = MARK.exec(line);
    if (!mark) {
      body.push(line);
      continue;
    }
    close();
    id = mark[1]!;
    if (prompts.has(id)) throw new Error(`${path}: prompt ${id} appears twice`);
    body = [];
  }
  close();
  if (prompts.size === 0) throw new Error(`${path}: no "@prompt <id>" line`);
  return {
    path,
    ids: [...prompts.keys()],
    text(wanted) {
      const text = prompts.get(wanted);
      if (text === undefined)
        throw new Error(`${path}: no prompt ${wanted}; it holds ${[...prompts.keys()].join(", ")}`);
      return text;
    },
  };
}

/** Read a prompt file, e.g. `readPromptFile(new URL("./seed.txt", import.meta.url))`. */
export function readPromptFile(url: URL): PromptFile {
  const path = fileURLToPath(url);
  return parsePromptFile(readFileSync(path, "utf8"), path);
}
