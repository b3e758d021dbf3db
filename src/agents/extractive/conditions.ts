/** @module If/then rules in policy prose: "If X, A; otherwise, B", "If X, A. If not, B", "If X, A. If Y, B" → a condition with branches. */
import { NEGATION, splitSentences, termSet } from "./text.ts";

/** One branch of an extracted rule: the fact pattern (`when`) and what the workflow does (`then`). */
export type RuleBranch = { id: string; when: string; action: string; negated: boolean };

/** A decision found in a step's text, with the sentence(s) it came from. */
export type Rule = { question: string; branches: RuleBranch[]; source: string };

/**
 * A clause that opens with a situation: English conditional subordinators (if, when, where, provided that, as long as,
 * in the event that, in cases where…), after an optional discourse marker ("However,", "Exception:").
 */
const IF_START =
  /^(?:(?:however|additionally|also|and|but|in addition|note|important|for example|exception|by exception|as an exception)[,:]?\s+)?(if|when|whenever|where|wherever|in (?:those |the )?cases? (?:where|in which)|for (?:a |any )?cases? (?:where|in which)|in the event(?: that)?|in case|provided(?: that)?|providing(?: that)?|as long as|so long as|assuming(?: that)?|given that|on (?:the )?condition that|should)\s+/i;
/** A clause that states what happens in every other case. */
const ELSE_START =
  /^(?:otherwise|else|if not|failing (?:that|this)|alternatively|in (?:all|any) other cases?|for (?:all|any) other cases?|(?:any|all) other cases?|all others|everyone else|for everyone else|(?:if|where|when) (?:that|this)(?: criterion| condition| requirement)? is not (?:the case|met|so)|(?:cases|those) (?:that|which) do not (?:qualify|meet (?:it|this|that|the criterion))|ineligible cases|non-qualifying cases)[,:]?\s*/i;
/** A default stated before an exception: "As a rule, …", "Normally, …". */
const DEFAULT_START =
  /^(?:as a (?:general )?rule|normally|ordinarily|by default|in general|generally|usually)[,:]?\s+/i;
/** "The one exception is a case in which X" (its action follows in the next clause). */
const EXCEPTION_SITUATION =
  /\bexceptions? (?:is|are|applies to|arises?)\s+(?:a |any )?(?:cases?|situations?)?\s*(?:in which|where|when|that)\s+(.+)$/i;
/** Eligibility in a sentence: "Only cases in which X qualify to A", "To A, it must be established that X". */
const ONLY_QUALIFY =
  /^only (?:cases|those|situations)?\s*(?:in which|where|when|if|that)\s+(.+?)\s+(?:qualify|are eligible|may proceed)\s+(?:to|for)\s+(.+)$/i;
const MUST_ESTABLISH =
  /^to (.+?), it must (?:first )?be (?:established|shown|confirmed|verified) that (.+)$/i;
/** "Eligibility: X." states a situation; "Eligible cases: A." its action. */
const ELIGIBILITY_SITUATION = /^(?:eligibility|criterion|qualifying condition|requirement)s?:\s+(.+)$/i;
const ELIGIBLE_ACTION = /^(?:eligible|qualifying) cases:\s+(.+)$/i;

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

/** A clause read as an action: discourse markers and "staff then" dropped, final punctuation and "instead" stripped. */
function asAction(clause: string): string {
  return stripEnd(
    clause
      .replace(DEFAULT_START, "")
      .replace(/^(?:staff|the team|they)\s+(?:then\s+)?/i, "")
      .replace(/,?\s+except as (?:described|set out|stated) in [^.;,]+$/i, ""),
  );
}

function branchOf(when: string, action: string): RuleBranch {
  const w = stripEnd(when);
  return { id: "", when: w, action: asAction(action), negated: NEGATION.test(w) };
}

function otherwise(first: RuleBranch, action: string): RuleBranch {
  return {
    id: "",
    when: `otherwise (not: ${first.when})`,
    action: asAction(action),
    negated: !first.negated,
  };
}

/**
 * Extract the rules of one step's text. Clauses are scanned in order: a situation (a conditional clause, an exception,
 * an eligibility criterion) with its action starts a decision; a clause for "every other case" completes it; a lone
 * situation marked as an exception (or followed by "instead") takes the clause stated before it as its alternative.
 */
export function extractRules(text: string): Rule[] {
  const rules: Rule[] = [];
  const state: { current: Rule | null } = { current: null };
  /** The last plain action clause (a default an exception may override). */
  let previous: string | null = null;
  /** A situation whose action comes in the next clause ("Eligibility: X." → "Eligible cases: A."). */
  let pending: string | null = null;
  const close = () => {
    if (state.current?.branches.length === 1) {
      // "If X, A." with no alternative: the implicit other branch is to go on without A.
      const only = state.current.branches[0]!;
      state.current.branches.push({
        id: "",
        when: `otherwise (not: ${only.when})`,
        action: "no additional action",
        negated: !only.negated,
      });
    }
    if (state.current) rules.push(state.current);
    state.current = null;
  };
  const start = (branch: RuleBranch, source: string, exception: boolean) => {
    if (state.current && sentenceContinues(state.current, branch) && !exception) {
      state.current.branches.push(branch);
      state.current.source += ` ${source}`;
      return;
    }
    close();
    state.current = { question: toQuestion(branch.when), branches: [branch], source };
    if (exception && previous) {
      state.current.branches.push(otherwise(branch, previous));
      state.current.source = `${previous}. ${source}`;
      close();
    }
  };
  for (const sentence of splitSentences(text)) {
    for (const clause of sentence.split(/;\s+/)) {
      const c = clause.trim().replace(/^(?:note|footnote) [a-z]?\d+[:.]\s*/i, "");
      if (!c) continue;
      const unless = UNLESS.exec(c);
      if (unless) {
        // "Do B unless X, in which case do A": X selects A, everything else B
        close();
        const a = branchOf(unless[2]!, unless[3]!);
        rules.push({ question: toQuestion(a.when), branches: [a, otherwise(a, unless[1]!)], source: c });
        previous = null;
        continue;
      }
      if (pending !== null) {
        const eligible = ELIGIBLE_ACTION.exec(c);
        const situation = pending;
        pending = null;
        if (eligible || !IF_START.test(c)) {
          start(branchOf(situation, eligible ? eligible[1]! : c), c, false);
          continue;
        }
      }
      const only = ONLY_QUALIFY.exec(c);
      const must = MUST_ESTABLISH.exec(c);
      if (only || must) {
        start(branchOf(only ? only[1]! : must![2]!, only ? only[2]! : must![1]!), c, false);
        continue;
      }
      const exceptionSituation = EXCEPTION_SITUATION.exec(c);
      const criterion = ELIGIBILITY_SITUATION.exec(c);
      if (exceptionSituation || criterion) {
        if (exceptionSituation) close();
        pending = (exceptionSituation ?? criterion)![1]!;
        continue;
      }
      const ifMatch = IF_START.exec(c);
      const elseMatch = ELSE_START.exec(c);
      if (elseMatch && state.current) {
        const first = state.current.branches[0]!;
        state.current.branches.push(otherwise(first, c.slice(elseMatch[0].length)));
        state.current.source += `; ${c}`;
        close();
      } else if (ifMatch && !/^if not\b/i.test(c)) {
        const parts = splitConditional(c.slice(ifMatch[0].length));
        if (!parts) continue;
        const exception =
          /\binstead\W*$/i.test(c) || /^(?:exception|by exception|as an exception)\b/i.test(c);
        start(
          branchOf(parts.when, parts.action),
          c,
          exception && (!state.current || state.current.branches.length === 0),
        );
      } else {
        if (state.current) close();
        previous = c;
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
