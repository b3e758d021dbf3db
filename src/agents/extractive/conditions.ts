/** @module If/then rules in policy prose: "If X, A; otherwise, B", "If X, A. If not, B", "If X, A. If Y, B" → a condition with branches. */
import { NEGATION, splitSentences, termSet } from "./text.ts";

/** One branch of an extracted rule: the fact pattern (`when`) and what the workflow does (`then`). */
export type RuleBranch = { id: string; when: string; action: string; negated: boolean };

/** A decision found in a step's text, with the sentence(s) it came from. */
export type Rule = { question: string; branches: RuleBranch[]; source: string };

const IF_START =
  /^(?:(?:however|additionally|also|and|but|in addition|note|important|for example)[,:]?\s+)?(if|when|where|whenever|in cases where|in the event that|should)\s+/i;
const ELSE_START =
  /^(?:otherwise|if not|else|in all other cases|if that is not the case|if this is not the case|for all other cases|in any other case)[,:]?\s*/i;

/** Split "X, A" at the comma that ends the condition (or at ", then"); null when no split is plausible. */
function splitConditional(rest: string): { when: string; action: string } | null {
  const thenIdx = rest.search(/,?\s+then\s+/i);
  if (thenIdx > 0) {
    const m = /,?\s+then\s+/i.exec(rest.slice(thenIdx))!;
    return { when: rest.slice(0, thenIdx).trim(), action: rest.slice(thenIdx + m[0].length).trim() };
  }
  const commas = [...rest.matchAll(/,\s+/g)].map((m) => m.index!);
  for (const c of commas) {
    const when = rest.slice(0, c).trim();
    if (when.split(/\s+/).length >= 2) return { when, action: rest.slice(c + 1).trim() };
  }
  return null;
}

/** "B unless X, in which case A" (the exception and its action in one sentence). */
const UNLESS = /^(.{3,}?),?\s+unless\s+(.{3,}?),\s+in which case\s+(.+)$/i;

/** A clause without its final punctuation and a trailing "instead". */
const stripEnd = (s: string) =>
  s
    .replace(/[\s.;:]+$/, "")
    .replace(/,?\s+instead$/i, "")
    .trim();

/** Turn a condition clause into a yes/no question: "the patient is a minor" → "Is it the case that the patient is a minor?" */
function toQuestion(when: string): string {
  return `Does this case satisfy: ${stripEnd(when)}?`;
}

/** Extract the rules of one step's text. Sentences are scanned in order; an else-clause attaches to the rule before it. */
export function extractRules(text: string): Rule[] {
  const rules: Rule[] = [];
  let current: Rule | null = null;
  const close = () => {
    if (current?.branches.length === 1) {
      // "If X, A." with no alternative: the implicit other branch is to go on without A.
      const only = current.branches[0]!;
      current.branches.push({
        id: "",
        when: `otherwise (not: ${only.when})`,
        action: "no additional action",
        negated: !only.negated,
      });
    }
    if (current) rules.push(current);
    current = null;
  };
  for (const sentence of splitSentences(text)) {
    for (const clause of sentence.split(/;\s+/)) {
      const c = clause.trim();
      const unless = UNLESS.exec(c);
      if (unless) {
        // "Do B unless X, in which case do A": X selects A, everything else B
        close();
        const when = stripEnd(unless[2]!);
        const negated = NEGATION.test(when);
        rules.push({
          question: toQuestion(when),
          branches: [
            { id: "", when, action: stripEnd(unless[3]!), negated },
            { id: "", when: `otherwise (not: ${when})`, action: stripEnd(unless[1]!), negated: !negated },
          ],
          source: c,
        });
        continue;
      }
      const ifMatch = IF_START.exec(c);
      const elseMatch = ELSE_START.exec(c);
      if (ifMatch && !/^if not\b/i.test(c)) {
        const parts = splitConditional(c.slice(ifMatch[0].length));
        if (!parts) continue;
        const branch: RuleBranch = {
          id: "",
          when: stripEnd(parts.when),
          action: stripEnd(parts.action),
          negated: NEGATION.test(parts.when),
        };
        if (current && sentenceContinues(current, branch)) {
          current.branches.push(branch);
          current.source += ` ${c}`;
        } else {
          close();
          current = { question: toQuestion(branch.when), branches: [branch], source: c };
        }
      } else if (elseMatch && current) {
        const first = current.branches[0]!;
        current.branches.push({
          id: "",
          when: `otherwise (not: ${first.when})`,
          action: stripEnd(c.slice(elseMatch[0].length)),
          negated: !first.negated,
        });
        current.source += `; ${c}`;
        close();
      } else if (current) {
        close();
      }
    }
  }
  close();
  return rules.map((r, i) => ({
    ...r,
    branches: r.branches.map((b, j) => ({ ...b, id: `r${i + 1}b${j + 1}` })),
  }));
}

/** Consecutive "If …" clauses are branches of one decision when they talk about the same subject. */
function sentenceContinues(rule: Rule, next: RuleBranch): boolean {
  const prev = rule.branches.at(-1)!;
  const a = termSet(prev.when);
  const b = termSet(next.when);
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared >= 1;
}

/** A one-line rendering for `condition_description`: "If X → A; if Y → B; otherwise → C". */
export function describeRule(rule: Rule): string {
  return rule.branches
    .map((b) => (b.when.startsWith("otherwise") ? `otherwise → ${b.action}` : `If ${b.when} → ${b.action}`))
    .join("; ");
}
