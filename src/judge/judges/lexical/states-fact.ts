/**
 * @module Whether a step states a case fact in any wording (the evidence condition resolution and factuality look for):
 * the fact's case-specific details, a quoted sentence of it, or its case-specific content lemmas.
 */
import { COMMIT_SHARE } from "./branches.ts";
import { copiedFrom } from "./copies.ts";
import { analyze } from "./language/analyze.ts";
import { carries, concreteDetails, type DetailIndex, detailIndexOf } from "./language/entities.ts";
import { distinctLemmas, lemmaCoverage, type Vocabulary, vocabularyOf } from "./language/lemmas.ts";

/** What statesFact reads of a text: its detail index, vocabulary and sentences (texts read together merge theirs). */
export type ReadText = { index: DetailIndex; words: Vocabulary; sentences: readonly string[] };

function read(text: string): ReadText {
  return { index: detailIndexOf(text), words: vocabularyOf(text), sentences: analyze(text).sentences };
}

/**
 * Whether `text` states a case fact in any wording: one of the fact's case-specific details (a number, date, code or
 * name that the company's wording `general` lacks, other than the case's own subject and id, which every step of the
 * case may name; names only when `byName` is not false), one of its sentences quoted, or COMMIT_SHARE of its
 * case-specific content lemmas (those the company's wording lacks).
 */
export function statesFact(
  text: string | ReadText,
  fact: string,
  caseNames: readonly string[] = [],
  general = "",
  options: { byName?: boolean } = {},
): boolean {
  const own = new Set(caseNames.flatMap((n) => concreteDetails(n).flatMap((d) => d.keys)));
  const policy = detailIndexOf(general);
  const details = concreteDetails(fact).filter(
    (d) =>
      !d.keys.some((k) => own.has(k)) &&
      !(general && carries(policy, d)) &&
      (options.byName !== false || d.kind !== "name"),
  );
  const { index, words, sentences } = typeof text === "string" ? read(text) : text;
  if (details.some((d) => carries(index, d))) return true;
  // A quoted sentence of the fact states it, whatever words it shares with the policy.
  if (sentences.some((s) => copiedFrom(s, fact) !== null)) return true;
  const policyWords = vocabularyOf(general);
  // The case's own name says nothing about what the fact states ("Northwind Tooling's statutory filings …").
  const nameWords = new Set(caseNames.flatMap((n) => n.toLowerCase().split(/[^\p{L}\d]+/u)));
  const specificOf = (t: string) => {
    const lemmas = distinctLemmas(t).filter((l) => !own.has(l.lemma) && !nameWords.has(l.lemma));
    return general ? lemmas.filter((l) => !policyWords.hasForm(l)) : lemmas;
  };
  const specific = specificOf(fact);
  const held = lemmaCoverage(specific, words);
  // COMMIT_SHARE of them, and two at least where the fact has two (one shared word of a short fact says little).
  if (specific.length > 0 && held >= COMMIT_SHARE && held * specific.length >= Math.min(2, specific.length))
    return true;
  // A fact of two clauses is stated by one of them in full: its case-specific lemmas (two at least) all present
  // ("… statutory filings stay with their outside accountant, they only want dashboards from the … module").
  return fact
    .split(/[,;:]|\s(?:and|so|but)\s/)
    .map(specificOf)
    .some((c) => c.length >= 2 && c.length < specific.length && lemmaCoverage(c, words) >= 1);
}
