/**
 * @module What a human review asks of regeneration: from which stage on a task is generated again, the reviewer's
 * reasons per prompt template, and the files to realize again. Each flagged item goes back to the stage that wrote it
 * (steps and company insights: S2 workflow; company distractors: S3; personalized steps: S4; user insights and
 * distractors: S5; adjacent facts: S6); that stage and every later one are regenerated, so nothing downstream keeps
 * the flagged content. A rejected task is regenerated from S2 with every reason. The seed (question, personas) is the
 * input of generation: flags on it are reported for a seed edit, and regeneration keeps the seed.
 */
import { z } from "zod";
import type { ReviewFlag, TaskReview } from "../../review/task-review.ts";
import type { LoadedTask } from "../../store/task-store.ts";
import { ADJACENT_INSIGHTS, ADJACENT_QUESTIONS, ADJACENT_SCENE } from "./prompts/adjacent.ts";
import { COMPANY_DISTRACTORS, COMPANY_INSIGHTS } from "./prompts/company.ts";
import { DUAL_CONTEXT } from "./prompts/contexts.ts";
import { PERSONALIZED_WORKFLOW } from "./prompts/personalized.ts";
import { USER_DISTRACTORS, USER_INSIGHTS } from "./prompts/user.ts";

/** The revisable stages in pipeline order: work-folder key prefix, label, the templates whose prompts they fill. */
export const REVISABLE_STAGES = [
  { key: "S2.contexts", label: "S2 contexts", templates: [DUAL_CONTEXT.id] },
  { key: "S2.workflow", label: "S2 generic workflow", templates: [COMPANY_INSIGHTS.id] },
  { key: "S3.distractors", label: "S3 company distractors", templates: [COMPANY_DISTRACTORS.id] },
  { key: "S4.personalized", label: "S4 personalized workflow", templates: [PERSONALIZED_WORKFLOW.id] },
  { key: "S5.insights", label: "S5 user insights", templates: [USER_INSIGHTS.id] },
  { key: "S5.distractors", label: "S5 user distractors", templates: [USER_DISTRACTORS.id] },
  {
    key: "S6.",
    label: "S6 adjacent cases",
    templates: [ADJACENT_QUESTIONS.id, ADJACENT_INSIGHTS.id, ADJACENT_SCENE.id],
  },
] as const;

/** Feedback keyed by this applies to every template (a re-realized file's prompts). */
export const ALL_TEMPLATES = "*";

export const Revision = z.object({
  /** Index into REVISABLE_STAGES of the first stage to regenerate; null when no stage is. */
  redo_from: z.number().int().min(0).nullable(),
  /** Reviewer reasons by prompt template id. */
  feedback: z.record(z.string(), z.array(z.string())),
  /** Files to realize again, keyed by the evidence ids they carry (`evidenceKey`), with the reasons. */
  artifacts: z.record(z.string(), z.array(z.string())),
  /** Flags regeneration cannot act on (the seed is its input), as "target id: reason". */
  seed_notes: z.array(z.string()),
});
export type Revision = z.infer<typeof Revision>;

/** A file's identity across regenerations: the evidence units it carries (handles change with content). */
export function evidenceKey(evidence: readonly string[]): string {
  return [...evidence].sort().join("+");
}

/** Whether the work-folder stage `key` must be generated again under `revision`. */
export function redoes(revision: Revision | undefined, key: string): boolean {
  if (!revision || revision.redo_from === null) return false;
  const index = REVISABLE_STAGES.findIndex((s) => key.startsWith(s.key));
  return index >= 0 && index >= revision.redo_from;
}

/** The stage that wrote a flagged item (null: the seed, or a file). */
function stageOf(flag: ReviewFlag, loaded: LoadedTask): number | null {
  const unit = loaded.task.evidence.find((e) => e.id === flag.id);
  switch (flag.target) {
    case "generic_step":
    case "condition":
      return 1;
    case "personalized_step":
      return 3;
    case "insight":
      return unit?.side === "user" ? 4 : 1;
    case "distractor":
      return unit?.side === "user" ? 5 : 2;
    case "adjacent":
      return 6;
    default:
      return null;
  }
}

function add(map: Record<string, string[]>, key: string, reason: string): void {
  const list = map[key] ?? [];
  if (!list.includes(reason)) map[key] = [...list, reason];
}

/** What `review` asks of regeneration for its task (an accepted task without flags asks nothing). */
export function revisionOf(review: TaskReview, loaded: LoadedTask): Revision {
  const revision: Revision = { redo_from: null, feedback: {}, artifacts: {}, seed_notes: [] };
  const redoFrom = (index: number) => {
    revision.redo_from = revision.redo_from === null ? index : Math.min(revision.redo_from, index);
  };
  const said = (f: ReviewFlag) =>
    f.target === f.id ? `${f.target}: ${f.reason}` : `${f.target.replace("_", " ")} ${f.id}: ${f.reason}`;
  for (const flag of review.flags) {
    if (flag.target === "artifact") {
      const entry = loaded.manifest.artifacts.find((a) => a.id === flag.id);
      if (entry) add(revision.artifacts, evidenceKey(entry.evidence), `${entry.title}: ${flag.reason}`);
      continue;
    }
    const stage = stageOf(flag, loaded);
    if (stage === null) {
      revision.seed_notes.push(said(flag));
      continue;
    }
    redoFrom(stage);
    for (const t of REVISABLE_STAGES[stage]!.templates) add(revision.feedback, t, said(flag));
  }
  if (review.decision === "rejected") {
    redoFrom(0);
    const reasons = [
      ...(review.reason.trim() ? [`the task as a whole: ${review.reason.trim()}`] : []),
      ...review.flags.filter((f) => f.target !== "artifact").map(said),
    ];
    for (const stage of REVISABLE_STAGES)
      for (const t of stage.templates) for (const r of reasons) add(revision.feedback, t, r);
  }
  return revision;
}

/** One line per revision for the CLI and the studio. */
export function describeRevision(task: string, revision: Revision): string {
  const parts: string[] = [];
  if (revision.redo_from !== null)
    parts.push(`regenerating from ${REVISABLE_STAGES[revision.redo_from]!.label}`);
  const files = Object.keys(revision.artifacts).length;
  if (files > 0) parts.push(`${files} file(s) realized again`);
  if (revision.seed_notes.length > 0)
    parts.push(
      `${revision.seed_notes.length} seed flag(s) kept for a seed edit (${revision.seed_notes.join("; ")})`,
    );
  return `${task}: ${parts.length ? parts.join(", ") : "nothing to regenerate"}`;
}
