/** @module Files below a folder, by their ending (a test's inputs: every DOCX or PDF the repository holds). */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function filesUnder(dir: string, ending: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, ending));
    else if (name.endsWith(ending)) out.push(path);
  }
  return out;
}
