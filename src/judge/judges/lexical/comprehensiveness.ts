/** @module Lexical personalized comprehensiveness: coverage of the golden step's specific details, user-specific details, content and action terms. */
import type { ReportStep } from "../../../core/index.ts";
import { type GoldStep, goldAnswer } from "../../gold.ts";
import { withoutCitations } from "../../report/citations.ts";
import type { Comprehensiveness } from "../types.ts";
import { detailCoverage, mentions, specificDetails } from "./details.ts";
import { terms } from "./terms.ts";

function termCoverage(text: string, wanted: readonly string[]): number {
  if (wanted.length === 0) return 1;
  const have = new Set(terms(text));
  return wanted.filter((t) => have.has(t)).length / wanted.length;
}

/**
 * specificity = share of the golden answer's specific details (names, ids, dates, amounts, form codes) the prediction
 * mentions; personalization = the same over details that only the personalized golden step carries (the user's case);
 * completeness = share of the golden answer's content terms present; actionability = share of the golden task's
 * action terms present in the predicted task and description.
 */
export function lexicalComprehensiveness(gold: GoldStep, pred: ReportStep): Comprehensiveness {
  const predText = withoutCitations(
    [pred.title, pred.task, pred.task_description, pred.condition_description, pred.justification].join(" "),
  );
  const answer = goldAnswer(gold);
  const details = specificDetails(answer);
  const genericText = `${gold.title} ${gold.task} ${gold.task_description}`;
  const personal = details.filter((d) => !mentions(genericText, d));
  const contentTerms = [...new Set(terms(answer))];
  const actionTerms = [...new Set(terms(gold.personalized_task || gold.task))];
  return {
    specificity: detailCoverage(predText, details),
    personalization: detailCoverage(predText, personal),
    completeness: termCoverage(predText, contentTerms),
    actionability: termCoverage(`${pred.task} ${pred.task_description}`, actionTerms),
    missing_details: details.filter((d) => !mentions(predText, d)),
  };
}
