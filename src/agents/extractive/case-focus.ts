/** @module Whose case a document is about: the user's marks, case ids, and which case cluster the question is about. */
import type { EnvDocument } from "../../env/types.ts";
import { dice, termSet } from "./text.ts";

/** Case or record identifiers such as `CASE-2024-0113`, `MRN-48812`, `INC0042`, `#48812`. */
const CASE_ID = /\b(?:[A-Z]{2,6}-?\d{3,}(?:-\d+)*|#\d{4,})\b/g;
/** A sentence that asks for a workflow: "What is the workflow to …?", "How do I … the process …?". */
const WORKFLOW_QUESTION =
  /\b(what|how|which)\b[^?!]{0,120}\b(workflow|process|procedure|steps?)\b[^?!]{0,200}\?/gi;
/** A question this similar to the task's is the task's own question, restated. */
const SAME_QUESTION = 0.8;

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

/**
 * The case ids of the user's own case. Personal documents are grouped into cases: ids named in one document belong to
 * one case (a dispute and its invoice, `DSP-878603` and `INV-39955`). A case whose documents hand over a different
 * workflow question ("Can you take X's case? What is the workflow to re-consent X…?") is someone else's request; when
 * exactly one case is left, its ids are the user's. Empty when that cannot be told.
 */
export function focusCaseIds(
  docs: readonly Pick<EnvDocument, "text" | "title">[],
  question: string,
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
  const clusters = new Map<string, { ids: Set<string>; texts: string[] }>();
  for (const { text, ids } of named) {
    if (ids.length === 0) continue;
    const key = root(ids[0]!);
    const cluster = clusters.get(key) ?? { ids: new Set<string>(), texts: [] };
    for (const id of ids) cluster.ids.add(id);
    cluster.texts.push(text);
    clusters.set(key, cluster);
  }
  const asked = termSet(question);
  const foreign = (texts: string[]) =>
    texts.some((t) =>
      [...t.matchAll(WORKFLOW_QUESTION)].some((m) => dice(termSet(m[0]), asked) < SAME_QUESTION),
    );
  const candidates = [...clusters.values()].filter((c) => !foreign(c.texts));
  return candidates.length === 1 ? new Set(candidates[0]!.ids) : new Set();
}
