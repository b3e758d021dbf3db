/**
 * @module Task validation in the spirit of seed 002 §C.2: for each gold personalized step an independent solver sees
 * only the artifacts that cite it (C.2.1) and must be able to state the step; its answer is graded against the gold
 * (C.2.2). Unsupported or ambiguous steps are reported for human review.
 */
import { join } from "node:path";
import { z } from "zod";
import { type PersonalizedStep, SafeId } from "../core/index.ts";
import { extractText } from "../extract/index.ts";
import { fill } from "../llm/prompt-template.ts";
import type { Model } from "../llm/types.ts";
import type { LoadedTask } from "../store/task-store.ts";
import { ANSWER_COMPARISON, EVIDENCE_ANSWERING, FULL_PROJECT_VALIDATION } from "./prompts/review.ts";

export const SolverAnswer = z.object({ answer: z.string(), knowable: z.boolean() });
export const Comparison = z.object({
  asked_object: z.string(),
  verdict: z.enum(["match", "partial", "mismatch"]),
  cause: z.enum([
    "none",
    "different_value",
    "wrong_entity",
    "missing_required_part",
    "candidate_abstained",
    "answered_unanswerable",
    "other",
  ]),
  reason: z.string(),
});

/** C.2.3's audit of a flagged item against all records of the task. */
export const Audit = z.object({
  competing_answer: z.object({
    answer: z.string().nullable(),
    records: z.array(z.string()),
    equally_valid: z.boolean(),
  }),
  numbers: z.object({ wrong_or_unverified: z.array(z.string()), note: z.string() }),
  status: z.object({ ok: z.boolean(), note: z.string() }),
  evidence_sufficient: z.boolean(),
  verdict: z.enum(["pass", "fix", "drop"]),
  category: z.enum([
    "gold_wrong",
    "ambiguous_question",
    "evidence_insufficient",
    "unanswerable_is_answerable",
    "leak",
    "none",
  ]),
  fix: z
    .object({ q: z.string().nullable(), gold: z.string().nullable(), evidence_add: z.array(z.string()) })
    .nullable(),
  note: z.string(),
});
export type Audit = z.infer<typeof Audit>;

export const ReviewStatus = z.enum(["pass", "ambiguous", "unsupported"]);
export const ReviewDecision = z.enum(["pending", "accepted", "revised", "rejected"]);

/** One gold step's validation outcome; the row a human reviewer sees and decides on. */
export const ReviewItem = z.object({
  task: SafeId,
  item: z.number().int().min(1),
  title: z.string(),
  status: ReviewStatus,
  verdict: Comparison.shape.verdict,
  cause: Comparison.shape.cause,
  reason: z.string(),
  question: z.string(),
  gold: z.string(),
  solver_answer: z.string(),
  knowable: z.boolean(),
  /** Artifact ids the solver was given. */
  cited: z.array(z.string()),
  /** C.2.3 audit of flagged steps ("" for steps that passed the first two stages). */
  audit_verdict: z.enum(["", "pass", "fix", "drop"]).default(""),
  audit_category: z.string().default(""),
  audit_note: z.string().default(""),
  decision: ReviewDecision.default("pending"),
  /** For `revised`: the corrected task description of the gold personalized step. */
  revision: z.string().default(""),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

/** Characters of one record given to the solver. */
const RECORD_CHARS = 6000;

/** Artifacts that cite a step: company insights supporting it and user insights resolving its condition. */
export function citedArtifacts(loaded: LoadedTask, step: PersonalizedStep): string[] {
  const generic = loaded.task.generic_workflow.find((g) => g.item === step.item);
  const conditionId = generic?.condition?.id;
  const units = new Set(
    loaded.task.evidence
      .filter(
        (e) =>
          e.role === "insight" &&
          (e.supports_steps.includes(step.item) ||
            (conditionId !== undefined && e.resolves_conditions.includes(conditionId))),
      )
      .map((e) => e.id),
  );
  return loaded.manifest.artifacts.filter((a) => a.evidence.some((id) => units.has(id))).map((a) => a.id);
}

export function stepQuestion(loaded: LoadedTask, step: PersonalizedStep): string {
  const t = loaded.task;
  const generic = t.generic_workflow.find((g) => g.item === step.item);
  const which = generic?.condition ? ` Which option applies to this user: ${generic.condition.question}` : "";
  return `${t.seed.user.name} (${t.seed.user.role}) asks: "${t.seed.question}" What must be done at the step "${step.title}"?${which}`;
}

export function stepGold(step: PersonalizedStep): string {
  return [step.task, step.task_description, step.answer ? `Applies to this user: ${step.answer}.` : ""]
    .filter(Boolean)
    .join(" ");
}

/** Characters of each record in the full-project audit. */
const AUDIT_RECORD_CHARS = 1500;

/** A flagged step's status after the audit: an equally valid competing reading makes it ambiguous. */
export function auditedStatus(status: ReviewItem["status"], audit: Audit): ReviewItem["status"] {
  if (audit.competing_answer.equally_valid || audit.category === "ambiguous_question") return "ambiguous";
  return audit.evidence_sufficient && audit.verdict === "pass" ? "pass" : status;
}

export function statusOf(knowable: boolean, verdict: ReviewItem["verdict"]): ReviewItem["status"] {
  if (!knowable || verdict === "mismatch") return "unsupported";
  return verdict === "partial" ? "ambiguous" : "pass";
}

/** Validate every gold personalized step of a task; usage is attributed to the run with stage "review". */
export async function validateTaskEvidence(
  model: Model,
  loaded: LoadedTask,
  runId?: string,
): Promise<ReviewItem[]> {
  const texts = new Map<string, string>();
  const out: ReviewItem[] = [];
  for (const step of loaded.task.personalized_workflow) {
    const cited = citedArtifacts(loaded, step);
    const records: string[] = [];
    for (const id of cited) {
      const entry = loaded.manifest.artifacts.find((a) => a.id === id)!;
      if (!texts.has(id))
        texts.set(
          id,
          (await extractText(join(loaded.dir, "artifacts", entry.path), entry.format)).slice(0, RECORD_CHARS),
        );
      records.push(`[${id}] ${entry.title}\n${texts.get(id)}`);
    }
    const q = stepQuestion(loaded, step);
    const gold = stepGold(step);
    const context = (template: string) => ({
      runId,
      stage: "review",
      role: "generator" as const,
      promptTemplate: template,
    });
    const solved = (
      await model.generateObject({
        messages: [
          {
            role: "user",
            content: fill(EVIDENCE_ANSWERING, { q, cited_records: records.join("\n\n") || "(none)" }),
          },
        ],
        schema: SolverAnswer,
        schemaName: "evidence_answer",
        context: context(EVIDENCE_ANSWERING.id),
      })
    ).object;
    const graded = (
      await model.generateObject({
        messages: [
          {
            role: "user",
            content: fill(ANSWER_COMPARISON, {
              q,
              gold,
              status: "answerable",
              candidate: solved.answer,
              knowable: String(solved.knowable),
            }),
          },
        ],
        schema: Comparison,
        schemaName: "answer_comparison",
        context: context(ANSWER_COMPARISON.id),
      })
    ).object;
    let status = statusOf(solved.knowable, graded.verdict);
    let audit: Audit | null = null;
    if (status !== "pass") {
      const all: string[] = [];
      for (const entry of loaded.manifest.artifacts) {
        if (!texts.has(entry.id))
          texts.set(
            entry.id,
            (await extractText(join(loaded.dir, "artifacts", entry.path), entry.format)).slice(
              0,
              RECORD_CHARS,
            ),
          );
        all.push(`[${entry.id}] ${entry.title}\n${texts.get(entry.id)!.slice(0, AUDIT_RECORD_CHARS)}`);
      }
      audit = (
        await model.generateObject({
          messages: [
            {
              role: "user",
              content: fill(FULL_PROJECT_VALIDATION, {
                q,
                gold,
                status: "answerable",
                cited_ids: cited.join(", "),
                answer: solved.answer,
                knowable: String(solved.knowable),
                verdict: graded.verdict,
                cause: graded.cause,
                reason: graded.reason,
                cited_records: records.join("\n\n") || "(none)",
                all_records: all.join("\n\n"),
              }),
            },
          ],
          schema: Audit,
          schemaName: "full_project_audit",
          context: context(FULL_PROJECT_VALIDATION.id),
        })
      ).object;
      status = auditedStatus(status, audit);
    }
    out.push(
      ReviewItem.parse({
        task: loaded.task.id,
        item: step.item,
        title: step.title,
        status,
        audit_verdict: audit?.verdict ?? "",
        audit_category: audit?.category ?? "",
        audit_note: audit
          ? [audit.note, audit.fix?.gold ? `suggested gold: ${audit.fix.gold}` : ""].filter(Boolean).join(" ")
          : "",
        verdict: graded.verdict,
        cause: graded.cause,
        reason: graded.reason,
        question: q,
        gold,
        solver_answer: solved.answer,
        knowable: solved.knowable,
        cited,
      }),
    );
  }
  return out;
}
