/**
 * @module Lexical factuality (the factuality guide: a step is supported when every factual statement in it is stated
 * in, or follows directly from, the documents it cites). Each sentence of a claim is a statement of its own and must
 * hold: its concrete details (codes, ids, numbers, dates, names, acronyms) must be in the cited documents — every
 * passage and the title of each, so a document code such as TB-173 is present where the document carries it —, its
 * content lemmas (inflections and WordNet synonyms count) mostly in the passages that best match it, and a sentence
 * that takes a branch of one of the task's conditions ("For this case: request a transfer …") claims that the case is
 * on that branch: a cited document must carry the case's fact that selects it.
 */
import { decidingFacts, type FactualityContext } from "../../case-evidence.ts";
import { Bm25Index } from "./bm25.ts";
import { branchParts, readSentence } from "./branches.ts";
import { restatesPolicy } from "./copies.ts";
import { analyze } from "./language/analyze.ts";
import { carries, concreteDetails, detailIndexOf, mergedDetailIndex } from "./language/entities.ts";
import { distinctLemmas, Vocabulary, vocabularyOf } from "./language/lemmas.ts";
import { type ReadText, statesFact } from "./states-fact.ts";
import { cosine, TfIdf } from "./tfidf.ts";
import { LEXICAL_THRESHOLDS } from "./thresholds.ts";

/** Passages per sentence its content is checked against. */
export const PASSAGES_PER_SENTENCE = 5;

export type SentenceCheck = { sentence: string; supported: boolean; why: string; shown: number[] };

const indexes = new WeakMap<readonly string[], Bm25Index>();
function bm25(chunks: readonly string[]): Bm25Index {
  let i = indexes.get(chunks);
  if (!i) {
    i = new Bm25Index(chunks);
    indexes.set(chunks, i);
  }
  return i;
}

/**
 * The cited documents read together: each passage is analysed once (passages are shared by every claim citing their
 * document) and the claim's set merges theirs, so no claim re-reads the documents it cites joined into one text.
 */
const sourcesRead = new WeakMap<readonly string[], ReadText>();
function sources(chunks: readonly string[]): ReadText {
  let r = sourcesRead.get(chunks);
  if (!r) {
    r = {
      index: mergedDetailIndex(chunks.map(detailIndexOf)),
      words: Vocabulary.union(chunks.map(vocabularyOf)),
      sentences: chunks.flatMap((c) => analyze(c).sentences),
    };
    sourcesRead.set(chunks, r);
  }
  return r;
}

/** Check one sentence of a claim against the cited documents' passages (`chunks`, each headed by its document). */
export function checkSentence(
  sentence: string,
  chunks: readonly string[],
  context?: FactualityContext,
): SentenceCheck {
  const cited = sources(chunks);
  const shown = bm25(chunks).top(sentence, PASSAGES_PER_SENTENCE);
  const missing = concreteDetails(sentence).filter((d) => !carries(cited.index, d));
  if (missing.length > 0)
    return {
      sentence,
      supported: false,
      shown,
      why: `not in the cited documents: ${missing.map((d) => d.text).join(", ")}`,
    };
  // A statement may combine what its sources say: its content lemmas are looked for in its best passages together.
  const lemmas = distinctLemmas(sentence);
  // Each passage's vocabulary is built once (passages are shared by every sentence of every claim citing them).
  const best = shown.map((i) => vocabularyOf(chunks[i]!));
  const found = (l: (typeof lemmas)[number]) => best.some((v) => v.has(l));
  const share = lemmas.length === 0 ? 1 : lemmas.filter(found).length / lemmas.length;
  if (share < LEXICAL_THRESHOLDS.support) {
    const absent = lemmas.filter((l) => !found(l)).map((l) => l.lemma);
    return {
      sentence,
      supported: false,
      shown,
      why: `${Math.round(share * 100)}% of its terms in its best passages (missing: ${absent.slice(0, 6).join(", ")})`,
    };
  }
  // Words of the case's own facts that the company's wording never uses ("cavitary lesion") state a case fact, as a
  // name or a number does: the cited documents must have them.
  if (context) {
    const policy = vocabularyOf(context.cases.general);
    const caseWords = vocabularyOf(context.cases.cases);
    const documents = cited.words;
    const unsupported = lemmas.filter((l) => caseWords.hasForm(l) && !policy.has(l) && !documents.has(l));
    if (unsupported.length > 0)
      return {
        sentence,
        supported: false,
        shown,
        why: `case facts not in the cited documents: ${unsupported.map((l) => l.lemma).join(", ")}`,
      };
  }
  if (context) {
    const restates = restatesPolicy(context.cases.general, context.cases.names ?? []);
    for (const { condition, step } of context.steps) {
      if (!condition) continue;
      const reading = readSentence(branchParts(condition, step), sentence, restates(sentence));
      if (!reading.commits) continue;
      const facts = decidingFacts(context.cases, condition.id, reading.commits);
      const stated = facts.find((f) =>
        statesFact(cited, f, context.cases.names ?? [], context.cases.general),
      );
      if (!stated)
        return {
          sentence,
          supported: false,
          shown,
          why: `takes branch ${reading.commits} of "${condition.question}", and no cited document states the case's fact for it`,
        };
    }
  }
  return {
    sentence,
    supported: true,
    shown,
    why: `${Math.round(share * 100)}% of its terms and every detail in the sources`,
  };
}

/** The task step the claim is (the best TF-IDF cosine, at least the alignment threshold), if any. */
function stepOf(claim: string, context: FactualityContext): FactualityContext["steps"] {
  if (context.steps.length === 0) return [];
  const model = new TfIdf([claim, ...context.steps.map((c) => c.step)]);
  const v = model.vector(claim);
  const scored = context.steps.map((c) => ({ c, s: cosine(v, model.vector(c.step)) }));
  const best = scored.sort((a, b) => b.s - a.s)[0]!;
  return best.s >= LEXICAL_THRESHOLDS.align ? [best.c] : [];
}

/** A claim is supported when every one of its sentences is; `shown`: the passages of its sentences, best first. */
export function lexicalSupport(
  claim: string,
  chunks: readonly string[],
  context?: FactualityContext,
): { factual: boolean; why: string; shown: number[] } {
  const sentences = analyze(claim).sentences.filter(
    (s) => distinctLemmas(s).length > 0 || concreteDetails(s).length > 0,
  );
  // A claim is a step: the branch choices it can make are those of the task step it is (the one its text aligns with),
  // not every condition of the task.
  const own = context ? { ...context, steps: stepOf(claim, context) } : undefined;
  const checks = sentences.map((s) => checkSentence(s, chunks, own));
  const failed = checks.filter((c) => !c.supported);
  const shown = [...new Set(checks.flatMap((c) => c.shown))];
  if (checks.length === 0) return { factual: false, why: "states nothing to check", shown };
  return failed.length === 0
    ? { factual: true, why: `all ${checks.length} statements supported`, shown }
    : {
        factual: false,
        shown,
        why: failed.map((f) => `"${f.sentence.slice(0, 80)}": ${f.why}`).join("; "),
      };
}
