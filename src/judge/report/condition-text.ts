/** @module Conditions in words: render a structured Condition as "If X → A; else if Y → B", and split such text back into branches. */
import type { Condition } from "../../core/index.ts";

export type TextBranch = { when: string; action: string };

const ARROW = /\s*(?:->|→|=>|,\s*then\s+|\s+then\s+|:\s+)\s*/i;
const CLAUSE_START = /^(?:if|else\s+if|otherwise\s+if|when|where|else|otherwise|for)\b[\s,:]*/i;

/** "If <when₁> → <then₁>; if <when₂> → <then₂>" — the paper's `condition_description` convention. */
export function conditionText(condition: Condition): string {
  return condition.branches.map((b) => `If ${b.when} → ${b.then}`).join("; ");
}

/**
 * Split a condition description into branches. Clauses are separated by `;`, `.` or a new "If"/"else";
 * each clause splits into its trigger and its action at an arrow (`->`, `→`, `=>`) or "then".
 * A bare "else B" gets the trigger "otherwise".
 */
export function parseConditionText(text: string): TextBranch[] {
  const clauses = text
    .split(/;|\.(?=\s|$)|\n|(?=\b(?:else|otherwise)\b)|(?<=\S)\s+(?=\bif\b)/i)
    .map((c) => c.trim().replace(/^[,\s]+|[,\s]+$/g, ""))
    .filter((c) => c.length > 0);
  const branches: TextBranch[] = [];
  for (const clause of clauses) {
    const isElse = /^(?:else|otherwise)\b(?!\s+if)/i.test(clause);
    const body = clause.replace(CLAUSE_START, "");
    const parts = body.split(ARROW);
    if (isElse) {
      branches.push({ when: "otherwise", action: body.replace(/^(?:->|→|=>)\s*/, "").trim() });
    } else if (parts.length >= 2) {
      branches.push({ when: parts[0]!.trim(), action: parts.slice(1).join(" ").trim() });
    } else if (branches.length > 0 && !CLAUSE_START.test(clause)) {
      const last = branches[branches.length - 1]!;
      last.action = `${last.action}. ${clause}`;
    } else if (body) {
      branches.push({ when: body.trim(), action: "" });
    }
  }
  return branches.filter((b) => b.when || b.action);
}
