/** @module Step extraction from one policy document: "Step N —" markers, numbered list items, and sequencing words. */
import { extractRules, type Rule } from "./conditions.ts";
import { isHeadingLine, normalizeText, splitSentences } from "./text.ts";

/** A step as read from one document, before de-duplication across documents. */
export type ExtractedStep = {
  /** The document's own step number, when it numbers its steps. */
  number: number | null;
  title: string;
  /** The step's text (marker removed), bounded to its own paragraph. */
  text: string;
  docId: string;
  /** Position among the document's extracted steps (0-based), for ordering unnumbered steps. */
  position: number;
  rules: Rule[];
  /** Step numbers this step says must come first ("after Step 3", "once Step 2 is complete"). */
  requires: number[];
};

/** Most sentences a step keeps after its marker when no paragraph break or next marker bounds it. */
const MAX_STEP_SENTENCES = 6;
const MAX_TITLE_WORDS = 12;

/** "Step 6 — Title.", "Step 6: Title", "STEP 6. Title" at a sentence or line start. */
const STEP_MARKER = /(^|\n|[.!?]["”’)]?\s+|#+\s*)step\s+(\d{1,2})\s*(?:[—–:.)]|-{1,2}|\s(?=[A-Z]))\s*/gi;
/** "6. Title" or "6) Title" at a line start (Markdown and DOCX lists). */
const LIST_MARKER = /(^|\n)\s*(?:#+\s*)?(\d{1,2})[.)]\s+(?=[A-Z])/g;
/** Sentences that open with a sequencing word mark steps in prose without numbers. */
const SEQUENCE_START =
  /^(first|firstly|second|secondly|third|next|then|after that|afterwards|subsequently|once that is done|following this|finally|lastly)\b[,:]?\s*/i;
/** References to another step inside a step: "after Step 3", "once Step 2 is complete", "requires Step 4". */
const STEP_REFERENCE =
  /\b(?:after|once|following|upon|requires?|prerequisite|completion of|completed|until|before proceeding|depends on|building on)\b[^.;]{0,40}?\bsteps?\s+(\d{1,2})\b/gi;

type Marker = { index: number; end: number; number: number | null };

/**
 * Cut `body` to the step's own text: its paragraph (for a heading-style marker, the paragraph under it), up to the
 * next section heading, at most MAX_STEP_SENTENCES sentences.
 */
function boundStep(body: string): string {
  const paragraphs = body.split(/\n\s*\n/).map((p) => p.trim());
  const kept = [paragraphs[0] ?? ""];
  const headingOnly =
    !kept[0]!.includes("\n") && splitSentences(kept[0]!).length <= 1 && !/[.!?]$/.test(kept[0]!);
  const next = paragraphs[1];
  if (headingOnly && next && !/^#/.test(next)) {
    kept[0] = `${kept[0]}.`;
    kept.push(next);
  }
  const lines = kept.join("\n").split("\n");
  const end = lines.findIndex((line, i) => i > 0 && isHeadingLine(line));
  const text = (end === -1 ? lines : lines.slice(0, end)).join("\n");
  return splitSentences(text).slice(0, MAX_STEP_SENTENCES).join(" ");
}

/** The title: the first sentence (or line) when short, else its first words up to a comma or dash. */
function titleOf(text: string): { title: string; rest: string } {
  const first = splitSentences(text)[0] ?? text;
  const cleaned = first.replace(/[.:;]+$/, "").trim();
  if (cleaned.split(/\s+/).length <= MAX_TITLE_WORDS) {
    return { title: cleaned, rest: text.slice(text.indexOf(first) + first.length).trim() };
  }
  const clause = cleaned.split(/[,—–]|\s-\s/)[0]!.trim();
  const ws = clause.split(/\s+/);
  return { title: ws.slice(0, MAX_TITLE_WORDS).join(" "), rest: text };
}

function requiresOf(text: string, own: number | null): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(STEP_REFERENCE)) {
    const n = Number(m[1]);
    if (n !== own && (own === null || n < own)) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

function markersOf(text: string): Marker[] {
  const stepMarkers: Marker[] = [];
  for (const m of text.matchAll(STEP_MARKER)) {
    stepMarkers.push({ index: m.index! + m[1]!.length, end: m.index! + m[0].length, number: Number(m[2]) });
  }
  if (stepMarkers.length > 0) return stepMarkers;
  const listMarkers: Marker[] = [];
  for (const m of text.matchAll(LIST_MARKER)) {
    listMarkers.push({ index: m.index! + m[1]!.length, end: m.index! + m[0].length, number: Number(m[2]) });
  }
  // A list counts only when it looks like a sequence (at least two items, numbers increasing).
  const increasing = listMarkers.every((m, i) => i === 0 || m.number! > listMarkers[i - 1]!.number!);
  return listMarkers.length >= 2 && increasing ? listMarkers : [];
}

function makeStep(
  body: string,
  number: number | null,
  docId: string,
  position: number,
): ExtractedStep | null {
  const text = boundStep(body);
  if (!text) return null;
  const { title } = titleOf(text);
  if (!title) return null;
  return {
    number,
    title,
    text,
    docId,
    position,
    rules: extractRules(text),
    requires: requiresOf(text, number),
  };
}

/** Extract the steps a document states, in document order; [] when it states none. */
export function extractSteps(docId: string, rawText: string): ExtractedStep[] {
  const text = normalizeText(rawText);
  const markers = markersOf(text);
  const steps: ExtractedStep[] = [];
  if (markers.length > 0) {
    markers.forEach((m, i) => {
      const body = text.slice(m.end, markers[i + 1]?.index ?? text.length);
      const step = makeStep(body, m.number, docId, steps.length);
      if (step) steps.push(step);
    });
    return steps;
  }
  // Unnumbered prose: each sentence opening with a sequencing word starts a step (needs at least three).
  const sentences = splitSentences(text);
  const starts = sentences.flatMap((s, i) => (SEQUENCE_START.test(s) ? [i] : []));
  if (starts.length < 3) return [];
  starts.forEach((start, k) => {
    const end = Math.min(starts[k + 1] ?? sentences.length, start + MAX_STEP_SENTENCES);
    const body = sentences.slice(start, end).join(" ").replace(SEQUENCE_START, "");
    const capitalized = body.charAt(0).toUpperCase() + body.slice(1);
    const step = makeStep(capitalized, null, docId, steps.length);
    if (step) steps.push(step);
  });
  return steps;
}

/** How strongly a text looks like a procedure: step markers, list items, sequencing sentences, rules. */
export function procedureScore(rawText: string): number {
  const text = normalizeText(rawText);
  const markers = markersOf(text).length;
  const sequencing = splitSentences(text).filter((s) => SEQUENCE_START.test(s)).length;
  const rules = (text.match(/\b(if|when)\b[^.]{3,120},[^.]*(otherwise|if not)\b/gi) ?? []).length;
  return markers * 2 + sequencing + rules;
}
