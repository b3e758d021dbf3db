/**
 * The prompts drflow sends are the paper's: each template, whitespace-normalized, is compared in full against the
 * paper's PDF text kept in the repo (test/fixtures/paper/appendix-prompts.txt, Appendix J, K and N figures). The
 * comparison allows only the listed deliberate edits (the PDF-scrape leftovers `[email protected]`, replaced by
 * example addresses) and the PDF's line-wrap marks `,→`.
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
} from "../../src/generate/prompts/adjacent.ts";
import { CHAT_SETUP } from "../../src/generate/prompts/chat.ts";
import { COMPANY_DISTRACTORS, COMPANY_INSIGHTS } from "../../src/generate/prompts/company.ts";
import {
  COMPANY_DISTRACTOR_OUTLINE,
  COMPANY_DISTRACTOR_SECTION,
  COMPANY_INSIGHT_SECTION,
  COMPANY_OUTLINE,
} from "../../src/generate/prompts/company-files.ts";
import { DUAL_CONTEXT } from "../../src/generate/prompts/contexts.ts";
import { EMAIL_USERS } from "../../src/generate/prompts/email.ts";
import { EXAMPLE_EMAILS } from "../../src/generate/prompts/examples.ts";
import { PERSONALIZED_WORKFLOW } from "../../src/generate/prompts/personalized.ts";
import { TASK_SEED } from "../../src/generate/prompts/seed.ts";
import { USER_DISTRACTORS, USER_INSIGHTS } from "../../src/generate/prompts/user.ts";
import {
  USER_DISTRACTOR_SECTIONS,
  USER_INSIGHT_SECTION,
  USER_OUTLINE,
} from "../../src/generate/prompts/user-files.ts";
import { COMPREHENSIVENESS_TEMPLATE } from "../../src/judge/prompts/comprehensiveness.ts";
import { CONDITION_RESOLUTION_TEMPLATE } from "../../src/judge/prompts/condition-resolution.ts";
import { FACTUALITY_TEMPLATE } from "../../src/judge/prompts/factuality.ts";
import { PRECISION_TEMPLATE } from "../../src/judge/prompts/precision.ts";
import { RECALL_TEMPLATE } from "../../src/judge/prompts/recall.ts";

const PAPER = readFileSync(join(import.meta.dir, "../fixtures/paper/appendix-prompts.txt"), "utf8");

/** Whitespace collapsed, the PDF's line-wrap marks removed, the PDF's typographic dashes kept as they are. */
function normalize(text: string): string {
  return text.replace(/,→/g, " ").replace(/\s+/g, " ").trim();
}

/** Our deliberate edits, undone before comparing: example addresses where the PDF text has a scrape leftover. */
function undoEdits(text: string): string {
  let out = text;
  for (const address of EXAMPLE_EMAILS) out = out.replaceAll(address, "[email protected]");
  return out;
}

const paper = normalize(PAPER);

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

/** Each prompt's text, split where the PDF's two-column layout interleaves another figure into it. */
const PROMPTS: [string, string[]][] = [
  ["J.4", [J4.SOURCE]],
  ["J.5", [J5.SOURCE]],
  ["J.6", [J6.SOURCE]],
  ["J.7", J7.SOURCE.split(/(?<=RESEARCH QUESTION: \{research_query\})/)],
  ["J.8", [J8.SOURCE]],
  ["J.9", [J9.SOURCE]],
  ["K.1", [TASK_SEED.text]],
  ["K.2", [DUAL_CONTEXT.text]],
  ["K.3", [COMPANY_INSIGHTS.text]],
  ["K.4", [COMPANY_DISTRACTORS.text]],
  ["K.5", [USER_INSIGHTS.text]],
  ["K.6", [USER_DISTRACTORS.text]],
  // The PDF's two columns interleave K.7's example: it is compared piece by piece.
  [
    "K.7",
    PERSONALIZED_WORKFLOW.text.split(
      /(?=Return ONLY a valid JSON object\. ### Example Workflow)|(?=\{\{ "item": 1, "title": "Open incident record in CIP")|(?<=Generic Insights \(Company Workflow\): \[)|(?=User Context \(User Facts\): On Friday)|(?=\] User Context)|(?<=\}\} )(?=\])/,
    ),
  ],
  ["K.8", [COMPANY_OUTLINE.text]],
  ["K.9", [COMPANY_INSIGHT_SECTION.text]],
  ["K.10", [COMPANY_DISTRACTOR_OUTLINE.text]],
  ["K.11", [COMPANY_DISTRACTOR_SECTION.text]],
  ["K.12", [USER_OUTLINE.text]],
  ["K.13", [USER_INSIGHT_SECTION.text]],
  ["K.14", [USER_DISTRACTOR_SECTIONS.text]],
  ["K.15", [CHAT_SETUP.text]],
  // The e-mail thread template is drflow's (written from K.5's description), not a paper figure.
  ["K.16", [EMAIL_USERS.text]],
  ["K.17", [ADJACENT_QUESTIONS.text]],
  ["K.18", [ADJACENT_INSIGHTS.text]],
  ["K.19", [ADJACENT_SCENE.text]],
  ["K.20", [ADJACENT_FACT_CHECK.text]],
  ["N.1", [PRECISION_TEMPLATE]],
  ["N.2", [RECALL_TEMPLATE]],
  ["N.3", [FACTUALITY_TEMPLATE]],
  ["N.4", [CONDITION_RESOLUTION_TEMPLATE]],
  ["N.5", [COMPREHENSIVENESS_TEMPLATE]],
];

describe("every paper prompt drflow sends matches the paper's text in full (whitespace-normalized)", () => {
  for (const [id, parts] of PROMPTS) {
    test(id, () => {
      for (const part of parts) expect([id, firstDivergence(normalize(undoEdits(part)))]).toEqual([id, ""]);
    });
  }
});

test("the scrape leftovers are gone: every example address is a plausible one", () => {
  for (const [, parts] of PROMPTS) for (const part of parts) expect(part).not.toContain("[email protected]");
  for (const address of EXAMPLE_EMAILS) expect(address).toMatch(/^[a-z]+(\.[a-z]+)?@[a-z-]+\.(com|org)$/);
});

test("K.1 and J.4 keep the figures' line structure: headings, numbered items and bullets on lines of their own", () => {
  for (const text of [TASK_SEED.text, J4.TEMPLATE.parts.filter((p) => typeof p === "string").join("{}")]) {
    const lines = text.split("\n");
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.startsWith("### "))).toBe(true);
    expect(lines.some((l) => /^\d\. [A-Z*]/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith("- "))).toBe(true);
  }
});
