/** @module Review export (CSV or JSON, every step with its validation outcome) and import of the reviewer's accepted / revised / rejected decisions. */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { z } from "zod";
import { SAFE_ID, Task } from "../core/index.ts";
import { xlsx } from "../core/xlsx.ts";
import type { Model } from "../llm/types.ts";
import { writeFileAtomic } from "../store/atomic-write.ts";
import { loadTask, parseWith, stableJson, TASK_FILE } from "../store/task-store.ts";
import { ReviewItem, validateTaskEvidence } from "./evidence.ts";

const COLUMNS = [
  "task",
  "item",
  "title",
  "status",
  "verdict",
  "cause",
  "reason",
  "question",
  "gold",
  "solver_answer",
  "knowable",
  "cited",
  "audit_verdict",
  "audit_category",
  "audit_note",
  "decision",
  "revision",
] as const;

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(items: readonly ReviewItem[]): string {
  const rows = items.map((it) =>
    COLUMNS.map((c) => {
      const v = it[c];
      return csvCell(Array.isArray(v) ? v.join(" ") : String(v));
    }).join(","),
  );
  return `${[COLUMNS.join(","), ...rows].join("\n")}\n`;
}

/** Write the review file; the format follows the extension (.csv or .json). */
export async function exportReview(items: readonly ReviewItem[], path: string): Promise<void> {
  const ext = extname(path).toLowerCase();
  if (ext === ".csv") return writeFileAtomic(path, toCsv(items));
  if (ext === ".json") return writeFileAtomic(path, stableJson(items));
  throw new Error(`review export ${path}: expected a .csv or .json file name`);
}

/** Read a review file back, validating every row (errors name the file and the row). */
export async function readReview(path: string): Promise<ReviewItem[]> {
  const ext = extname(path).toLowerCase();
  const text = await readFile(path, "utf8");
  let rows: unknown[];
  if (ext === ".json") rows = JSON.parse(text) as unknown[];
  else if (ext === ".csv") {
    const book = xlsx().read(text, { type: "string", raw: true });
    rows = xlsx()
      .utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]!]!, {
        defval: "",
        raw: false,
      })
      .map((r) => ({
        ...r,
        item: Number(r.item),
        knowable: String(r.knowable).toLowerCase() === "true",
        cited: String(r.cited ?? "")
          .split(/\s+/)
          .filter(Boolean),
      }));
  } else throw new Error(`review import ${path}: expected a .csv or .json file`);
  return rows.map((row, i) => {
    const parsed = ReviewItem.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(
        `${path}: ${ext === ".csv" ? `row ${i + 2}` : `$[${i}]`}, ${issue.path.join(".")}: ${issue.message}`,
      );
    }
    return parsed.data;
  });
}

export const AppliedReview = z.object({
  accepted: z.number(),
  revised: z.number(),
  rejected: z.number(),
  pending: z.number(),
});
export type AppliedReview = z.infer<typeof AppliedReview>;

/**
 * Apply reviewed decisions to a suite: `revised` rows replace the gold personalized step's task description in
 * task.json (rewritten atomically); every decided row is logged in `<suite>/.work/<task>/review.decisions.json`.
 */
export async function importReview(
  root: string,
  suite: string,
  items: readonly ReviewItem[],
): Promise<AppliedReview> {
  if (!SAFE_ID.test(suite)) throw new Error(`suite "${suite}": expected a safe id`);
  const counts: AppliedReview = { accepted: 0, revised: 0, rejected: 0, pending: 0 };
  const byTask = new Map<string, ReviewItem[]>();
  for (const it of items) {
    counts[it.decision]++;
    if (it.decision !== "pending") byTask.set(it.task, [...(byTask.get(it.task) ?? []), it]);
  }
  for (const [taskId, decided] of byTask) {
    const file = join(root, suite, taskId, TASK_FILE);
    if (!existsSync(file)) throw new Error(`review import: task ${suite}/${taskId} has no ${file}`);
    const task = parseWith(Task, await readFile(file, "utf8"), file);
    for (const it of decided.filter((d) => d.decision === "revised")) {
      const step = task.personalized_workflow.find((s) => s.item === it.item);
      if (!step) throw new Error(`review import: ${suite}/${taskId} has no personalized step ${it.item}`);
      if (it.revision.trim() === "")
        throw new Error(
          `review import: ${suite}/${taskId} step ${it.item} is "revised" but its revision is empty`,
        );
      step.task_description = it.revision.trim();
    }
    await writeFileAtomic(file, stableJson(Task.parse(task)));
    await writeFileAtomic(join(root, suite, ".work", taskId, "review.decisions.json"), stableJson(decided));
  }
  return counts;
}

/**
 * The §C.2 step review of a generated suite (`drflow generate --llm --review`): every gold personalized step of each
 * task checked against its cited files, written to `<root>/<suite>/review.csv` and `review.json` for human review.
 */
export async function reviewSuite(
  model: Model,
  root: string,
  suite: string,
  taskIds: readonly string[],
  runId?: string,
): Promise<{ items: ReviewItem[]; csv: string }> {
  const items: ReviewItem[] = [];
  for (const id of taskIds)
    items.push(...(await validateTaskEvidence(model, await loadTask(root, `${suite}/${id}`), runId)));
  const csv = join(root, suite, "review.csv");
  await exportReview(items, csv);
  await exportReview(items, join(root, suite, "review.json"));
  return { items, csv };
}
