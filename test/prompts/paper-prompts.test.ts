/**
 * The prompts drflow sends are the paper's, word for word and line by line. Words: each template, whitespace-normalized,
 * is compared in full against the paper's PDF text kept in the repo (test/fixtures/paper/appendix-prompts.txt,
 * Appendix J, K and N figures), allowing only the listed deliberate edits (the PDF-scrape leftovers `[email protected]`,
 * replaced by example addresses) and the PDF's line-wrap marks `,→`. Lines: the PDF text lost the figures' line
 * breaks, and the prompts restore them; the paper still shows where a line did NOT end (the `,→` mark starts the
 * continuation of a wrapped line), so no prompt may break a line there; every heading, bullet and numbered item starts
 * a line; and every line break stands where a line can end (after a sentence, a colon, a slot or a closing mark) or
 * before a line-starting mark, never inside a sentence.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as J5 from "../../src/agents/prompts/action-planning.ts";
import * as J6 from "../../src/agents/prompts/adaptive-planning.ts";
import * as J8 from "../../src/agents/prompts/conditional-planning.ts";
import * as J7 from "../../src/agents/prompts/intermediate-workflow.ts";
import * as J4 from "../../src/agents/prompts/research-planning.ts";
import * as J9 from "../../src/agents/prompts/workflow-prediction.ts";
import {
  ADJACENT_FACT_CHECK,
  ADJACENT_INSIGHTS,
  ADJACENT_QUESTIONS,
  ADJACENT_SCENE,
} from "../../src/generate/llm/prompts/adjacent.ts";
import { CHAT_SETUP } from "../../src/generate/llm/prompts/chat.ts";
import { COMPANY_DISTRACTORS, COMPANY_INSIGHTS } from "../../src/generate/llm/prompts/company.ts";
import {
  COMPANY_DISTRACTOR_OUTLINE,
  COMPANY_DISTRACTOR_SECTION,
  COMPANY_INSIGHT_SECTION,
  COMPANY_OUTLINE,
} from "../../src/generate/llm/prompts/company-files.ts";
import { DUAL_CONTEXT } from "../../src/generate/llm/prompts/contexts.ts";
import { EMAIL_USERS } from "../../src/generate/llm/prompts/email.ts";
import { PERSONALIZED_WORKFLOW } from "../../src/generate/llm/prompts/personalized.ts";
import { TASK_SEED } from "../../src/generate/llm/prompts/seed.ts";
import { USER_DISTRACTORS, USER_INSIGHTS } from "../../src/generate/llm/prompts/user.ts";
import {
  USER_DISTRACTOR_SECTIONS,
  USER_INSIGHT_SECTION,
  USER_OUTLINE,
} from "../../src/generate/llm/prompts/user-files.ts";
import { COMPREHENSIVENESS_TEMPLATE } from "../../src/judge/prompts/comprehensiveness.ts";
import { CONDITION_RESOLUTION_TEMPLATE } from "../../src/judge/prompts/condition-resolution.ts";
import { FACTUALITY_TEMPLATE } from "../../src/judge/prompts/factuality.ts";
import { PRECISION_TEMPLATE } from "../../src/judge/prompts/precision.ts";
import { RECALL_TEMPLATE } from "../../src/judge/prompts/recall.ts";

/**
 * Example e-mail addresses where the paper's PDF text has "[email protected]" — a web-scrape leftover of an obfuscated
 * address, not the authors' text — in K.1 (persona and user), K.15 (a chat user) and K.16 (an e-mail user). Each
 * follows the example it stands in (a persona, a user, `username`, `alice.smith`).
 */
const EXAMPLE_EMAILS = [
  "jordan.reyes@company.com",
  "sam.patel@usercompany.com",
  "username@company.com",
  "alice.smith@company.com",
];

const PAPER = readFileSync(join(import.meta.dir, "../fixtures/paper/appendix-prompts.txt"), "utf8");

/** Whitespace collapsed, the PDF's line-wrap marks removed, the PDF's typographic dashes kept as they are. */
function normalize(text: string): string {
  return text.replace(/,→/g, " ").replace(/\s+/g, " ").trim();
}

/** Our deliberate edits, undone before comparing: example addresses where the PDF text has a scrape leftover. */
function undoEdits(text: string): string {
  let out = text;
  for (const address of EXAMPLE_EMAILS) out = out.replaceAll(address, "[email protected]");
  // The PDF text glues a figure's rule ("--") to the next section; the prompts put it on a line of its own.
  return out.replace(/\n--\n/g, " --");
}

const paper = normalize(PAPER);

/** A word and whether a line boundary precedes it: a wrap mark in the paper, a line break in a prompt. */
type Word = { word: string; boundary: boolean };

function words(text: string, boundary: RegExp): Word[] {
  const out: Word[] = [];
  let pending = false;
  for (const token of text
    .replace(boundary, " \u0001 ")
    .split(/[ \t]+/)
    .filter(Boolean)) {
    if (token === "\u0001") pending = true;
    else {
      out.push({ word: token, boundary: pending });
      pending = false;
    }
  }
  return out;
}

/**
 * The paper's words, each flagged when a `,→` wrap mark precedes it (the figure's line continued there). Lines of the
 * PDF text holding only marks (",→ ,→", the margin of a figure scraped as a block) say nothing about where.
 */
const PAPER_WORDS = words(
  PAPER.split("\n")
    .filter((l) => !/^(,→\s*)+$/.test(l.trim()))
    .join(" "),
  /,→/g,
);

/**
 * Line breaks of a prompt that fall where the paper's figure continued a wrapped line. The prompt's words are aligned
 * to the paper's in order, re-anchoring on the next six words where the PDF's two columns interleave another figure.
 */
function breaksAtWraps(text: string): string[] {
  const ours = words(undoEdits(text).replace(/,→/g, " "), /\n+/g);
  const at = (i: number, j: number, n: number) =>
    ours.slice(i, i + n).every((w, k) => PAPER_WORDS[j + k]?.word === w.word);
  const problems: string[] = [];
  let j = -1;
  for (let i = 0; i < ours.length; i++) {
    if (j < 0 || PAPER_WORDS[j]?.word !== ours[i]!.word) {
      const n = Math.min(6, ours.length - i);
      j = PAPER_WORDS.findIndex((_, k) => at(i, k, n));
      if (j < 0) continue; // the word-level check reports text that is not the paper's
    }
    if (ours[i]!.boundary && PAPER_WORDS[j]!.boundary)
      problems.push(
        `line break before "${ours
          .slice(i, i + 6)
          .map((w) => w.word)
          .join(" ")}", where the paper's line continues (,→)`,
      );
    j++;
  }
  return problems;
}

/** A line can end after a sentence, a colon, a slot or a closing mark (and at a JSON opener or a code fence). */
const LINE_END = /[.:?!)"'\]}*`,[]$|\{\{$|^```\w*$/;
/** A line can start at a heading, code fence, bullet, numbered or lettered item, bold label, JSON, slot or `Label:`. */
const LINE_START = /^(#{1,4} |```|- |\d{1,2}\. |[A-F]\) |\*\*|\{|\[|\]|[A-Z][A-Za-z/()' -]{0,60}: )/;
/** Lines that end where they stop: a heading, a bullet or numbered item, a table row, a rule, a flowchart line. */
const ENDS_ITS_LINE = /^(#{1,4} |- |\d{1,2}\. |\||--$|graph TD$)|-->/;
/** Marks that start a line in the figures, found inside a line. */
const MID_LINE_MARKS: [RegExp, string][] = [
  [/. #{2,4} /, "a heading"],
  [/[a-z.:)] \d{1,2}\. \*{0,2}[A-Z]/, "a numbered item"],
  [/\S --[#A-Z]|^--\S/, "a rule (--) glued to a section"],
  [/\| \|[-[]/, "two table rows"],
  [/^#{1,4} [A-Z][\w -]+ (Summarize|Extract|For|Use|List) /, "a heading and its first sentence"],
  [/[a-z.:)] - \*\*/, "a bold bullet"],
  [/[a-z.:)] - [A-Z][a-z]+ [a-z]/, "a bullet"],
];

/** Where a prompt's line structure breaks the rules above. */
function lineProblems(text: string): string[] {
  const lines = text.split("\n");
  const problems: string[] = [];
  for (const [i, line] of lines.entries()) {
    const prev = lines[i - 1]?.trimEnd();
    if (i > 0 && line && prev && !LINE_END.test(prev) && !ENDS_ITS_LINE.test(prev) && !LINE_START.test(line))
      problems.push(`line ${i + 1} breaks a sentence: "…${prev.slice(-40)}⏎${line.slice(0, 40)}…"`);
    for (const [mark, name] of MID_LINE_MARKS) {
      const m = mark.exec(line);
      if (m)
        problems.push(
          `line ${i + 1} has ${name} inside it: "…${line.slice(Math.max(0, m.index - 30), m.index + 40)}…"`,
        );
    }
  }
  return problems;
}

/** The longest prefix of `ours` found in the paper, for a readable failure. */
function firstDivergence(ours: string): string {
  let lo = 0;
  let hi = ours.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (paper.includes(ours.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo === ours.length
    ? ""
    : `…${ours.slice(Math.max(0, lo - 60), lo)}⟨here⟩${ours.slice(lo, lo + 60)}…`;
}

/**
 * Each prompt's text as sent, and where the PDF's two-column layout interleaves another figure into it (split points
 * in the whitespace-normalized text; each piece is compared on its own).
 */
const PROMPTS: [string, string, RegExp?][] = [
  ["J.4", J4.TEMPLATE.source],
  ["J.5", J5.TEMPLATE.source],
  ["J.6", J6.TEMPLATE.source],
  ["J.7", J7.TEMPLATE.source, /(?<=RESEARCH QUESTION: \{research_query\})/],
  ["J.8", J8.TEMPLATE.source],
  ["J.9", J9.TEMPLATE.source],
  ["K.1", TASK_SEED.text],
  ["K.2", DUAL_CONTEXT.text],
  ["K.3", COMPANY_INSIGHTS.text],
  ["K.4", COMPANY_DISTRACTORS.text],
  ["K.5", USER_INSIGHTS.text],
  ["K.6", USER_DISTRACTORS.text],
  // The PDF's two columns interleave K.7's example: it is compared piece by piece.
  [
    "K.7",
    PERSONALIZED_WORKFLOW.text,
    /(?=Return ONLY a valid JSON object\. ### Example Workflow)|(?=\{\{ "item": 1, "title": "Open incident record in CIP")|(?<=Generic Insights \(Company Workflow\): \[)|(?=User Context \(User Facts\): On Friday)|(?=\] User Context)|(?<=\}\} )(?=\])/,
  ],
  ["K.8", COMPANY_OUTLINE.text],
  ["K.9", COMPANY_INSIGHT_SECTION.text],
  ["K.10", COMPANY_DISTRACTOR_OUTLINE.text],
  ["K.11", COMPANY_DISTRACTOR_SECTION.text],
  ["K.12", USER_OUTLINE.text],
  ["K.13", USER_INSIGHT_SECTION.text],
  ["K.14", USER_DISTRACTOR_SECTIONS.text],
  ["K.15", CHAT_SETUP.text],
  // The e-mail thread template is drflow's (written from K.5's description), not a paper figure.
  ["K.16", EMAIL_USERS.text],
  ["K.17", ADJACENT_QUESTIONS.text],
  ["K.18", ADJACENT_INSIGHTS.text],
  ["K.19", ADJACENT_SCENE.text],
  ["K.20", ADJACENT_FACT_CHECK.text],
  ["N.1", PRECISION_TEMPLATE],
  ["N.2", RECALL_TEMPLATE],
  ["N.3", FACTUALITY_TEMPLATE],
  ["N.4", CONDITION_RESOLUTION_TEMPLATE],
  ["N.5", COMPREHENSIVENESS_TEMPLATE],
];

describe("every paper prompt drflow sends matches the paper's text in full (whitespace-normalized)", () => {
  for (const [id, text, split] of PROMPTS) {
    test(id, () => {
      const normalized = normalize(undoEdits(text));
      for (const part of split ? normalized.split(split) : [normalized])
        expect([id, firstDivergence(part.trim())]).toEqual([id, ""]);
    });
  }
});

describe("every paper prompt keeps the figure's line structure", () => {
  for (const [id, text] of PROMPTS) {
    test(id, () => {
      expect([id, breaksAtWraps(text)]).toEqual([id, []]);
      expect([id, lineProblems(text)]).toEqual([id, []]);
      // Every figure has headings, lists or labelled fields: its lines are restored, not one flattened line.
      expect(text.split("\n").length).toBeGreaterThanOrEqual(7);
    });
  }
});

test("the line checks are not rubber stamps: the flattened text, a mid-sentence break and a break at a wrap mark fail", () => {
  expect(lineProblems(J4.TEMPLATE.source.replace(/\s+/g, " ")).join("\n")).toContain("a heading");
  expect(lineProblems("Return the output\nas a JSON object.")).toHaveLength(1);
  // K.7's paper text wraps "…to determine which ,→ path the user should take".
  const wrapped = PERSONALIZED_WORKFLOW.text.replace("determine which path", "determine which\npath");
  expect(wrapped).not.toBe(PERSONALIZED_WORKFLOW.text);
  expect(breaksAtWraps(wrapped)).toEqual([
    'line break before "path the user should take. If", where the paper\'s line continues (,→)',
  ]);
});

test("the scrape leftovers are gone: every example address is a plausible one, none left anywhere in src", async () => {
  for (const [, text] of PROMPTS) expect(text).not.toContain("[email protected]");
  for (const address of EXAMPLE_EMAILS) expect(address).toMatch(/^[a-z]+(\.[a-z]+)?@[a-z-]+\.(com|org)$/);
  const root = join(import.meta.dir, "../../src");
  const leftovers: string[] = [];
  for await (const file of new Bun.Glob("**/*.{ts,txt}").scan(root)) {
    const code = readFileSync(join(root, file), "utf8")
      .split("\n")
      .filter((l) => !/^\s*(\/\*\*|\*)/.test(l)); // doc comments may name the leftover
    if (code.some((l) => l.includes("[email protected]"))) leftovers.push(file);
  }
  expect(leftovers).toEqual([]);
});
