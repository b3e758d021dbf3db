/** @module Whose case a document is about: marks of the environment's user, and case ids that belong to someone else. */
import type { EnvDocument } from "../../env/types.ts";

/** Case or record identifiers such as `CASE-2024-0113`, `PT-48812`, `INC0042`, `#48812`. */
const CASE_ID = /\b(?:[A-Z]{2,6}-?\d{3,}(?:-\d+)*|#\d{4,})\b/g;

export type UserRef = { name: string; email: string };

/** Distinct case ids mentioned in a text. */
export function caseIds(text: string): Set<string> {
  return new Set(text.match(CASE_ID) ?? []);
}

/** Name variants of the user worth looking for: full name, last name, email, the email's local part. */
function userPatterns(user: UserRef): RegExp[] {
  const parts = user.name.split(/\s+/).filter((p) => p.length > 1 && !/^(mr|mrs|ms|dr|prof)\.?$/i.test(p));
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
 * The user's case ids: those mentioned in documents tied to the user.
 * A document that mentions case ids, none of them the user's, is about someone else's case.
 */
export function focusCaseIds(
  docs: readonly Pick<EnvDocument, "author" | "text" | "title">[],
  user: UserRef,
): Set<string> {
  const mine = new Set<string>();
  for (const d of docs)
    if (userTie(d, user) > 0) for (const id of caseIds(`${d.title}\n${d.text}`)) mine.add(id);
  return mine;
}

/** True when the text names case ids and none is the user's. */
export function aboutAnotherCase(text: string, mine: ReadonlySet<string>): boolean {
  const ids = caseIds(text);
  if (ids.size === 0) return false;
  for (const id of ids) if (mine.has(id)) return false;
  return true;
}
