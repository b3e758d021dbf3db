/**
 * @module Copied text: whether a sentence of a predicted step reproduces a sentence of a known text (the company's
 * policy wording, a case fact) — COPY_SHARE of its content lemmas, as written, inside one sentence of that text. A
 * policy sentence the writer addressed to the case (naming the case, or "this …" where the policy has no such word)
 * is the writer's own statement about the case, not a restatement.
 */
import { analyze } from "./language/analyze.ts";
import { concreteDetails } from "./language/entities.ts";
import { distinctLemmas } from "./language/lemmas.ts";

/** Share of a sentence's content lemmas one source sentence must hold for the sentence to count as copied from it. */
export const COPY_SHARE = 0.8;
/** Sentences with fewer content lemmas are too short to call a copy. */
export const MIN_COPY_TERMS = 5;

type SourceSentence = { text: string; stems: Set<string>; demonstrative: boolean };

const DEMONSTRATIVE = new Set(["this", "these"]);

function hasDemonstrative(text: string): boolean {
  return analyze(text).tokens.some((t) => DEMONSTRATIVE.has(t.lower) && t.pos === "DET");
}

const sources = new Map<string, SourceSentence[]>();
function sourceSentences(text: string): SourceSentence[] {
  let hit = sources.get(text);
  if (!hit) {
    hit = analyze(text).sentences.map((s) => ({
      text: s,
      stems: new Set(distinctLemmas(s).map((l) => l.stem)),
      demonstrative: hasDemonstrative(s),
    }));
    if (sources.size > 2_000) sources.clear();
    sources.set(text, hit);
  }
  return hit;
}

/**
 * The source sentence a sentence copies (COPY_SHARE of its content lemmas), or null. `whole`: the copy must also
 * reproduce COPY_SHARE of that source sentence (a sentence that keeps only part of it, dropping its qualifier, says
 * something else).
 */
export function copiedFrom(sentence: string, source: string, whole = false): string | null {
  const stems = [...new Set(distinctLemmas(sentence).map((l) => l.stem))];
  if (stems.length < MIN_COPY_TERMS) return null;
  const mine = new Set(stems);
  let best: SourceSentence | null = null;
  let bestShare = 0;
  for (const s of sourceSentences(source)) {
    const share = stems.filter((x) => s.stems.has(x)).length / stems.length;
    const back = s.stems.size === 0 ? 0 : [...s.stems].filter((x) => mine.has(x)).length / s.stems.size;
    const score = whole ? Math.min(share, back) : share;
    if (score > bestShare) {
      best = s;
      bestShare = score;
    }
  }
  return best && bestShare >= COPY_SHARE ? best.text : null;
}

/**
 * A predicate: does a sentence restate a policy sentence whole (`policy`: the company's wording, qualifiers included)
 * rather than say something about the case? A copy that names the case (its subject or id, `caseNames`) or adds
 * "this …" addresses the case.
 */
export function restatesPolicy(policy: string, caseNames: readonly string[]): (sentence: string) => boolean {
  const keys = new Set(caseNames.flatMap((n) => concreteDetails(n).flatMap((d) => d.keys)));
  return (sentence) => {
    const copied = copiedFrom(sentence, policy, true);
    if (!copied) return false;
    if (concreteDetails(sentence).some((d) => d.keys.some((k) => keys.has(k)))) return false;
    return !(hasDemonstrative(sentence) && !hasDemonstrative(copied));
  };
}
