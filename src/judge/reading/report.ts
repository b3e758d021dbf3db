/**
 * @module One reading of any report the judges see: a DRFlow workflow report (J.9 sections, JSON steps, condition
 * table) or a DRBench-style free-form report (headings, prose, bullets, tables, any citation form). Both become the
 * same model — claims with their citation keys plus the report's citation map — so every metric and both judges
 * (lexical and LLM) share one claim extraction. A report the reader cannot use says why instead of reading as empty.
 */
import type { Reference } from "../../core/index.ts";
import { terms } from "../judges/lexical/terms.ts";
import { judgedSteps } from "../predicted.ts";
import { parseReportMarkdown } from "../report/parse.ts";
import type { Problem } from "../report/problem.ts";
import { type Claim, claimsOf, readMarkdown } from "./document.ts";

export type ReportKind = "drflow" | "freeform";

export type ReadReport = {
  kind: ReportKind;
  claims: Claim[];
  /** Citation key → target named by the report itself (footnotes, numbered reference lists, DRFlow references). */
  definitions: Map<string, string>;
  /** DRFlow reports: the parsed references (key → source id). */
  references: Reference[];
  problems: Problem[];
  /** Why the report's structure cannot be judged (null when it can): the metrics then leave it unscored. */
  unusable: string | null;
};

/** Sentences longer than this are a sign the reader could not find sentence boundaries. */
export const MAX_CLAIM_CHARS = 1200;

function drflowClaims(parsed: ReturnType<typeof parseReportMarkdown>["report"]): Claim[] {
  const prose = (body: string, section: string): Claim[] =>
    claimsOf(readMarkdown(body).blocks).map((c) => ({ ...c, section }));
  const steps = judgedSteps(parsed);
  const out: Claim[] = [
    ...prose(parsed.executive_summary, "Executive Summary"),
    ...prose(parsed.findings, "Findings"),
  ];
  for (const s of steps) {
    for (const part of [s.task_description, s.justification]) {
      for (const c of prose(part, `step ${s.item}`))
        out.push({ ...c, kind: "step", citations: c.citations.length ? c.citations : s.citations });
    }
  }
  for (const r of parsed.condition_resolution) {
    for (const c of prose(r.evidence, "Condition Resolution"))
      out.push({ ...c, kind: "condition", citations: [...new Set([...c.citations, ...r.citations])] });
  }
  return out;
}

/** Read a report's Markdown (or Report JSON text) into claims and citations. */
export function readReport(text: string): ReadReport {
  const trimmed = text.trim();
  const empty: ReadReport = {
    kind: "freeform",
    claims: [],
    definitions: new Map(),
    references: [],
    problems: [],
    unusable: null,
  };
  if (!trimmed) return empty;
  const parsed = parseReportMarkdown(text);
  const r = parsed.report;
  const isDrflow =
    r.generic_workflow.length > 0 || r.personalized_workflow.length > 0 || r.condition_resolution.length > 0;
  if (isDrflow) {
    const claims = drflowClaims(r);
    return {
      kind: "drflow",
      claims,
      definitions: new Map(r.references.map((x) => [x.key, x.source_id])),
      references: r.references,
      problems: parsed.problems,
      unusable: null,
    };
  }
  if (/^[{[]/.test(trimmed))
    return {
      ...empty,
      unusable: "the report is JSON but not a drflow Report (no workflow, no prose to read)",
    };
  const doc = readMarkdown(text);
  for (const ref of r.references)
    if (!doc.definitions.has(ref.key)) doc.definitions.set(ref.key, ref.source_id);
  const claims = claimsOf(doc.blocks);
  const long = claims.filter((c) => c.text.length > MAX_CLAIM_CHARS);
  const problems: Problem[] = long.map((c) => ({
    section: "findings",
    path: `line ${c.line}`,
    message: `a ${c.text.length}-character sentence: no sentence boundaries found`,
  }));
  const unusable =
    claims.length === 0
      ? doc.blocks.length > 0
        ? "the report has headings but no statements (no prose, bullets or table rows) to read claims from"
        : "the report has no readable Markdown text"
      : long.length === claims.length
        ? `no sentence boundaries in the report text (${long.length} block(s) over ${MAX_CLAIM_CHARS} characters)`
        : null;
  return { kind: "freeform", claims, definitions: doc.definitions, references: [], problems, unusable };
}

/** A claim whose content terms beyond the question's are fewer than this share of its terms echoes the question. */
export const ECHO_NOVEL_SHARE = 0.25;

/**
 * Whether a claim only restates the question: (almost) none of its content terms — figures included — are new.
 * `question` may be given as its term set (`terms(question, { keepNumbers: true })`) when many claims are checked.
 */
export function echoesQuestion(claim: string, question: string | ReadonlySet<string>): boolean {
  const asked = typeof question === "string" ? new Set(terms(question, { keepNumbers: true })) : question;
  const said = [...new Set(terms(claim, { keepNumbers: true }))];
  if (said.length === 0) return true;
  return said.filter((t) => !asked.has(t)).length / said.length < ECHO_NOVEL_SHARE;
}

/** The claims that say something beyond the question (what report quality and insight extraction may credit). */
export function substantiveClaims(claims: readonly Claim[], question: string): Claim[] {
  return claims.filter((c) => !echoesQuestion(c.text, question));
}
