/**
 * @module Topic relevance of company documents to the question: Okapi BM25 over the documents' stemmed content terms,
 * a question term also matching the stems it is a prefix of, or that are a prefix of it ("deni" for denied matches
 * "denial", "hack" matches "hacker"). Term frequency saturates and long documents are normalised to the average, so
 * a many-page handbook that mentions "customer" and "request" in passing does not outscore the short procedure that
 * is about the question's rare words.
 */
import { contentTerms } from "./text.ts";

export const TOPIC_K1 = 1.2;
export const TOPIC_B = 0.75;
/** Stems shorter than this match only themselves ("aid" is no prefix of "aide" here). */
export const MIN_PREFIX = 4;

/** Whether document stem `t` stands for question stem `q`. */
export function matchesStem(q: string, t: string): boolean {
  if (q === t) return true;
  return (q.length >= MIN_PREFIX && t.startsWith(q)) || (t.length >= MIN_PREFIX && q.startsWith(t));
}

/**
 * BM25 score of each document for the question, keyed by document id. Collection statistics (document frequency,
 * average length) come from `docs` alone, so the same documents give the same scores whatever else an environment holds.
 */
export function topicScores(
  question: string,
  docs: readonly { id: string; title: string; text: string }[],
): Map<string, number> {
  const asked = [...new Set(contentTerms(question))];
  const counts = docs.map((d) => {
    const tf = new Map<string, number>();
    const terms = contentTerms(`${d.title} ${d.text}`);
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    // Per question term: how often the document uses any stem that stands for it.
    const f = asked.map((q) => {
      let n = 0;
      for (const [t, c] of tf) if (matchesStem(q, t)) n += c;
      return n;
    });
    return { id: d.id, length: terms.length, f };
  });
  const n = counts.length;
  const avg = n === 0 ? 1 : counts.reduce((s, c) => s + c.length, 0) / n || 1;
  const df = asked.map((_, i) => counts.filter((c) => c.f[i]! > 0).length);
  const idf = df.map((d) => Math.log(1 + (n - d + 0.5) / (d + 0.5)));
  return new Map(
    counts.map((c) => {
      let s = 0;
      for (let i = 0; i < asked.length; i++) {
        const f = c.f[i]!;
        if (f === 0) continue;
        s += (idf[i]! * f * (TOPIC_K1 + 1)) / (f + TOPIC_K1 * (1 - TOPIC_B + (TOPIC_B * c.length) / avg));
      }
      return [c.id, s];
    }),
  );
}
