import { describe, expect, test } from "bun:test";
import { snippet } from "./snippet.ts";
import { suffixStem, words } from "./tokenize.ts";

/** The definition `snippet` implements in one pass: re-tokenize the window at every word start (quadratic). */
function windowByWindow(text: string, query: string, width = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const targets = new Set(words(query).map(suffixStem));
  let best = 0;
  let bestScore = -1;
  for (const t of flat.matchAll(/\S+/g)) {
    const start = t.index ?? 0;
    let score = 0;
    for (const w of words(flat.slice(start, start + width))) if (targets.has(suffixStem(w))) score++;
    if (score > bestScore) {
      bestScore = score;
      best = start;
    }
    if (start + width >= flat.length) break;
  }
  const cut = flat.slice(best, best + width).replace(/\s\S*$/, "");
  return `${best > 0 ? "…" : ""}${cut}${best + cut.length < flat.length ? "…" : ""}`;
}

const filler = "Filler words about nothing in particular here. ";

describe("snippet", () => {
  test("picks the window holding the most query stems, cut at word boundaries, marked with ellipses", () => {
    const text = `The consent form must be signed before the procedure. ${filler.repeat(8)}Patients consenting to surgery sign the consent forms at intake and the nurse files them.`;
    expect(snippet(text, "consent forms surgery")).toBe(
      `…here. ${filler.repeat(3)}Patients consenting to surgery sign the consent…`,
    );
    expect(snippet(`${"alpha beta gamma delta ".repeat(20)}zeta eta theta`, "zeta theta", 40)).toBe(
      "…alpha beta gamma delta zeta eta…",
    );
    const budget = `${"Budget approvals: the manager approves budgets under 5,000; the director approves budgets over 5,000. ".repeat(4)}Exceptions need the CFO's sign-off and a written justification.`;
    expect(snippet(budget, "CFO sign-off justification", 70)).toBe(
      "…5,000. Exceptions need the CFO's sign-off and a written…",
    );
  });

  test("ties go to the earliest window", () => {
    const text = `${"Reimbursement requests go to finance. ".repeat(3)}A follow-up review of travel reimbursements happens monthly; follow-up emails cite the travel policy.`;
    expect(snippet(text, "follow-up travel reimbursement", 80)).toBe(
      "…Reimbursement requests go to finance. A follow-up review of travel…",
    );
    // No query term anywhere: every window scores 0, so the first one wins.
    expect(snippet("no match here at all, ".repeat(20), "quantum", 60)).toBe(
      "no match here at all, no match here at all, no match here…",
    );
  });

  test("flattens whitespace and returns short texts whole", () => {
    expect(snippet("short text", "text")).toBe("short text");
    expect(snippet("  spaced\n\nout \t text   with   many    blanks ".repeat(10), "blanks text", 50)).toBe(
      "spaced out text with many blanks spaced out text…",
    );
  });

  test("a word cut by the window's end counts as its visible part", () => {
    // "formal" is not the stem "form", but its first four letters at the window's edge are.
    const text = `${"xx ".repeat(30)}the form${" yy".repeat(8)} formal zz ${"ww ".repeat(30)}`;
    expect(snippet(text, "form", 40)).toBe(windowByWindow(text, "form", 40));
  });

  test("agrees with the window-by-window definition on random texts", () => {
    const vocabulary = [
      "consent",
      "consents",
      "consenting",
      "form",
      "formal",
      "forms",
      "policy",
      "policies",
      "follow-up",
      "it's",
      "the",
      "a",
      "of",
      "travel",
      "reimbursement",
      "CFO",
      "5,000;",
      "(approval)",
      "x",
      "Ünïcode",
      "naïve",
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 300; round++) {
      const n = 5 + Math.floor(next() * 120);
      const parts: string[] = [];
      for (let i = 0; i < n; i++) {
        parts.push(vocabulary[Math.floor(next() * vocabulary.length)]!);
        parts.push(next() < 0.1 ? "\n\n" : next() < 0.1 ? "-" : " ");
      }
      const text = parts.join("");
      const query = `${vocabulary[Math.floor(next() * vocabulary.length)]} ${vocabulary[Math.floor(next() * vocabulary.length)]}`;
      const width = 10 + Math.floor(next() * 200);
      expect(snippet(text, query, width)).toBe(windowByWindow(text, query, width));
    }
  });
});
