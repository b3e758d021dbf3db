import { expect, test } from "bun:test";
import { join } from "node:path";
import { containsNormalized, extractText } from "../../src/extract/index.ts";
import { DEFAULT_TASK_ROOT, listTasks, loadTask } from "../../src/store/task-store.ts";

const ROOT = join(import.meta.dir, "../..", DEFAULT_TASK_ROOT);

test("every evidence sentence of the demo suite comes back from its realized file, for every format", async () => {
  const refs = await listTasks(ROOT, "demo");
  expect(refs.length).toBe(10);
  const formats = new Set<string>();
  let checked = 0;
  for (const { ref } of refs) {
    const { task, manifest, dir, corpus } = await loadTask(ROOT, ref);
    const units = new Map(task.evidence.map((u) => [u.id, u]));
    // the company corpus carries no evidence (test/generate/corpus.test.ts); its files live in the suite's _corpus
    for (const entry of manifest.artifacts.filter((a) => !corpus?.ids.has(a.id))) {
      const text = await extractText(join(dir, "artifacts", entry.path), entry.format);
      formats.add(entry.format);
      for (const id of entry.evidence) {
        const unit = units.get(id)!;
        if (!containsNormalized(text, unit.text))
          throw new Error(`${ref} ${entry.path}: missing unit ${id}: ${unit.text}`);
        checked++;
      }
    }
  }
  expect([...formats].sort()).toEqual(["chat", "docx", "eml", "md", "pdf"]);
  expect(checked).toBeGreaterThan(400);
}, 60_000);
