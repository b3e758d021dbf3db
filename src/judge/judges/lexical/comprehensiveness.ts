/**
 * @module Lexical personalized comprehensiveness (N.5): what the golden step's expected answer names — its concrete
 * details (the case's ids, names, dates, amounts, places, named forms and systems, thresholds) and its operational
 * content (the lemmas of what is done, to what) — found in the predicted step in any wording (inflections, WordNet
 * synonyms, numbers and dates in any form). Generic policy wording earns only the operational share; another case's
 * specifics, sentences pasted from facts that belong elsewhere, and the action of a branch the step should not take
 * count against it (placement).
 */
import type { Condition, ReportStep } from "../../../core/index.ts";
import type { CaseEvidence, CaseUnit } from "../../case-evidence.ts";
import { type GoldStep, goldAnswer } from "../../gold.ts";
import { withoutCitations } from "../../report/citations.ts";
import type { Comprehensiveness } from "../types.ts";
import { branchParts, readStep } from "./branches.ts";
import { copiedFrom, restatesPolicy } from "./copies.ts";
import { analyze } from "./language/analyze.ts";
import { carries, concreteDetails, type Detail, detailIndexOf } from "./language/entities.ts";
import { distinctLemmas, vocabularyOf } from "./language/lemmas.ts";

function belongsTo(unit: CaseUnit, gold: GoldStep): boolean {
  return unit.steps.includes(gold.item) || (!!gold.condition && unit.conditions.includes(gold.condition.id));
}

/** Sentences of `text` copied from a case fact that does not belong to `gold` (another step's fact, a distractor, a look-alike case). */
function copiedElsewhere(
  text: string,
  gold: GoldStep,
  units: readonly CaseUnit[],
  belongs: string,
): Set<string> {
  const foreign = units.filter((u) => !belongsTo(u, gold)).map((u) => u.text);
  const own = [...units.filter((u) => belongsTo(u, gold)).map((u) => u.text), belongs];
  const out = new Set<string>();
  for (const s of analyze(text).sentences) {
    if (foreign.some((f) => copiedFrom(s, f) !== null) && !own.some((f) => copiedFrom(s, f) !== null))
      out.add(s);
  }
  return out;
}

/**
 * N.5's scoring guidance: "Use 0.00-0.39 when the step is mostly generic, weakly personalized, or missing major
 * workflow content" — a step that takes a branch the case should not take misses the step's content — and "Use
 * 0.40-0.69 for partially correct but generic/incomplete steps" — a step that lists the branches without choosing.
 * The dimensions of such a step are scaled into that band.
 */
export const WRONG_BRANCH_BAND = 0.39;
export const OPEN_BRANCH_BAND = 0.69;

/** Parts of a step joined as sentences (a title has no full stop, and its words must not run into the next part). */
export function asSentences(parts: readonly string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (/[.!?:;]$/.test(p) ? p : `${p}.`))
    .join(" ");
}

const NOUNS = new Set(["noun"]);
const VERBS_AND_NOUNS = new Set(["noun", "verb"]);

/** How the step routes the gold step's condition: as the gold does, through another branch, or keeping them open. */
function routing(
  gold: GoldStep,
  pred: ReportStep,
  cases: CaseEvidence,
): "expected" | "other" | "open" | "none" {
  const condition: Condition | null = gold.condition;
  if (!condition || !gold.resolved_branch) return "none";
  const context = [gold.title, gold.task, gold.task_description].join(" ");
  const texts = [pred.title, pred.task, pred.task_description, pred.justification].map(withoutCitations);
  const reading = readStep(
    branchParts(condition, context),
    texts,
    withoutCitations(pred.condition_description),
    {
      restates: restatesPolicy(cases.general, cases.names ?? []),
    },
  );
  if (reading.committed) return reading.committed === gold.resolved_branch ? "expected" : "other";
  return reading.open.length > 0 ? "open" : "none";
}

function dedupe(details: readonly Detail[]): Detail[] {
  const seen = new Set<string>();
  return details.filter((d) => {
    const k = `${d.kind}:${d.keys.join(" ")}`;
    return !seen.has(k) && seen.add(k);
  });
}

const share = (wanted: number, got: number) => (wanted === 0 ? 1 : got / wanted);

/**
 * On the step's own text (its sentences minus those copied from case facts that belong elsewhere): specificity = the
 * share of the answer's concrete details and things (nouns) present; personalization = the share of its personal
 * details (those the user's evidence carries and the generic step lacks; 1 when it has none), the user's other
 * specifics the step names counting too (at most 1); completeness = the share
 * of its details and operational lemmas present; actionability = the share of the golden task's verbs and nouns present
 * in the predicted task and description. Each is multiplied by placement = credited / (credited + misplaced), where
 * misplaced counts look-alike cases' specifics, sentences copied from facts that belong elsewhere, and the action words
 * of a branch the step takes wrongly.
 */
export function lexicalComprehensiveness(
  gold: GoldStep,
  pred: ReportStep,
  cases: CaseEvidence = { user: "", cases: "", units: [], general: "" },
): Comprehensiveness {
  // N.5 shows the predicted step's title, task, description and conditions (not its justification).
  const fullText = withoutCitations(
    asSentences([pred.title, pred.task, pred.task_description, pred.condition_description]),
  );
  const belongs = [gold.title, gold.task, gold.task_description, goldAnswer(gold), gold.justification].join(
    " ",
  );
  const copied = copiedElsewhere(fullText, gold, cases.units, belongs);
  const own = (text: string) =>
    copied.size === 0
      ? text
      : analyze(text)
          .sentences.filter((s) => !copied.has(s))
          .join(" ");
  const predText = own(fullText);
  const index = detailIndexOf(predText);
  const words = vocabularyOf(predText);
  // The case's subject and id name one thing: either one in the step names the case.
  const caseKeys = new Set((cases.names ?? []).flatMap((n) => concreteDetails(n).flatMap((d) => d.keys)));
  const isCase = (d: Detail) => d.keys.some((k) => caseKeys.has(k));
  // A sentence of the answer that only names the case ("Applies to Mrs. Trujillo (MRN-365246).") asks for no content.
  const answer = analyze(goldAnswer(gold))
    .sentences.filter((s) => distinctLemmas(s).filter((l) => !caseKeys.has(l.lemma)).length > 1)
    .join(" ");
  const answerDetails = [gold.personalized_task, gold.personalized_description, gold.answer].flatMap((t) =>
    concreteDetails(t),
  );
  const caseDetails = answerDetails.filter(isCase);
  const details = dedupe([
    ...(caseDetails.length > 0
      ? [{ text: caseDetails[0]!.text, kind: "name" as const, keys: caseDetails.flatMap((d) => d.keys) }]
      : []),
    ...answerDetails.filter((d) => !isCase(d)),
  ]);
  const detailWords = new Set(details.flatMap((d) => d.keys));
  const lemmas = distinctLemmas(answer).filter((l) => !detailWords.has(l.lemma));
  const generic = detailIndexOf(`${gold.title} ${gold.task} ${gold.task_description}`);
  const userIndex = detailIndexOf(cases.user);
  const personal = details.filter(
    (d) => !carries(generic, d) && (cases.user === "" || carries(userIndex, d)),
  );
  const has = (d: Detail) => carries(index, d);
  // The user's own specifics that the step names beyond the golden step's (room 512 in the sign step): tailoring too.
  const generalIndex = detailIndexOf(cases.general);
  const tailored = concreteDetails(predText).filter(
    (d) =>
      cases.user !== "" &&
      carries(userIndex, d) &&
      !carries(generalIndex, d) &&
      !details.some((x) => x.keys.some((k) => d.keys.includes(k))),
  );
  const credited = details.filter(has);
  const missing = details.filter((d) => !has(d));
  const things = lemmas.filter((l) => l.pos !== null && NOUNS.has(l.pos));
  const thingsFound = things.filter((l) => words.has(l));
  const lemmasFound = lemmas.filter((l) => words.has(l));
  const actions = distinctLemmas(gold.personalized_task || gold.task).filter(
    (l) => l.pos !== null && VERBS_AND_NOUNS.has(l.pos) && !detailWords.has(l.lemma),
  );
  const actionWords = vocabularyOf(
    own(withoutCitations(asSentences([pred.title, pred.task, pred.task_description]))),
  );
  const actionsFound = actions.filter((l) => actionWords.has(l));

  // Against the step: another case's specifics, pasted sentences that belong elsewhere, a wrongly taken branch's action.
  const caseIndex = detailIndexOf(cases.cases);
  const belongsIndex = detailIndexOf(belongs);
  const foreign =
    cases.cases === ""
      ? []
      : concreteDetails(fullText).filter(
          (d) =>
            carries(caseIndex, d) &&
            !carries(userIndex, d) &&
            !carries(generalIndex, d) &&
            !carries(belongsIndex, d),
        );
  const penalties = foreign.length + copied.size;
  const support = credited.length + lemmasFound.length;
  const placement = penalties === 0 ? 1 : support / (support + penalties);
  const route = routing(gold, pred, cases);
  const band = route === "other" ? WRONG_BRANCH_BAND : route === "open" ? OPEN_BRANCH_BAND : 1;
  const scale = placement * band;
  return {
    specificity: share(details.length + things.length, credited.length + thingsFound.length) * scale,
    personalization:
      Math.min(1, share(personal.length, personal.filter(has).length + tailored.length)) * scale,
    completeness: share(details.length + lemmas.length, credited.length + lemmasFound.length) * scale,
    actionability: share(actions.length, actionsFound.length) * scale,
    missing_details: missing.map((d) => d.text),
    evidence: {
      text: fullText,
      support: answer,
      source: gold.id,
      similarity: placement,
      credited: credited.map((d) => d.text),
      missing: missing.map((d) => d.text),
      misplaced: [
        ...foreign.map((d) => d.text),
        ...[...copied].map((s) => `copied: ${s.slice(0, 120)}`),
        ...(route === "other" ? ["takes a branch the case should not take"] : []),
        ...(route === "open" ? ["keeps the branches open"] : []),
      ],
    },
  };
}
