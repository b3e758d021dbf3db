/** @module De-duplicate steps read from several policy documents and put them in order (step numbers, then document order). */
import type { Rule } from "./conditions.ts";
import type { ExtractedStep } from "./steps.ts";
import { dice, termSet } from "./text.ts";

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
/** Two unnumbered steps whose texts are this similar are one step. */
const SAME_TEXT = 0.55;

type Group = { steps: ExtractedStep[]; relevance: number };

function sameStep(a: ExtractedStep, b: ExtractedStep): boolean {
  return (
    dice(termSet(a.title), termSet(b.title)) >= SAME_TITLE ||
    dice(termSet(a.text), termSet(b.text)) >= SAME_TEXT
  );
}

function combine(
  group: ExtractedStep[],
): Omit<MergedStep, "item" | "prerequisites" | "explicitPrerequisite"> & { requires: number[] } {
  const longest = [...group].sort((a, b) => b.text.length - a.text.length)[0]!;
  const rules: Rule[] = [...longest.rules];
  for (const s of group) {
    for (const r of s.rules) {
      if (!rules.some((k) => dice(termSet(k.source), termSet(r.source)) >= SAME_TEXT)) rules.push(r);
    }
  }
  return {
    number: longest.number,
    title: longest.title,
    text: longest.text,
    docIds: [...new Set(group.map((s) => s.docId))],
    rules,
    requires: [...new Set(group.flatMap((s) => s.requires))].sort((a, b) => a - b),
  };
}

/**
 * Merge steps from documents ranked by relevance (`relevance(docId)`, higher first).
 * Numbered steps: per number, the cluster of same-titled steps backed by the most relevant document wins.
 * Unnumbered steps follow, in document order, unless they repeat a step already kept.
 */
export function mergeSteps(
  steps: readonly ExtractedStep[],
  relevance: (docId: string) => number,
): MergedStep[] {
  const byNumber = new Map<number, Group[]>();
  const unnumbered: ExtractedStep[] = [];
  for (const s of steps) {
    if (s.number === null) {
      unnumbered.push(s);
      continue;
    }
    const groups = byNumber.get(s.number) ?? [];
    const home = groups.find((g) => g.steps.some((o) => sameStep(o, s)));
    if (home) {
      home.steps.push(s);
      home.relevance = Math.max(home.relevance, relevance(s.docId));
    } else groups.push({ steps: [s], relevance: relevance(s.docId) });
    byNumber.set(s.number, groups);
  }
  const kept: ReturnType<typeof combine>[] = [];
  for (const n of [...byNumber.keys()].sort((a, b) => a - b)) {
    const best = [...byNumber.get(n)!].sort(
      (a, b) => b.relevance - a.relevance || b.steps.length - a.steps.length,
    )[0]!;
    kept.push(combine(best.steps));
  }
  const ordered = [...unnumbered].sort(
    (a, b) => relevance(b.docId) - relevance(a.docId) || a.position - b.position,
  );
  const extra: ExtractedStep[][] = [];
  for (const s of ordered) {
    if (
      kept.some(
        (k) =>
          dice(termSet(k.text), termSet(s.text)) >= SAME_TEXT ||
          dice(termSet(k.title), termSet(s.title)) >= SAME_TITLE,
      )
    )
      continue;
    const home = extra.find((g) => g.some((o) => sameStep(o, s)));
    if (home) home.push(s);
    else extra.push([s]);
  }
  const all = [...kept, ...extra.map(combine)];
  const itemOfNumber = new Map<number, number>();
  all.forEach((s, i) => {
    if (s.number !== null && !itemOfNumber.has(s.number)) itemOfNumber.set(s.number, i + 1);
  });
  return all.map((s, i) => {
    const explicit = s.requires
      .map((n) => itemOfNumber.get(n))
      .filter((x): x is number => x !== undefined && x < i + 1);
    return {
      item: i + 1,
      number: s.number,
      title: s.title,
      text: s.text,
      docIds: s.docIds,
      rules: s.rules,
      prerequisites: explicit.length > 0 ? explicit : i > 0 ? [i] : [],
      explicitPrerequisite: explicit.length > 0,
    };
  });
}
