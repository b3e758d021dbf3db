/** @module The generation work folder: one JSON file per finished stage output, written atomically, so an interrupted run resumes at the next stage. */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { z } from "zod";
import { SAFE_ID } from "../../core/index.ts";
import { writeFileAtomic } from "../../store/atomic-write.ts";

/** Stage keys are file names: `S2.contexts`, `realize.company.3` … */
const KEY = /^[A-Za-z0-9_.-]{1,128}$/;

export type WorkDir = {
  readonly dir: string;
  /** The stored output of `key`, or null when the stage has not finished (or its file no longer parses). */
  read<S extends z.ZodType>(key: string, schema: S): Promise<z.infer<S> | null>;
  write(key: string, value: unknown): Promise<void>;
  /** Return the stored output of `key`, or run `produce`, store its output atomically and return it. */
  stage<S extends z.ZodType>(key: string, schema: S, produce: () => Promise<z.infer<S>>): Promise<z.infer<S>>;
  has(key: string): boolean;
};

function fileOf(dir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`work key "${key}": expected letters, digits, '.', '_', '-'`);
  return join(dir, `${key}.json`);
}

/** `tasks/<suite>/.work/<task>/` — suite and task must be safe ids. */
export function workDirPath(root: string, suite: string, taskId: string): string {
  for (const [what, id] of [
    ["suite", suite],
    ["task", taskId],
  ] as const) {
    if (!SAFE_ID.test(id))
      throw new Error(`${what} "${id}": expected a safe id (letters, digits, '_', '-', '.')`);
  }
  return join(root, suite, ".work", taskId);
}

export function openWorkDir(dir: string): WorkDir {
  const self: WorkDir = {
    dir,
    has: (key) => existsSync(fileOf(dir, key)),
    async read(key, schema) {
      const file = fileOf(dir, key);
      if (!existsSync(file)) return null;
      let data: unknown;
      try {
        data = JSON.parse(await readFile(file, "utf8"));
      } catch {
        return null;
      }
      const parsed = schema.safeParse(data);
      return parsed.success ? parsed.data : null;
    },
    async write(key, value) {
      const file = fileOf(dir, key);
      await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
    },
    async stage(key, schema, produce) {
      const done = await self.read(key, schema);
      if (done !== null) return done;
      const value = await produce();
      await self.write(key, value);
      return value;
    },
  };
  return self;
}
