/**
 * @module Lexical condition resolution (N.4) in any wording: which branch the predicted step routes through (its
 * sentences and stated conditions read against each branch's trigger and action, `branches.ts`), and whether it
 * carries the case's deciding fact. 1: the expected branch with the deciding fact; 0.5: the expected branch without
 * it, or the branches kept open with the expected one among them; 0: another branch, or no branch at all.
 */
import type { Condition, ReportStep } from "../../../core/index.ts";
import {
  aboutAnotherCase,
  type CaseEvidence,
  decidingFacts,
  otherCasesDeciding,
  ownFacts,
} from "../../case-evidence.ts";
import type { GoldStep } from "../../gold.ts";
import { withoutCitations } from "../../report/citations.ts";
import type { ConditionScore } from "../types.ts";
import { branchParts, COMMIT_SHARE, isConditional, readStep } from "./branches.ts";
import { copiedFrom, restatesPolicy } from "./copies.ts";
import { analyze } from "./language/analyze.ts";
import { distinctLemmas, vocabularyOf } from "./language/lemmas.ts";
import { statesFact } from "./states-fact.ts";

/** A text's words, lowercased and joined by single spaces. */
const phraseOf = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
const AUXILIARY = new Set([
  "is",
  "are",
  "was",
  "were",
  "has",
  "have",
  "had",
  "can",
  "cannot",
  "could",
  "does",
  "did",
]);

/** A trigger as a case states it, after its subject and auxiliary ("the student is enrolled less than half time" → "enrolled less than half time"). */
function triggerTail(when: string): string {
  const words = phraseOf(when).trim().split(" ");
  const at = words.findIndex((w) => AUXILIARY.has(w));
  return ` ${(at >= 0 && words.length - at > 2 ? words.slice(at + 1) : words).join(" ")} `;
}

/** The predicted step's text a condition is read from: title, task, description and justification, citations removed. */
export function stepTexts(pred: ReportStep): string[] {
  return [pred.title, pred.task, pred.task_description, pred.justification].map(withoutCitations);
}

export type Resolution = { score: ConditionScore; why: string };

/** N.4 on a golden conditional step and the predicted step aligned to it. */
export function scoreResolution(
  gold: GoldStep & { condition: Condition; resolved_branch: string },
  pred: ReportStep,
  cases?: CaseEvidence,
): Resolution {
  const caseNames = cases?.names ?? [];
  const condition = gold.condition;
  const expected = gold.resolved_branch;
  const context = [gold.title, gold.task, gold.task_description].join(" ");
  const parts = branchParts(condition, context);
  const restates = cases ? restatesPolicy(cases.general, caseNames) : () => false;
  const deciding = cases ? decidingFacts(cases, condition.id, expected) : [];
  const othersFacts = cases ? otherCasesDeciding(cases, condition.id) : [];
  // A sentence that states the user's deciding fact routes by it; one that states a look-alike case's routes nothing.
  const selects = (sentence: string) =>
    aboutAnotherCase(cases, sentence)
      ? null
      : deciding.some((f) => statesFact(sentence, f, caseNames, cases?.general))
        ? expected
        : othersFacts.some((f) => copiedFrom(sentence, f) !== null)
          ? null
          : undefined;
  const reading = readStep(parts, stepTexts(pred), withoutCitations(pred.condition_description), {
    restates,
    selects,
  });
  const named = reading.sentences
    .filter((s) => s.commits || s.lists.length > 0)
    .slice(0, 3)
    .map(
      (s) =>
        `"${s.sentence.slice(0, 90)}" → ${s.commits ? `takes ${s.commits}` : `lists ${s.lists.join(", ")}`}`,
    )
    .join("; ");
  const detail = named ? ` (${named})` : "";
  if (reading.committed === null) {
    if (reading.open.includes(expected))
      return {
        score: 0.5,
        why: `keeps the branches open (${reading.open.join(", ")}) without choosing ${expected}${detail}`,
      };
    if (reading.open.length > 0)
      return { score: 0, why: `lists ${reading.open.join(", ")}, not ${expected}${detail}` };
    return { score: 0, why: `no branch of the condition is addressed` };
  }
  if (reading.committed !== expected)
    return { score: 0, why: `takes branch ${reading.committed} instead of ${expected}${detail}` };
  // The step's own evidence: its sentences about this case (one about a look-alike case states that case's facts).
  const all = [...stepTexts(pred), pred.condition_description].join(" ");
  const text = analyze(all)
    .sentences.filter((s) => !aboutAnotherCase(cases, s))
    .join(" ");
  const branch = condition.branches.find((b) => b.id === expected)!;
  // The evidence for the path: the case's facts that select it, and any other fact of the user's case about this
  // branch (sharing a lemma of its trigger or action that the step's generic wording lacks); without any, the
  // branch's trigger stated for the case.
  const about = new Set(
    distinctLemmas(`${branch.when} ${branch.then}`)
      .filter((l) => !vocabularyOf(context).hasForm(l))
      .map((l) => l.stem),
  );
  const related = (cases ? ownFacts(cases) : []).filter(
    (f) => !deciding.includes(f) && distinctLemmas(f).some((l) => about.has(l.stem)),
  );
  // A related fact is evidence when the step states what it says: naming a person it mentions ("Dr. Okonjo assesses
  // capacity") does not state that the consent form was pre-filled.
  const stated =
    deciding.find((f) => statesFact(text, f, caseNames, cases?.general)) ??
    related.find((f) => statesFact(text, f, caseNames, cases?.general, { byName: false }));
  if (stated)
    return {
      score: 1,
      why: `takes branch ${expected} with the case's fact ("${stated.slice(0, 100)}")${detail}`,
    };
  // Without a fact of the case in the step, the branch's trigger stated as this case's fact (outside any rule) is its
  // evidence — unless the step offers a look-alike case's fact for this condition, which is not this user's evidence.
  // The trigger's own words: not the step's generic wording, not the branch's action (which the choice itself says).
  const contextWords = vocabularyOf(`${context} ${branch.then}`);
  const ownWords = distinctLemmas(branch.when).filter((l) => !contextWords.hasForm(l));
  // A trigger in the step's own words ("Check whether the customer reports a defect") is told by its distinguishing lemmas.
  // The trigger is evidence only in words the action does not already say ("configure the certified connector" states
  // no fact about the customer's ERP, though "certified connector" is in the trigger too).
  const actionWords = vocabularyOf(branch.then);
  const triggerWords = (
    ownWords.length > 0 ? ownWords : (parts.find((p) => p.id === expected)?.cause ?? [])
  ).filter((l) => !actionWords.hasForm(l));
  const trigger = reading.sentences.find((s) => {
    if (s.commits !== expected || triggerWords.length === 0) return false;
    const v = vocabularyOf(s.sentence);
    return (
      triggerWords.some((l) => v.hasPolarForm(l)) &&
      triggerWords.filter((l) => v.hasPolar(l)).length / triggerWords.length >= COMMIT_SHARE
    );
  });
  // Branches whose triggers no lemma tells apart ("less than" / "at least half time"): the trigger stated in its own
  // words, outside a rule, as this case's ("the email shows the student is enrolled less than half time").
  const triggerStated =
    trigger ??
    (triggerWords.length > 0
      ? undefined
      : reading.sentences.find((s) => {
          const words = phraseOf(s.sentence);
          return (
            !isConditional(s.sentence) &&
            words.includes(triggerTail(branch.when)) &&
            !condition.branches.some((b) => b.id !== expected && words.includes(triggerTail(b.when)))
          );
        }));
  const foreign = othersFacts.find((f) => analyze(all).sentences.some((s) => copiedFrom(s, f) !== null));
  if (triggerStated && !foreign)
    return {
      score: 1,
      why: `takes branch ${expected}, stating its trigger for the case ("${triggerStated.sentence.slice(0, 100)}")${detail}`,
    };
  return {
    score: 0.5,
    why: `takes branch ${expected} without the case's evidence${foreign ? ` (it offers another case's fact: "${foreign.slice(0, 80)}")` : ""}${detail}`,
  };
}
