/**
 * @module Meaning-preserving surface perturbations of a task's realized text, for `robustness.ts`. Each rewrites what
 * the environment serves (never task.json): synonyms for conditional and sequencing connectives, list markers removed,
 * document codes in cross-references dropped, policy-term restatements in messages removed, the questions that open a
 * case reworded, and sentences of a paragraph reordered where their order carries no meaning.
 */
import type { EnvDocument } from "../../../src/env/types.ts";
import { Rng } from "../../../src/generate/procedural/prng.ts";

export type Perturbation = { name: string; what: string; apply: (doc: EnvDocument, rng: Rng) => string };

const PERSONAL = new Set(["email", "chat", "files"]);
const isPolicy = (d: EnvDocument) => !PERSONAL.has(d.app);

/** Replace whole words/phrases (case kept for the first letter), left to right, each pair in turn. */
function swap(text: string, pairs: readonly [RegExp, string][]): string {
  let out = text;
  for (const [re, to] of pairs)
    out = out.replace(re, (m) => (/^[A-Z]/.test(m) ? to.charAt(0).toUpperCase() + to.slice(1) : to));
  return out;
}

const CONNECTIVES: [RegExp, string][] = [
  [/\bIn all other cases\b/g, "in every remaining case"],
  [/\botherwise\b/gi, "failing that"],
  [/\b[Ii]f (?=the |a |an |no |it |they |their )/g, "in the event that "],
  [/\bunless\b/g, "except where"],
  [/\bOnly cases in which\b/g, "Solely the cases where"],
  [/\bAny other case\b/g, "Every other case"],
];
const SEQUENCING: [RegExp, string][] = [
  [/\bFirst, /g, "At the outset, "],
  [/\bTo begin, /g, "As a first action, "],
  [/\bThen /g, "Following this, "],
  [/\bNext, /g, "Thereafter, "],
  [/\bAfter that, /g, "Once that is done, "],
  [/\bSubsequently, /g, "Later, "],
  [/\bFinally, /g, "To close, "],
  [/\bLastly, /g, "As a last action, "],
];

/** Sentences of a paragraph, keeping their final punctuation. */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[A-Z"“(])/);
}

/**
 * A sentence that leans on the one before it (a contrast, an alternative branch, an anaphor) travels with it; the
 * paragraph's first sentence (its topic or task) stays first; the remaining groups are shuffled.
 */
const LEANS_BACK =
  /^(?:otherwise|in all other cases|in every|if not|any other|all others|cases that|ineligible|eligible|exception|the one exception|if\b|when\b|this|it|they|these|those|such|staff then|in other words|so\b|failing)/i;
function shuffleParagraph(paragraph: string, rng: Rng): string {
  const parts = sentences(paragraph);
  if (parts.length < 3) return paragraph;
  const groups: string[][] = [];
  for (const s of parts.slice(1)) {
    if (groups.length > 0 && LEANS_BACK.test(s)) groups[groups.length - 1]!.push(s);
    else groups.push([s]);
  }
  return [parts[0]!, ...rng.shuffle(groups).flat()].join(" ");
}

export const PERTURBATIONS: readonly Perturbation[] = [
  {
    name: "connectives",
    what: "conditional connectives → synonyms (if → in the event that, otherwise → failing that, unless → except where…)",
    apply: (d) => (isPolicy(d) ? swap(d.text, CONNECTIVES) : d.text),
  },
  {
    name: "sequencing",
    what: "sequencing words → synonyms (First → At the outset, Then → Following this…)",
    apply: (d) => (isPolicy(d) ? swap(d.text, SEQUENCING) : d.text),
  },
  {
    name: "no-list-markers",
    what: "list markers and row numbers removed (1. / • / - / '3 | ')",
    apply: (d) =>
      isPolicy(d)
        ? d.text
            .split("\n")
            .map((l) => l.replace(/^\s*(?:\d{1,2}[.)]|[•▪◦‣*–-])\s+/, "").replace(/^\s*\d{1,2}\s+\|\s+/, ""))
            .join("\n")
        : d.text,
  },
  {
    name: "no-doc-codes",
    what: "document codes in cross-references dropped (kept in each document's own title lines)",
    apply: (d) => {
      if (!isPolicy(d)) return d.text;
      const lines = d.text.split("\n");
      const head = lines.slice(0, 4).join("\n");
      const body = lines
        .slice(4)
        .join("\n")
        .replace(/\s*\(see section \d+ of [A-Z]{2,5}-\d{2,5}\)/g, "")
        .replace(/;?\s*see [A-Z]{2,5}-\d{2,5}, section \d+/g, "")
        .replace(/\b[A-Z]{2,5}-\d{2,5}\b/g, "the related document");
      return `${head}\n${body}`;
    },
  },
  {
    name: "no-restatements",
    what: "policy-term restatements in messages removed (', so …', ', which means …', 'In other words, …')",
    apply: (d) =>
      isPolicy(d)
        ? d.text
        : d.text.replace(/\s*In other words, [^.]*\./g, "").replace(/, (?:so|which means) [^.]*\./g, "."),
  },
  {
    name: "reworded-questions",
    what: "questions in messages reworded as requests ('What is the workflow to X?' → 'Please walk me through how to X.')",
    apply: (d) =>
      isPolicy(d)
        ? d.text
        : d.text.replace(
            /\b(?:What|How|Which|Can|Could)\b[^?.!\n]{10,240}\?/g,
            (q) =>
              `Please walk me through this: ${q
                .replace(
                  /^(?:What is the (?:step-by-step )?(?:workflow|process) to|What (?:exact )?steps should (?:I|we) (?:take|follow) to|What steps do (?:I|we) (?:take|follow) to|How do (?:I|we))\s*/i,
                  "how to ",
                )
                .replace(/\?$/, "")}.`,
          ),
  },
  {
    name: "shuffled-sentences",
    what: "sentences within a paragraph reordered where the order is not semantic (topic sentence first, follow-ups kept with their lead)",
    apply: (d, rng) =>
      d.text
        .split(/\n{2,}/)
        .map((p) => (p.includes("\n") && !isPolicy(d) ? p : shuffleParagraph(p, rng)))
        .join("\n\n"),
  },
];

export function perturb(docs: readonly EnvDocument[], p: Perturbation, seed: string): EnvDocument[] {
  return docs.map((d) => ({ ...d, text: p.apply(d, new Rng(`${seed}/${p.name}/${d.id}`)) }));
}
