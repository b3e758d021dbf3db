/**
 * @module Prepare a blind reading of a suite's mixed split: per task, a folder with exactly what a reader of the
 * environment sees — each document's text as the apps serve it (title, author, date, app; no artifact id, no path,
 * no role), in a neutral order — and `question.txt` (the task question, whose mailbox it is, what to answer). No
 * task.json, no manifest. The reader answers per task in `<task id>/answer.md`: a line `Case: <case id>`, then the
 * personalized workflow as a numbered list, one step per line. `--check` scores them against task.json: the case
 * found, and the workflow's recall, precision and F1 (with topology and condition resolution) by the lexical judge.
 * `--check answers.json` ({"<task id>": "<case id>"}) scores the case only.
 *
 *   bun scripts/blind-reading.ts --suite demo --out /tmp/blind [--root tasks] [--tasks b2b_01,b2c_02,…]
 *   bun scripts/blind-reading.ts --suite demo --check /tmp/blind [--root tasks]
 */

import { existsSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Report } from "../src/core/index.ts";
import { readDocuments } from "../src/env/documents.ts";
import { hash32 } from "../src/generate/procedural/prng.ts";
import { evaluate } from "../src/judge/evaluate.ts";
import { listTasks, loadTask } from "../src/store/task-store.ts";

const { values } = parseArgs({
  options: {
    suite: { type: "string", default: "demo" },
    root: { type: "string", default: "tasks" },
    out: { type: "string" },
    check: { type: "string" },
    tasks: { type: "string" },
  },
});
const only = values.tasks ? new Set(values.tasks.split(",")) : null;
const refs = (await listTasks(values.root!, values.suite)).filter((t) => !only || only.has(t.id));
if (refs.length === 0) throw new Error(`no tasks in ${values.root}/${values.suite}`);

/** A reader's answer: `Case: <id>` and the numbered steps, as a report the judge reads (no citations). */
function readerReport(taskId: string, text: string): { caseId: string; report: Report } {
  const caseId = /^\s*case:\s*(\S+)/im.exec(text)?.[1] ?? "(none)";
  const steps = [...text.matchAll(/^\s*(\d+)[.)]\s+(.+)$/gm)].map((m, i) => ({
    item: i + 1,
    title: m[2]!.trim(),
    task: m[2]!.trim(),
    task_description: m[2]!.trim(),
  }));
  return {
    caseId,
    report: Report.parse({ task_id: taskId, personalized_workflow: steps, generic_workflow: steps }),
  };
}

if (values.check && existsSync(values.check) && statSync(values.check).isDirectory()) {
  const rows: number[][] = [];
  let found = 0;
  for (const t of refs) {
    const file = join(values.check, t.id, "answer.md");
    if (!existsSync(file)) {
      console.log(`${t.ref}: no answer.md`);
      continue;
    }
    const loaded = await loadTask(values.root!, t.ref);
    const { caseId, report } = readerReport(loaded.task.id, await Bun.file(file).text());
    const ok = caseId === loaded.task.user_case?.case_id;
    if (ok) found++;
    const result = await evaluate(report, loaded, { judge: "lexical" });
    const value = (name: string) => result.metrics.find((m) => m.metric === name)?.value ?? 0;
    const row = ["recall", "precision", "f1", "topology", "condition_resolution"].map((m) => 100 * value(m));
    rows.push(row);
    console.log(
      `${t.ref}: case ${caseId} ${ok ? "✓" : `✗ (the user's: ${loaded.task.user_case?.case_id})`}; ${report.personalized_workflow.length} steps; recall ${row[0]!.toFixed(1)} precision ${row[1]!.toFixed(1)} F1 ${row[2]!.toFixed(1)} topology ${row[3]!.toFixed(1)} cond. res. ${row[4]!.toFixed(1)}`,
    );
  }
  const mean = (k: number) => rows.reduce((a, r) => a + r[k]!, 0) / Math.max(1, rows.length);
  console.log(
    `${found}/${rows.length} cases found; mean recall ${mean(0).toFixed(1)} precision ${mean(1).toFixed(1)} F1 ${mean(2).toFixed(1)} topology ${mean(3).toFixed(1)} cond. res. ${mean(4).toFixed(1)}`,
  );
} else if (values.check) {
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
        `Their question: ${question}\n\n` +
        "Answer in answer.md in this folder: first a line `Case: <case id>` naming the case this question is about, then\n" +
        "the workflow the user should follow for it, personalized to that case, as a numbered list, one step per line\n" +
        "(`1. …`), in order.\n",
    );
  }
  console.log(
    `wrote ${refs.length} folders under ${values.out} (documents as the environment serves them, neutral order)`,
  );
}
