/**
 * @module Merge steps read from several policy documents into one ordered workflow: "Step N" numbers across documents;
 * otherwise documents chained by their cross-references ("see section 2 of LE-400"), each in its own item order.
 */
import type { Rule } from "./conditions.ts";
import type { ExtractedStep } from "./steps.ts";
import { dice, splitSentences, termSet } from "./text.ts";

/** A step of the recovered workflow: one or more extracted steps that say the same thing. */
export type MergedStep = {
  item: number;
  number: number | null;
  title: string;
  text: string;
  docIds: string[];
  rules: Rule[];
  /** Item numbers (of this workflow) that must come first. */
  prerequisites: number[];
  /** True when the prerequisite comes from an explicit mention rather than the documented order. */
  explicitPrerequisite: boolean;
};

/** Two titles at or above this Dice similarity name the same step. */
const SAME_TITLE = 0.5;
/** Two steps from different documents whose texts are this similar are one step. */
const SAME_TEXT = 0.55;

/** A step's title and text terms, computed once per step (merging compares every pair of steps). */
const termsOf = new WeakMap<ExtractedStep, { title: Set<string>; text: Set<string> }>();
function terms(s: ExtractedStep): { title: Set<string>; text: Set<string> } {
  let t = termsOf.get(s);
  if (!t) {
    t = { title: termSet(s.title), text: termSet(s.text) };
    termsOf.set(s, t);
  }
  return t;
}

function sameStep(a: ExtractedStep, b: ExtractedStep): boolean {
  const ta = terms(a);
  const tb = terms(b);
  return dice(ta.title, tb.title) >= SAME_TITLE || dice(ta.text, tb.text) >= SAME_TEXT;
}

/** One merged step before numbering: the longest text of its group, every distinct rule, every document. */
type Combined = {
  steps: ExtractedStep[];
  number: number | null;
  title: string;
  text: string;
  docIds: string[];
  rules: Rule[];
};

function combine(group: ExtractedStep[]): Combined {
  const longest = [...group].sort((a, b) => b.text.length - a.text.length)[0]!;
  const rules: Rule[] = [...longest.rules];
  for (const s of group) {
    for (const r of s.rules) {
      if (!rules.some((k) => dice(termSet(k.source), termSet(r.source)) >= SAME_TEXT)) rules.push(r);
    }
  }
  return {
    steps: group,
    number: longest.number,
    title: longest.title,
    text: longest.text,
    docIds: [...new Set(group.map((s) => s.docId))],
    rules,
  };
}

/** Steps with "Step N" markers, one per number: the cluster backed by the most relevant document wins. */
function globalSequence(
  steps: readonly ExtractedStep[],
  relevance: (docId: string) => number,
): ExtractedStep[][] {
  const byNumber = new Map<number, { steps: ExtractedStep[]; relevance: number }[]>();
  for (const s of steps) {
    const groups = byNumber.get(s.number!) ?? [];
    const home = groups.find((g) => g.steps.some((o) => sameStep(o, s)));
    if (home) {
      home.steps.push(s);
      home.relevance = Math.max(home.relevance, relevance(s.docId));
    } else groups.push({ steps: [s], relevance: relevance(s.docId) });
    byNumber.set(s.number!, groups);
  }
  return [...byNumber.keys()]
    .sort((a, b) => a - b)
    .map(
      (n) =>
        [...byNumber.get(n)!].sort((a, b) => b.relevance - a.relevance || b.steps.length - a.steps.length)[0]!
          .steps,
    );
}

/**
 * Order documents: a document whose steps cite another document comes after it. Among the documents whose cited
 * documents are all placed, the one continuing the most recently placed document goes next; documents that others
 * cite open a chain before isolated ones; relevance, then the documents' own labels (codes), break ties — never the
 * order in which the environment listed them.
 */
export function orderDocuments(
  docs: readonly string[],
  cites: ReadonlyMap<string, ReadonlySet<string>>,
  relevance: (docId: string) => number,
  label: (docId: string) => string = (d) => d,
): string[] {
  const cited = new Set([...cites.values()].flatMap((s) => [...s]));
  const placed: string[] = [];
  const remaining = new Set(docs);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((d) =>
      [...(cites.get(d) ?? [])].every((c) => !remaining.has(c) || c === d),
    );
    const pool = ready.length > 0 ? ready : [...remaining];
    const latest = (d: string) => Math.max(-1, ...[...(cites.get(d) ?? [])].map((c) => placed.indexOf(c)));
    pool.sort(
      (a, b) =>
        latest(b) - latest(a) ||
        Number(cited.has(b)) - Number(cited.has(a)) ||
        relevance(b) - relevance(a) ||
        (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0),
    );
    placed.push(pool[0]!);
    remaining.delete(pool[0]!);
  }
  return placed;
}

/** Words that state an order between two things (a dependency statement needs one). */
const DEPENDENCY =
  /\b(?:after|before|once|until|unless and until|prior to|depends?|dependent|requires?|required|follows?|following|preceded|precedes|first|completed?|finished|done|in place|ready)\b/i;
/** A quoted name: "…" or “…”. */
const QUOTED = /["“]([^"”]{3,200})["”]/g;
/** A decision is not a dependency statement. */
const CONDITIONAL = /\b(?:if|unless|where|whenever|otherwise)\b/i;

/** A sentence naming another step covers at least this (term-weighted) share of its terms with that step's text. */
const MENTION_COVERAGE = 0.3;
/** …and names it clearly better than the runner-up. */
const MENTION_MARGIN = 1.3;

/**
 * Dependencies stated by naming another document's step ("It can only begin after establishing the preferred
 * language", "This depends on the interpreter booking having been completed"): a sentence after a step's first one
 * whose distinctive terms are mostly those of one step in another document. The named step comes first — policies
 * name what a step waits for. Terms shared by many steps weigh little.
 */
export function mentionedDependencies(steps: readonly ExtractedStep[]): [ExtractedStep, ExtractedStep][] {
  const termsOf = steps.map((s) => termSet(`${s.title} ${s.text}`));
  const titleOf = steps.map((s) => termSet(s.title));
  const df = new Map<string, number>();
  for (const terms of termsOf) for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
  /** term → the steps whose title or text has it (a step sharing no term with a phrase scores 0), and whose title has it */
  const stepsWith = new Map<string, number[]>();
  const titlesWith = new Map<string, number[]>();
  const post = (index: Map<string, number[]>, sets: Set<string>[]) =>
    sets.forEach((terms, j) => {
      for (const t of terms) (index.get(t) ?? index.set(t, []).get(t)!).push(j);
    });
  post(stepsWith, termsOf);
  post(titlesWith, titleOf);
  const weight = (t: string) => 1 / ((df.get(t) ?? 2) - 1);
  const out: [ExtractedStep, ExtractedStep][] = [];
  /** The step of another document a phrase names, if one clearly stands out (and the phrase is not about `own`). */
  const namedStep = (phrase: string, own: ExtractedStep, rest: ReadonlySet<string>) => {
    // only terms some other step uses can name one
    const terms = [...termSet(phrase)].filter((t) => (df.get(t) ?? 0) > 1);
    const total = terms.reduce((n, t) => n + weight(t), 0);
    if (terms.length < 2 || total === 0) return null;
    const share = (inStep: ReadonlySet<string>) =>
      terms.filter((x) => inStep.has(x)).reduce((n, x) => n + weight(x), 0) / total;
    // Per step sharing a term: how many of the phrase's terms its title and its whole text have, and their weight
    // (read off the postings, in the phrase's term order, so each sum adds the same terms in the same order as
    // `share`): one pass over the postings instead of every term against every step.
    const inText = new Map<number, { n: number; w: number }>();
    const inTitle = new Map<number, { n: number; w: number }>();
    for (const t of terms) {
      const w = weight(t);
      for (const [index, acc] of [
        [stepsWith, inText],
        [titlesWith, inTitle],
      ] as const) {
        for (const j of index.get(t) ?? []) {
          const a = acc.get(j);
          if (a) {
            a.n++;
            a.w += w;
          } else acc.set(j, { n: 1, w });
        }
      }
    }
    // a step is named by its title; its whole text counts for less (its decisions mention other steps' words);
    // only steps sharing a term can score; the best two positive scores (ties in step order) decide
    const candidates = [...inText.keys()].sort((a, b) => a - b);
    const scoreOf = (j: number) => {
      if (steps[j]!.docId === own.docId) return 0;
      const title = inTitle.get(j);
      const text = inText.get(j)!;
      return Math.max(title && title.n >= 2 ? title.w / total : 0, text.n >= 3 ? 0.7 * (text.w / total) : 0);
    };
    const [best, second] = candidates
      .map((j) => ({ j, score: scoreOf(j) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.j - b.j);
    // a phrase about its own step (the step's other sentences use the same words) names nothing else
    if (
      best &&
      best.score >= MENTION_COVERAGE &&
      best.score >= MENTION_MARGIN * (second?.score ?? 0) &&
      share(rest) < best.score / 2
    )
      return best;
    return null;
  };
  steps.forEach((s, i) => {
    const sentencesOf = splitSentences(s.text);
    sentencesOf.slice(1).forEach((sentence, k) => {
      if (!DEPENDENCY.test(sentence) || CONDITIONAL.test(sentence.replace(QUOTED, ""))) return;
      // a name in quotes is what the sentence names; otherwise the sentence as a whole
      const quoted = [...sentence.matchAll(QUOTED)]
        .map((m) => m[1]!)
        .filter((q) => q.split(/\s+/).length >= 2);
      const rest = termSet(sentencesOf.filter((_, m) => m !== k + 1).join(" "));
      let found: { j: number; score: number } | null = null;
      for (const phrase of quoted.length > 0 ? quoted : [sentence]) {
        const best = namedStep(phrase, s, rest);
        if (best && (!found || best.score > found.score)) found = best;
      }
      if (found && found.j !== i) out.push([s, steps[found.j]!]);
    });
  });
  return out;
}

/** Local steps in workflow order: documents chained by cross-references, each document in its own order. */
function localSequence(
  steps: readonly ExtractedStep[],
  relevance: (docId: string) => number,
): ExtractedStep[] {
  const docs = [...new Set(steps.map((s) => s.docId))];
  const byCode = new Map<string, string>();
  for (const s of steps) if (s.docCode && !byCode.has(s.docCode)) byCode.set(s.docCode, s.docId);
  const cites = new Map<string, Set<string>>();
  const cite = (from: string, to: string) => {
    if (from !== to) cites.set(from, (cites.get(from) ?? new Set()).add(to));
  };
  for (const s of steps) {
    for (const r of s.refs) {
      const target = byCode.get(r.code);
      if (target) cite(s.docId, target);
    }
  }
  for (const [from, to] of mentionedDependencies(steps)) cite(from.docId, to.docId);
  const codeOf = new Map(steps.map((s) => [s.docId, s.docCode ?? s.title]));
  const order = orderDocuments(docs, cites, relevance, (d) => codeOf.get(d) ?? d);
  return order.flatMap((d) => steps.filter((s) => s.docId === d).sort((a, b) => a.position - b.position));
}

/** The step a cross-reference points at: the cited document's step whose title the citing sentence names best. */
function citedStep(ref: { code: string; sentence: string }, all: readonly Combined[]): number | undefined {
  const candidates = all
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.steps.some((s) => s.docCode === ref.code));
  if (candidates.length === 0) return undefined;
  const words = termSet(ref.sentence);
  const scored = candidates.map(({ c, i }) => ({ i, score: dice(termSet(c.title), words) }));
  const best = scored.sort((a, b) => b.score - a.score || b.i - a.i)[0]!;
  return best.score > 0 ? best.i : candidates[candidates.length - 1]!.i;
}

/**
 * Merge steps from documents ranked by relevance (`relevance(docId)`, higher first). "Step N" steps come first, by
 * number; the other steps follow the cross-reference order of their documents. A step repeated in another document
 * (same title or text) is kept once.
 */
export function mergeSteps(
  steps: readonly ExtractedStep[],
  relevance: (docId: string) => number,
): MergedStep[] {
  const groups: ExtractedStep[][] = globalSequence(
    steps.filter((s) => s.global),
    relevance,
  );
  for (const s of localSequence(
    steps.filter((x) => !x.global),
    relevance,
  )) {
    const home = groups.find((g) => g.some((o) => o.docId !== s.docId && sameStep(o, s)));
    if (home) home.push(s);
    else groups.push([s]);
  }
  const all = groups.map(combine);
  const itemOfNumber = new Map<number, number>();
  all.forEach((c, i) => {
    if (c.number !== null && c.steps.some((s) => s.global) && !itemOfNumber.has(c.number))
      itemOfNumber.set(c.number, i + 1);
  });
  return all.map((c, i) => {
    const explicit = new Set<number>();
    for (const s of c.steps) {
      for (const n of s.requires) {
        // "Step N" numbers are global; "item N" is the N-th item of the same document
        const target = s.global
          ? itemOfNumber.get(n)
          : all.findIndex((o) => o.steps.some((x) => x.docId === s.docId && x.number === n)) + 1 || undefined;
        if (target !== undefined && target < i + 1) explicit.add(target);
      }
      for (const r of s.refs) {
        const target = citedStep(r, all);
        if (target !== undefined && target < i) explicit.add(target + 1);
      }
    }
    const list = [...explicit].sort((a, b) => a - b);
    return {
      item: i + 1,
      number: c.number,
      title: c.title,
      text: c.text,
      docIds: c.docIds,
      rules: c.rules,
      prerequisites: list.length > 0 ? list : i > 0 ? [i] : [],
      explicitPrerequisite: list.length > 0,
    };
  });
}
