/**
 * @module Prepare a blind reading of a suite's mixed split: per task, a folder with exactly what a reader of the
 * environment sees — each document's text as the apps serve it (title, author, date, app; no artifact id, no path,
 * no role), in a neutral order — and `question.txt` (the task question and whose mailbox it is). No task.json, no
 * manifest. The reader names the user's case (its case id) per task; `--check answers.json` scores the answers
 * ({"<task id>": "<case id>"}) against task.json afterwards.
 *
 *   bun scripts/blind-reading.ts --suite demo --out /tmp/blind [--root tasks]
 *   bun scripts/blind-reading.ts --suite demo --check /tmp/blind/answers.json [--root tasks]
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readDocuments } from "../src/env/documents.ts";
import { hash32 } from "../src/generate/procedural/prng.ts";
import { listTasks, loadTask } from "../src/store/task-store.ts";

const { values } = parseArgs({
  options: {
    suite: { type: "string", default: "demo" },
    root: { type: "string", default: "tasks" },
    out: { type: "string" },
    check: { type: "string" },
  },
});
const refs = await listTasks(values.root!, values.suite);
if (refs.length === 0) throw new Error(`no tasks in ${values.root}/${values.suite}`);

if (values.check) {
  const answers = JSON.parse(await Bun.file(values.check).text()) as Record<string, string>;
  let right = 0;
  for (const t of refs) {
    const { task } = await loadTask(values.root!, t.ref);
    const said = answers[task.id] ?? "(none)";
    const ok = said === task.user_case?.case_id;
    if (ok) right++;
    console.log(`${t.ref}: answered ${said}, user's case ${task.user_case?.case_id} ${ok ? "✓" : "✗"}`);
  }
  console.log(`${right}/${refs.length} correct`);
} else {
  if (!values.out) throw new Error("--out DIR: where to write the reader's folders");
  await rm(values.out, { recursive: true, force: true });
  for (const t of refs) {
    const loaded = await loadTask(values.root!, t.ref);
    const dir = join(values.out, loaded.task.id);
    await mkdir(dir, { recursive: true });
    const docs = (await readDocuments(loaded, "mixed")).sort(
      (a, b) =>
        hash32(`${loaded.task.id}/${a.title}/${a.date}`) - hash32(`${loaded.task.id}/${b.title}/${b.date}`),
    );
    for (const [i, d] of docs.entries()) {
      const head = [`app: ${d.app}`, `title: ${d.title}`, `author: ${d.author}`, `date: ${d.date}`].join(
        "\n",
      );
      await writeFile(join(dir, `${String(i + 1).padStart(3, "0")}.txt`), `${head}\n\n${d.text}\n`);
    }
    const { user, question } = loaded.task.seed;
    await writeFile(
      join(dir, "question.txt"),
      `You are reading the work mailbox, chats and files of ${user.name} (${user.email}), and the company documents they can see.\n` +
        `Their question: ${question}\n\nWhich case (give its case id) is the one this question is about?\n`,
    );
  }
  console.log(
    `wrote ${refs.length} folders under ${values.out} (documents as the environment serves them, neutral order)`,
  );
}
