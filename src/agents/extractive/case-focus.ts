/** @module Whose case a document is about: the user's marks, case ids, and which case cluster the question is about. */
import type { EnvDocument } from "../../env/types.ts";
import { coverage, dice, splitSentences, termSet, words } from "./text.ts";

/** Case or record identifiers such as `CASE-2024-0113`, `MRN-48812`, `INC0042`, `#48812`. */
const CASE_ID = /\b(?:[A-Z]{2,6}-?\d{3,}(?:-\d+)*|#\d{4,})\b/g;

export type UserRef = { name: string; email: string };

/** Distinct case ids mentioned in a text. */
export function caseIds(text: string): Set<string> {
  return new Set(text.match(CASE_ID) ?? []);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Name variants of the user: full name, email, the email's local part, first and last name. */
function userPatterns(user: UserRef): RegExp[] {
  const parts = user.name.split(/\s+/).filter((p) => p.length > 1 && !/^(mr|mrs|ms|dr|prof)\.?$/i.test(p));
  const out = [new RegExp(`\\b${escapeRe(user.name)}\\b`, "i")];
  if (user.email) out.push(new RegExp(escapeRe(user.email), "i"));
  const local = user.email.split("@")[0];
  if (local && local.length > 2) out.push(new RegExp(`\\b${escapeRe(local)}\\b`, "i"));
  const [first, last] = [parts[0], parts.at(-1)];
  if (last && last.length > 2 && parts.length > 1) out.push(new RegExp(`\\b${escapeRe(last)}\\b`));
  if (first && first.length > 2 && parts.length > 1) out.push(new RegExp(`\\b${escapeRe(first)}\\b`));
  return out;
}

/** How strongly a document is tied to the user: authored by them (2), naming them (1), or neither (0). */
export function userTie(doc: Pick<EnvDocument, "author" | "text" | "title">, user: UserRef): number {
  const patterns = userPatterns(user);
  if (patterns.some((p) => p.test(doc.author))) return 2;
  return patterns.some((p) => p.test(doc.text) || p.test(doc.title)) ? 1 : 0;
}

/** The best case must lead the runner-up by this factor to be taken as the user's. */
const FOCUS_MARGIN = 1.15;
/** A question a case poses counts for it above this similarity to the task's question. */
const ASKED_ELSEWHERE = 0.5;

/**
 * The case ids of the user's own case, read the way a colleague would: personal documents are grouped into cases (ids
 * named in one document belong to one case: a dispute and its invoice, `DSP-878603` and `INV-39955`), and the case
 * the question is about is the one whose documents speak to the workflow — the share of the recovered decisions they
 * hold facts for (`deciding`: each decision's telling terms), plus the share of the question's terms they use, plus
 * how close a question the case itself poses is to the task's.
 * No fixed phrase marks a case as anyone's. Empty when no case clearly leads.
 */
export function focusCaseIds(
  docs: readonly Pick<EnvDocument, "text" | "title">[],
  question: string,
  deciding: readonly ReadonlySet<string>[] = [],
): Set<string> {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    const p = parent.get(id) ?? id;
    if (p === id) return id;
    const r = root(p);
    parent.set(id, r);
    return r;
  };
  const named = docs.map((d) => ({ text: d.text, ids: [...caseIds(`${d.title}\n${d.text}`)] }));
  for (const { ids } of named) {
    for (const id of ids) if (!parent.has(id)) parent.set(id, id);
    for (const id of ids.slice(1)) parent.set(root(id), root(ids[0]!));
  }
  type Cluster = { ids: Set<string>; terms: Set<string>; sentences: Set<string>[]; asks: Set<string>[] };
  const clusters = new Map<string, Cluster>();
  for (const { text, ids } of named) {
    if (ids.length === 0) continue;
    const key = root(ids[0]!);
    const cluster = clusters.get(key) ?? {
      ids: new Set<string>(),
      terms: new Set<string>(),
      sentences: [],
      asks: [],
    };
    for (const id of ids) cluster.ids.add(id);
    for (const sentence of splitSentences(text)) {
      const terms = termSet(sentence);
      // the case's facts; a question it poses is read on its own
      if (sentence.endsWith("?")) {
        if (words(sentence).length >= 6) cluster.asks.push(terms);
        continue;
      }
      cluster.sentences.push(terms);
      for (const t of terms) cluster.terms.add(t);
    }
    clusters.set(key, cluster);
  }
  const asked = termSet(question);
  // a case that poses the task's question (in its own words or close to them) is the one it is about
  const posed = (c: Cluster) =>
    c.asks.length === 0 ? 0 : 2 * Math.max(0, ...c.asks.map((a) => dice(a, asked) - ASKED_ELSEWHERE));
  // how well one sentence of the case speaks to a decision: two of its telling terms is a full answer
  const speaksTo = (terms: ReadonlySet<string>, sentence: ReadonlySet<string>) =>
    Math.min(2, [...terms].filter((t) => sentence.has(t)).length) / 2;
  const scored = [...clusters.values()]
    .map((c) => {
      const decided = deciding.reduce(
        (n, terms) => n + Math.max(0, ...c.sentences.map((s) => speaksTo(terms, s))),
        0,
      );
      const score =
        (deciding.length > 0 ? decided / deciding.length : 0) + coverage(asked, c.terms) + posed(c);
      return { c, score };
    })
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best) return new Set();
  if (!second) return best.score > 0 ? new Set(best.c.ids) : new Set();
  const leads = second.score <= 0 ? best.score > second.score : best.score >= FOCUS_MARGIN * second.score;
  return leads ? new Set(best.c.ids) : new Set();
}
