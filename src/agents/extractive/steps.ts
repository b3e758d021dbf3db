/**
 * @module Step extraction from one policy document: "Step N" markers, numbered and bulleted items, and sentences that
 * open with sequencing words, segmented per section; cross-references to other documents and items kept for ordering.
 */
import { extractRules, type Rule } from "./conditions.ts";
import { type LaidOut, layOut, procedureBlocks } from "./layout.ts";
import { coverage, dice, isHeadingLine, normalizeText, splitSentences, termSet } from "./text.ts";

/** A step as read from one document, before de-duplication across documents. */
export type ExtractedStep = {
  /** The step's number: global for "Step N" markers, local (item N of its list) otherwise. */
  number: number | null;
  /** True when the number is a "Step N" marker meant to be read across documents. */
  global: boolean;
  title: string;
  /** The step's text (marker removed), bounded to its own block. */
  text: string;
  docId: string;
  /** The document's own identifier ("LE-400") from its header, when it states one. */
  docCode: string | null;
  /** Position among the document's extracted steps (0-based), for ordering. */
  position: number;
  rules: Rule[];
  /** Step numbers this step says must come first ("after Step 3", "requires item 2"). */
  requires: number[];
  /** Other documents this step says must be done first, with the sentence that says so. */
  refs: { code: string; sentence: string }[];
};

/** Most sentences a step keeps after its marker when no block break or next marker bounds it. */
const MAX_STEP_SENTENCES = 6;
const MAX_TITLE_WORDS = 12;

/** "Step 6 — Title.", "Step 6: Title", "STEP 6. Title" at a sentence or line start. */
const STEP_MARKER = /(^|\n|[.!?]["”’)]?\s+|#+\s*)step\s+(\d{1,2})\s*(?:[—–:.)]|-{1,2}|\s(?=[A-Z]))\s*/gi;
/** Sentences that open with a sequencing word mark steps in prose. */
const SEQUENCE_START =
  /^(?:first|firstly|to begin(?: with)?|to start|begin by|start by|the process (?:starts|begins)(?: here)?|second|secondly|third|thirdly|next|then|after that|afterwards|subsequently|once that is (?:done|complete)|following this|following that|finally|lastly)\b[,:]?\s*/i;
/** "Once <something> is complete/done, …" opens a step that follows <something>. */
const ONCE_START =
  /^once\s+[^,]{3,120}?\s+(?:is|are|has been|have been)\s+(?:complete|completed|done|finished)\s*,\s*/i;
/** References to another step inside a step: "after Step 3", "once Step 2 is complete", "requires item 4". */
const STEP_REFERENCE =
  /\b(?:after|once|following|upon|requires?|prerequisite|completion of|completed|until|before|depends on|building on)\b[^.;]{0,40}?\b(?:steps?|items?)\s+(\d{1,2})\b/gi;
/** A document identifier such as "LE-400" or "SOP-12". */
const DOC_CODE = /\b[A-Z]{2,5}-\d{2,5}\b/g;
/** A section heading line: "3 Operating Procedure", "Section 2. Procedure", "## Scope", or a short unpunctuated line. */
const NUMBERED_HEADING = /^(?:section\s+)?\d{1,2}(?:\.\d+)*\.?\s+[A-Z][^.!?;:]{1,60}$/i;

/** The document's own code: the first identifier in its first lines (title, subtitle). */
export function documentCode(text: string): string | null {
  const head = text.split("\n").slice(0, 4).join("\n");
  return head.match(DOC_CODE)?.[0] ?? null;
}

function isSectionHeading(line: string): boolean {
  return NUMBERED_HEADING.test(line) || isHeadingLine(line);
}

/** A leading sequencing adverbial ("Then", "To begin,", "After that,", "At this point,"): not part of a title. */
const LEADING_ADVERBIAL =
  /^(?:(?:then|next|first|firstly|finally|lastly|subsequently|afterwards)\b,?|(?:[A-Za-z]+\s+){0,2}[A-Za-z]+,)\s+(?=[a-z])/i;

/** The title: a short lead before ":" or the first sentence when short, else its first words up to a comma. */
function titleOf(raw: string): string {
  const stripped = raw.replace(LEADING_ADVERBIAL, "");
  const text = stripped.charAt(0).toUpperCase() + stripped.slice(1);
  const colon = /^([^:.;]{3,90}):\s/.exec(text);
  if (colon && colon[1]!.split(/\s+/).length <= MAX_TITLE_WORDS) return colon[1]!.trim();
  const first = splitSentences(text)[0] ?? text;
  const cleaned = first.replace(/[.:;]+$/, "").trim();
  if (cleaned.split(/\s+/).length <= MAX_TITLE_WORDS) return cleaned;
  const clause = cleaned.split(/[,—–;]|\s-\s/)[0]!.trim();
  return clause.split(/\s+/).slice(0, MAX_TITLE_WORDS).join(" ");
}

function requiresOf(text: string, own: number | null): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(STEP_REFERENCE)) {
    const n = Number(m[1]);
    if (n !== own && (own === null || n < own)) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

function refsOf(text: string, own: string | null): { code: string; sentence: string }[] {
  const out: { code: string; sentence: string }[] = [];
  for (const sentence of splitSentences(text)) {
    for (const code of sentence.match(DOC_CODE) ?? []) {
      if (code !== own && !out.some((r) => r.code === code)) out.push({ code, sentence });
    }
  }
  return out;
}

type Draft = { body: string; number: number | null; global: boolean };

/**
 * A paragraph that runs several steps together, each opening with a sequencing word ("First, … Then, … Finally, …"):
 * its parts from each such sentence to the next (a lead before the first cue stays with the first part). Empty when
 * no sentence opens with a cue.
 */
function sequenceParts(body: string): string[] {
  const parts: string[][] = [];
  const lead: string[] = [];
  for (const s of splitSentences(body)) {
    const cue = SEQUENCE_START.exec(s) ?? ONCE_START.exec(s);
    if (cue) {
      const rest = s.slice(cue[0].length);
      parts.push([rest.charAt(0).toUpperCase() + rest.slice(1)]);
    } else if (parts.length > 0) parts[parts.length - 1]!.push(s);
    else lead.push(s);
  }
  if (parts.length > 0 && lead.length > 0) parts[0]!.unshift(...lead);
  return parts.map((p) => p.join(" "));
}

function makeStep(
  draft: Draft,
  docId: string,
  docCode: string | null,
  position: number,
): ExtractedStep | null {
  const text = splitSentences(draft.body).slice(0, MAX_STEP_SENTENCES).join(" ").trim();
  if (!text) return null;
  const title = titleOf(text);
  if (!title) return null;
  return {
    number: draft.number,
    global: draft.global,
    title,
    text,
    docId,
    docCode,
    position,
    rules: extractRules(draft.body),
    requires: requiresOf(text, draft.global ? draft.number : null),
    refs: refsOf(text, docCode),
  };
}

/** "Step N" markers: each marker's text runs to the next marker or the end of its block. */
function markerDrafts(text: string): Draft[] {
  const markers = [...text.matchAll(STEP_MARKER)].map((m) => ({
    index: m.index! + m[1]!.length,
    end: m.index! + m[0].length,
    number: Number(m[2]),
  }));
  return markers.map((m, i) => {
    const raw = text.slice(m.end, markers[i + 1]?.index ?? text.length);
    const lines = raw.split("\n");
    const end = lines.findIndex((line, k) => k > 0 && (line.trim() === "" || isSectionHeading(line.trim())));
    const body = (end === -1 ? lines : lines.slice(0, end)).join(" ");
    return { body, number: m.number, global: true };
  });
}

/** Extract the steps a document states, in document order; [] when it states none. */
export function extractSteps(docId: string, rawText: string): ExtractedStep[] {
  const text = normalizeText(rawText);
  const code = documentCode(text);
  const marked = markerDrafts(text);
  const laid = layOut(text);
  const drafts: Draft[] =
    marked.length > 0
      ? marked
      : procedureBlocks(laid, (b) => sequenceParts(b.body).length > 0).flatMap((items) =>
          items.flatMap((b) => {
            const parts = sequenceParts(b.body);
            const bodies = parts.length >= 2 ? parts : [b.body];
            return bodies.map((body) => ({
              body: withReferencesRead(body, bodies.length === 1 ? b.heading : null, laid),
              number: bodies.length === 1 ? b.number : null,
              global: false,
            }));
          }),
        );
  const steps: ExtractedStep[] = [];
  const rules = ruleDefinitions(text);
  for (const d of drafts) {
    const step = makeStep(d, docId, code, steps.length);
    if (step) steps.push(rules.size > 0 ? withRulesResolved(step, rules) : step);
  }
  return steps;
}

/** "note 2", "category C1", "criterion C1", "rule R3" mentioned in a text. */
const LABEL_MENTION = /\b(note|footnote|category|criterion|rule)\s+([A-Z]{0,3}\d+(?:\.\d+)*)\b/gi;
/** A mention of a category or criterion as the case it names, up to the clause's end: "For a case in category C1 (see Definitions),". */
const CATEGORY_CLAUSE =
  /\b(?:for )?(?:a |any |the )?cases?\s+(?:in|meeting|under|that meets?|falling under)\s+(?:category|criterion)\s+([A-Z]{0,3}\d+)\b(?:\s*\([^)]*\))?(?:\s+are handled differently)?\s*[,:]/gi;
/** The situation a definition states: "Category C1: a case in which X." / "Criterion C1 is met when X." */
const DEFINED_SITUATION = /(?:in which|when|where|if|that)\s+(.+?)\.?$/i;

/**
 * A step's text with what it points to read in, as a reader follows a reference: a category or criterion clause
 * becomes the situation its definition states ("Where X,"), a note's text is appended, and a decision table's rows
 * for this step (the activity cell naming it) are appended as "If X, A; if Y, B."
 */
function withReferencesRead(body: string, heading: string | null, laid: LaidOut): string {
  let text = body.replace(CATEGORY_CLAUSE, (whole, label: string) => {
    const def =
      laid.labels.get(`category ${label.toLowerCase()}`) ??
      laid.labels.get(`criterion ${label.toLowerCase()}`);
    const situation = def ? DEFINED_SITUATION.exec(def.replace(/^[^:]*:\s*/, ""))?.[1] : undefined;
    return situation ? `Where ${situation},` : whole;
  });
  const notes: string[] = [];
  for (const m of body.matchAll(LABEL_MENTION)) {
    const kind = m[1]!.toLowerCase().replace("footnote", "note");
    if (kind !== "note") continue;
    const note = laid.labels.get(`note ${m[2]!.toLowerCase()}`);
    if (note && !notes.includes(note)) notes.push(note);
  }
  if (notes.length > 0) text = `${text} ${notes.join(" ")}`;
  if (laid.rows.length > 0) {
    // the rows whose activity this step names best; a step that points to "the table" takes its best match
    const terms = termSet(`${heading ?? ""} ${body}`);
    const activities = [...new Set(laid.rows.map(([a]) => a))];
    const scored = activities
      .map((a) => ({ a, score: coverage(termSet(a), terms) }))
      .sort((x, y) => y.score - x.score);
    const best = scored[0]!;
    // a step that points to "the table" takes its best match; one that does not, only rows naming its own heading
    const pointsToTable = /\btable\b/i.test(body);
    const named = heading !== null && dice(termSet(best.a), termSet(heading)) >= 0.8;
    if (pointsToTable ? best.score >= 0.3 : named) {
      const mine = laid.rows.filter(([a]) => a === best.a);
      text = `${text} ${mine.map(([, when, action], i) => `${i === 0 ? "If" : "if"} ${when}, ${action}`).join("; ")}.`;
    }
  }
  return text;
}

/** "Rule R2: Do X." lines: numbered rules a document defines once and its steps cite. */
const RULE_DEFINITION = /^(?:rule\s+)?([A-Z]{0,3}\d+(?:\.\d+)*)\s*[:.]\s+(.+)$/i;
/** An action that defers to a numbered rule: "apply decision rule R2", "follow rule 4.1 under …". */
const RULE_CITATION = /\b(?:apply|follow|see|use)\b[^.;]{0,30}?\brule\s+([A-Z]{0,3}\d+(?:\.\d+)*)\b[^.;]*/i;

function ruleDefinitions(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = RULE_DEFINITION.exec(line.trim());
    if (m && /^rule\s/i.test(line.trim())) out.set(m[1]!.toUpperCase(), m[2]!.replace(/[.\s]+$/, ""));
  }
  return out;
}

/** Follow each branch action that cites a rule to the rule's own wording (one hop), and note it in the step text. */
function withRulesResolved(step: ExtractedStep, rules: ReadonlyMap<string, string>): ExtractedStep {
  const stated: string[] = [];
  const resolved = step.rules.map((rule) => ({
    ...rule,
    branches: rule.branches.map((b) => {
      const cite = RULE_CITATION.exec(b.action);
      const target = cite ? rules.get(cite[1]!.toUpperCase()) : undefined;
      if (!target) return b;
      stated.push(`Rule ${cite![1]}: ${target}.`);
      return { ...b, action: target.charAt(0).toLowerCase() + target.slice(1) };
    }),
  }));
  return stated.length > 0 ? { ...step, rules: resolved, text: `${step.text} ${stated.join(" ")}` } : step;
}

/** How strongly a text looks like a procedure: steps found (each counts double) and the rules they state. */
export function procedureScore(rawText: string): number {
  const steps = extractSteps("", rawText);
  return steps.length * 2 + steps.reduce((n, s) => n + s.rules.length, 0);
}
