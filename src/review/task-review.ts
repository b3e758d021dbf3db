/**
 * @module A human review of one task (the paper's Appendix Q.1): accept or reject, and problems flagged per item with a
 * reason. The studio's review view writes it; `drflow generate --llm --resume` reads it (here: the schema, the file
 * reader, and where the studio keeps a task's review until a resume consumes it).
 */
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { readFile, rename } from "node:fs/promises";
import { join, sep } from "node:path";
import { z } from "zod";
import { SAFE_ID, SafeId } from "../core/index.ts";
import { writeFileAtomic } from "../store/atomic-write.ts";
import { type LoadedTask, stableJson } from "../store/task-store.ts";

/** The format tag every review file carries, so a stray JSON file is refused by name rather than misread. */
export const TASK_REVIEW_FORMAT = "drflow.task-review/1";

/** What a flag points at; `id` names the item within its kind (see `ReviewFlag`). */
export const ReviewTarget = z.enum([
  "question",
  "persona",
  "generic_step",
  "personalized_step",
  "condition",
  "insight",
  "distractor",
  "adjacent",
  "artifact",
]);
export type ReviewTarget = z.infer<typeof ReviewTarget>;

/**
 * One problem: `id` is the step's item number (steps), the condition id, the evidence unit id (insight, distractor,
 * adjacent), the artifact's handle (artifact), `company` / `company_persona` / `user` (persona) or `question`.
 */
export const ReviewFlag = z.object({
  target: ReviewTarget,
  id: z.string().min(1).max(200),
  reason: z.string().trim().min(1, "expected a reason").max(2000),
});
export type ReviewFlag = z.infer<typeof ReviewFlag>;

export const TaskDecision = z.enum(["pending", "accepted", "rejected"]);
export type TaskDecision = z.infer<typeof TaskDecision>;

export const TaskReview = z.object({
  format: z.literal(TASK_REVIEW_FORMAT),
  suite: SafeId,
  task: SafeId,
  decision: TaskDecision,
  /** Why the task was rejected (or a note on acceptance). */
  reason: z.string().max(4000).default(""),
  flags: z.array(ReviewFlag).max(500).default([]),
  reviewer: z.string().max(200).default(""),
  updated_at: z.string().default(""),
});
export type TaskReview = z.infer<typeof TaskReview>;

export function emptyReview(suite: string, task: string): TaskReview {
  return TaskReview.parse({ format: TASK_REVIEW_FORMAT, suite, task, decision: "pending" });
}

/** A review file: one review or an array of them. Errors name the file and the JSON path. */
export function parseTaskReviews(text: string, file: string): TaskReview[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: expected JSON (${(error as Error).message})`);
  }
  const list = Array.isArray(data) ? data : [data];
  return list.map((row, i) => {
    const parsed = TaskReview.safeParse(row);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = [Array.isArray(data) ? `$[${i}]` : "$", ...issue.path].join(".");
      throw new Error(`${file}: ${at}: ${issue.message}`);
    }
    return parsed.data;
  });
}

const PENDING = "task-review.json";
const APPLIED = "task-review.applied.json";

/**
 * The task's work folder `<root>/<suite>/.work/<task>/`, created if needed; suite and task must be safe ids and the
 * folder's real path must stay inside the suite's (a `.work` symlinked elsewhere is refused).
 */
export function reviewDir(root: string, suite: string, task: string, create = true): string | null {
  for (const [what, id] of [
    ["suite", suite],
    ["task", task],
  ] as const)
    if (!SAFE_ID.test(id)) throw new Error(`${what} "${id}": expected a safe id`);
  const suiteDir = join(root, suite);
  const dir = join(suiteDir, ".work", task);
  if (create) mkdirSync(dir, { recursive: true });
  else if (!existsSync(dir)) return null;
  const base = realpathSync(suiteDir);
  if (!realpathSync(dir).startsWith(base + sep))
    throw new Error(`${suite}/${task}: the review folder resolves outside the suite`);
  return dir;
}

/** The review the studio saved for a task and no resume has consumed yet (null when none). */
export async function loadPendingReview(
  root: string,
  suite: string,
  task: string,
): Promise<TaskReview | null> {
  const dir = reviewDir(root, suite, task, false);
  const file = dir && join(dir, PENDING);
  if (!file || !existsSync(file)) return null;
  return parseTaskReviews(await readFile(file, "utf8"), file)[0] ?? null;
}

export async function savePendingReview(root: string, review: TaskReview): Promise<void> {
  await writeFileAtomic(join(reviewDir(root, review.suite, review.task)!, PENDING), stableJson(review));
}

/** After a resume acted on it, the pending review is kept as the applied one (the studio starts a fresh review). */
export async function markReviewApplied(root: string, suite: string, task: string): Promise<void> {
  const dir = reviewDir(root, suite, task, false);
  if (dir && existsSync(join(dir, PENDING))) await rename(join(dir, PENDING), join(dir, APPLIED));
}

/** What a flag may name in a task: problems as "flags[i].id: …" (empty when every flag names a real item). */
export function flagProblems(review: Pick<TaskReview, "flags">, loaded: LoadedTask): string[] {
  const { task, manifest } = loaded;
  const units = (role: string) => task.evidence.filter((e) => e.role === role).map((e) => e.id);
  const known: Record<ReviewTarget, string[]> = {
    question: ["question"],
    persona: ["company", "company_persona", "user"],
    generic_step: task.generic_workflow.map((s) => String(s.item)),
    personalized_step: task.personalized_workflow.map((s) => String(s.item)),
    condition: task.generic_workflow.flatMap((s) => (s.condition ? [s.condition.id] : [])),
    insight: units("insight"),
    distractor: units("distractor"),
    adjacent: [...units("adjacent"), ...task.adjacent_cases.map((c) => c.case_id)],
    artifact: manifest.artifacts.map((a) => a.id),
  };
  return review.flags.flatMap((f, i) =>
    known[f.target].includes(f.id) ? [] : [`flags[${i}].id: task ${task.id} has no ${f.target} "${f.id}"`],
  );
}
