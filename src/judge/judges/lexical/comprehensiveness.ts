/**
 * @module Lexical personalized comprehensiveness: coverage of the golden step's specific details, the user's own
 * details, content and action terms — on the step's own text (sentences copied from case facts that belong to other
 * steps are set aside) and discounted by placement, so pasting every case fact into every step earns nothing.
 */
import type { ReportStep } from "../../../core/index.ts";
import type { CaseEvidence, CaseUnit } from "../../case-evidence.ts";
import { type GoldStep, goldAnswer } from "../../gold.ts";
import { withoutCitations } from "../../report/citations.ts";
import type { Comprehensiveness } from "../types.ts";
import { detailCoverage, mentions, specificDetails } from "./details.ts";
import { sentences } from "./sentences.ts";
import { terms } from "./terms.ts";

/** Share of a sentence's content terms one case fact must hold for the sentence to count as copied from it. */
export const COPY_SHARE = 0.8;
/** Sentences with fewer content terms are too short to call a copy. */
export const MIN_COPY_TERMS = 5;

function termCoverage(text: string, wanted: readonly string[]): number {
  if (wanted.length === 0) return 1;
  const have = new Set(terms(text));
  return wanted.filter((t) => have.has(t)).length / wanted.length;
}

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
  const foreign = units.filter((u) => !belongsTo(u, gold)).map((u) => new Set(terms(u.text)));
  const own = [
    ...units.filter((u) => belongsTo(u, gold)).map((u) => new Set(terms(u.text))),
    new Set(terms(belongs)),
  ];
  const out = new Set<string>();
  for (const s of sentences(text)) {
    const t = [...new Set(terms(s))];
    if (t.length < MIN_COPY_TERMS) continue;
    const share = (unit: Set<string>) => t.filter((x) => unit.has(x)).length / t.length;
    const best = (set: Set<string>[]) => Math.max(0, ...set.map(share));
    const elsewhere = best(foreign);
    if (elsewhere >= COPY_SHARE && elsewhere > best(own)) out.add(s);
  }
  return out;
}

/**
 * On the step's own text (its sentences minus those copied from case facts that belong elsewhere): specificity = share
 * of the golden answer's specific details (names, ids, dates, amounts, form codes) it mentions; personalization = the
 * same over the answer's details that the generic step lacks and the user's evidence carries (grounded personal
 * details); completeness = share of the golden answer's content terms present; actionability = share of the golden
 * task's action terms present in the predicted task and description. Each is multiplied by placement = credited /
 * (credited + misplaced), where misplaced counts the case specifics (the user's or a look-alike case's) the step states
 * that appear nowhere in the golden step, and each sentence copied from a fact that belongs elsewhere.
 */
export function lexicalComprehensiveness(
  gold: GoldStep,
  pred: ReportStep,
  cases: CaseEvidence = { user: "", cases: "", units: [], general: "" },
): Comprehensiveness {
  const fullText = withoutCitations(
    [pred.title, pred.task, pred.task_description, pred.condition_description, pred.justification].join(" "),
  );
  const belongs = [gold.title, gold.task, gold.task_description, goldAnswer(gold), gold.justification].join(
    " ",
  );
  const copied = copiedElsewhere(fullText, gold, cases.units, belongs);
  const own = (text: string) =>
    copied.size === 0
      ? text
      : sentences(text)
          .filter((s) => !copied.has(s))
          .join(" ");
  const predText = own(fullText);
  const answer = goldAnswer(gold);
  const details = specificDetails(answer);
  const genericText = `${gold.title} ${gold.task} ${gold.task_description}`;
  const personal = details.filter(
    (d) => !mentions(genericText, d) && (cases.user === "" || mentions(cases.user, d)),
  );
  const contentTerms = [...new Set(terms(answer))];
  const actionTerms = [...new Set(terms(gold.personalized_task || gold.task))];
  const credited = details.filter((d) => mentions(predText, d));
  const missing = details.filter((d) => !mentions(predText, d));
  const misplaced =
    cases.cases === ""
      ? []
      : specificDetails(fullText).filter(
          (d) => mentions(cases.cases, d) && !mentions(cases.general, d) && !mentions(belongs, d),
        );
  const penalties = misplaced.length + copied.size;
  const placement = credited.length + penalties === 0 ? 1 : credited.length / (credited.length + penalties);
  return {
    specificity: detailCoverage(predText, details) * placement,
    personalization: detailCoverage(predText, personal) * placement,
    completeness: termCoverage(predText, contentTerms) * placement,
    actionability: termCoverage(own(`${pred.task} ${pred.task_description}`), actionTerms) * placement,
    missing_details: missing,
    evidence: {
      text: fullText,
      support: answer,
      source: gold.id,
      similarity: placement,
      credited,
      missing,
      misplaced: [...misplaced, ...[...copied].map((s) => `copied: ${s.slice(0, 120)}`)],
    },
  };
}
