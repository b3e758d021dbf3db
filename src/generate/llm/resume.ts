/**
 * @module `drflow generate --llm --resume`: the suite's tasks again from the seeds stored in its work folder, with the
 * human reviews to act on — those given as files (the studio's export, or the §C.2 step review's rows) and those the
 * studio saved beside each task's stage outputs.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { SAFE_ID } from "../../core/index.ts";
import { readReview } from "../../review/export.ts";
import {
  emptyReview,
  loadPendingReview,
  markReviewApplied,
  parseTaskReviews,
  type TaskReview,
} from "../../review/task-review.ts";
import { loadTask } from "../../store/task-store.ts";
import { describeRevision, type Revision, revisionOf } from "./revision.ts";
import { SeedRecord } from "./stages/s1-seeds.ts";
import { generateLlmSuite, type SuiteRequest, type SuiteResult } from "./suite.ts";
import { openWorkDir } from "./work-dir.ts";

export type ResumePlan = {
  seeds: SeedRecord[];
  revisions: Record<string, Revision>;
  /** Tasks whose studio-saved review this resume consumes (marked applied once it succeeds). */
  pending: string[];
  /** One line per review acted on. */
  lines: string[];
};

/** Seeds of every task the suite's work folder holds, in task-id order. */
export async function storedSeeds(root: string, suite: string): Promise<SeedRecord[]> {
  const work = join(root, suite, ".work");
  if (!existsSync(work)) return [];
  const seeds: SeedRecord[] = [];
  const names = (await readdir(work, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && SAFE_ID.test(d.name))
    .map((d) => d.name)
    .sort();
  for (const name of names) {
    const seed = await openWorkDir(join(work, name)).read("seed", SeedRecord);
    if (seed) seeds.push(seed);
  }
  return seeds;
}

/**
 * The reviews in a file: drflow.task-review/1 (the studio's export), or the §C.2 step review's rows (review.csv /
 * review.json, `ReviewItem`) whose `rejected` steps become flags on the personalized step with the row's reason.
 */
export async function reviewsIn(file: string, suite: string): Promise<TaskReview[]> {
  const text = await readFile(file, "utf8");
  const stepRows =
    extname(file).toLowerCase() === ".csv" ||
    (() => {
      try {
        const data = JSON.parse(text);
        return Array.isArray(data) && data.length > 0 && !("format" in data[0]) && "item" in data[0];
      } catch {
        return false;
      }
    })();
  if (!stepRows) return parseTaskReviews(text, file);
  const byTask = new Map<string, TaskReview>();
  for (const row of await readReview(file)) {
    if (row.decision !== "rejected") continue;
    const review = byTask.get(row.task) ?? emptyReview(suite, row.task);
    const reason = [row.reason, row.audit_note].filter(Boolean).join(" ") || "rejected in the step review";
    review.flags.push({ target: "personalized_step", id: String(row.item), reason });
    byTask.set(row.task, review);
  }
  return [...byTask.values()];
}

/** What a resume of `suite` regenerates: its stored seeds, and a revision per reviewed task. */
export async function planResume(
  root: string,
  suite: string,
  reviewFiles: readonly string[],
): Promise<ResumePlan> {
  const seeds = await storedSeeds(root, suite);
  if (seeds.length === 0)
    throw new Error(
      `nothing to resume: ${join(root, suite, ".work")} holds no task seeds (generate the suite with --llm first)`,
    );
  const reviews = new Map<string, TaskReview>();
  const pending: string[] = [];
  for (const seed of seeds) {
    const saved = await loadPendingReview(root, suite, seed.task_id);
    if (saved) {
      reviews.set(seed.task_id, saved);
      pending.push(seed.task_id);
    }
  }
  // A review file given on the command line wins over the saved one for the same task.
  for (const file of reviewFiles)
    for (const review of await reviewsIn(file, suite)) {
      if (review.suite !== suite)
        throw new Error(`${file}: review of ${review.suite}/${review.task} is not for suite ${suite}`);
      if (!seeds.some((s) => s.task_id === review.task))
        throw new Error(
          `${file}: task ${suite}/${review.task} has no stored seed in ${join(root, suite, ".work")} (was it generated with --llm?)`,
        );
      reviews.set(review.task, review);
    }
  const revisions: Record<string, Revision> = {};
  const lines: string[] = [];
  for (const [task, review] of reviews) {
    const revision = revisionOf(review, await loadTask(root, `${suite}/${task}`));
    revisions[task] = revision;
    lines.push(
      `review (${review.decision}, ${review.flags.length} flag(s)) ${describeRevision(task, revision)}`,
    );
  }
  return { seeds, revisions, pending, lines };
}

/**
 * Generate the suite again as `plan` says (its stored seeds, a revision per reviewed task), then mark the studio
 * reviews it acted on as applied, so the studio starts fresh ones.
 */
export async function resumeSuite(
  plan: ResumePlan,
  request: Omit<SuiteRequest, "source" | "revisions">,
): Promise<SuiteResult> {
  const result = await generateLlmSuite({
    ...request,
    source: { kind: "seeds", seeds: plan.seeds },
    revisions: plan.revisions,
  });
  for (const task of plan.pending) await markReviewApplied(request.root, request.suite, task);
  return result;
}
