/**
 * @module From the model's J.9 Markdown to a `Report` (Appendix J.8, phase three): parse, keep only citations that
 * resolve to registered internal sources, repair steps without citations or justification from the findings store,
 * validate every personalized step, and build the filtered references section.
 */
import type { Report, ReportStep } from "../../core/index.ts";
import { appendCitations, citationKeys } from "../../judge/report/citations.ts";
import { parseReportMarkdown } from "../../judge/report/parse.ts";
import type { CitationRegistry } from "./citations.ts";
import type { FindingsStore, RetrievedFinding } from "./findings.ts";
import { bestSentence } from "./text.ts";

const MARKER = /\[DOC:\s*([^\]]+)\]/g;

/** One problem left after repair: which step, which rule. */
export type CitationProblem = {
  section: "generic_workflow" | "personalized_workflow";
  item: number;
  message: string;
};

export type RepairRecord = {
  section: "generic_workflow" | "personalized_workflow";
  item: number;
  added: string[];
  justified: boolean;
};

export type FinalReport = {
  report: Report;
  /** Problems the parser found in the Markdown (N.1 step). */
  parseProblems: string[];
  repairs: RepairRecord[];
  /** Validation after repair; empty when every personalized step is cited and justified. */
  problems: CitationProblem[];
  /** Citations dropped because they named no registered internal source. */
  dropped: string[];
};

/**
 * Rewrite `[DOC:…]` markers to registered keys, dropping the ones that do not resolve (or name web sources when
 * `internalOnly`). Returns the clean text and the keys kept.
 */
export function cleanMarkers(
  text: string,
  registry: CitationRegistry,
  internalOnly: boolean,
  dropped: string[],
): { text: string; keys: string[] } {
  const keys: string[] = [];
  const before = dropped.length;
  const out = text.replace(MARKER, (_m, inner: string) => {
    const kept: string[] = [];
    for (const part of inner.split(/[,;]\s*/)) {
      const raw = part.replace(/^DOC:/, "").trim();
      if (!raw) continue;
      const s = registry.resolve(raw);
      if (!s || (internalOnly && s.type === "web")) {
        dropped.push(raw);
        continue;
      }
      if (!kept.includes(s.key)) kept.push(s.key);
      if (!keys.includes(s.key)) keys.push(s.key);
    }
    return kept.map((k) => `[DOC:${k}]`).join("");
  });
  // Where a marker was removed, do not leave a space before the punctuation that followed it.
  const tidy = dropped.length > before ? out.replace(/[ \t]+([.,;:!?])/g, "$1") : out;
  return { text: tidy.replace(/[ \t]{2,}/g, " ").trim(), keys };
}

function cleanStep(step: ReportStep, registry: CitationRegistry, dropped: string[]): ReportStep {
  const fields = ["title", "task", "task_description", "condition_description", "justification"] as const;
  const next = { ...step };
  const keys: string[] = [];
  for (const f of fields) {
    const c = cleanMarkers(step[f], registry, true, dropped);
    next[f] = c.text;
    for (const k of c.keys) if (!keys.includes(k)) keys.push(k);
  }
  // Explicit citations the parser found outside the text (JSON `citations` arrays).
  for (const raw of step.citations) {
    const s = registry.resolve(raw);
    if (s && s.type !== "web") {
      if (!keys.includes(s.key)) keys.push(s.key);
    } else if (!citationKeys(...fields.map((f) => step[f])).includes(raw)) dropped.push(raw);
  }
  next.citations = keys;
  return next;
}

function claim(step: ReportStep): string {
  return [step.title, step.task, step.task_description, step.condition_description]
    .join(" ")
    .replace(MARKER, " ");
}

/**
 * Targeted citation repair for one step: search the session for the step's claim and cite the best policy source
 * and (for personalized steps) the best personal source; an empty justification becomes the supporting sentences.
 */
export async function repairStep(
  step: ReportStep,
  personalized: boolean,
  findings: FindingsStore,
  registry: CitationRegistry,
): Promise<{ step: ReportStep; added: string[]; justified: boolean }> {
  const query = claim(step);
  const ranked = (await findings.search(query, 12)).filter(
    (f): f is RetrievedFinding => f.kind === "retrieved",
  );
  const pool = ranked.length > 0 ? ranked : findings.all();
  const policy = pool.find((f) => f.side === "policy");
  const personal = personalized ? pool.find((f) => f.side === "personal") : undefined;
  const picks = [policy, personal].filter((f): f is RetrievedFinding => f !== undefined);
  if (picks.length === 0 && pool[0]) picks.push(pool[0]);
  const added: string[] = [];
  const support: string[] = [];
  for (const f of picks) {
    const key = registry.keyOf(f.hit.documentId);
    if (!key || registry.resolve(key)?.type === "web") continue;
    if (!step.citations.includes(key) && !added.includes(key)) added.push(key);
    support.push(`${bestSentence(f.hit.text, query)} [DOC:${key}]`);
  }
  const next = { ...step, citations: [...step.citations, ...added] };
  let justified = false;
  if (personalized && !step.justification.trim() && support.length > 0) {
    next.justification = `This step applies because: ${support.join(" ")}`;
    justified = true;
  } else if (personalized) {
    next.justification = appendCitations(step.justification, added);
  } else {
    next.task_description = appendCitations(step.task_description, added);
  }
  return { step: next, added, justified };
}

/** The body of J.9's `### User Situation Analysis` subsection ("" when absent). */
export function situationAnalysis(markdown: string): string {
  const m = /^###\s+User Situation Analysis\s*$([\s\S]*?)(?=^#{1,3}\s|(?![\s\S]))/im.exec(markdown);
  return m ? m[1]!.trim() : "";
}

/** Validation of Appendix J.8: every personalized step has at least one citation and a non-empty justification. */
export function validateCitations(report: Report): CitationProblem[] {
  const problems: CitationProblem[] = [];
  for (const s of report.personalized_workflow) {
    if (s.citations.length === 0)
      problems.push({ section: "personalized_workflow", item: s.item, message: "no valid citation" });
    if (!s.justification.trim())
      problems.push({ section: "personalized_workflow", item: s.item, message: "empty justification" });
  }
  return problems;
}

/** Parse the model's report and ground it: clean, repair, validate, reference. */
export async function finalizeReport(
  markdown: string,
  meta: { taskId: string; question: string },
  registry: CitationRegistry,
  findings: FindingsStore,
): Promise<FinalReport> {
  const parsed = parseReportMarkdown(markdown, { taskId: meta.taskId });
  const dropped: string[] = [];
  const report: Report = { ...parsed.report, task_id: meta.taskId, question: meta.question };
  report.executive_summary = cleanMarkers(report.executive_summary, registry, false, dropped).text;
  // The facts the model listed about the user's situation are the report's findings (judged by DRBench's metrics).
  if (!report.findings.trim()) report.findings = situationAnalysis(markdown);
  report.findings = cleanMarkers(report.findings, registry, false, dropped).text;
  report.generic_workflow = report.generic_workflow.map((s) => cleanStep(s, registry, dropped));
  report.personalized_workflow = report.personalized_workflow.map((s) => cleanStep(s, registry, dropped));
  report.condition_resolution = report.condition_resolution.map((row) => {
    const ev = cleanMarkers(row.evidence, registry, true, dropped);
    const explicit = row.citations.flatMap((c) => {
      const s = registry.resolve(c);
      return s && s.type !== "web" ? [s.key] : [];
    });
    return { ...row, evidence: ev.text, citations: [...new Set([...ev.keys, ...explicit])] };
  });

  const repairs: RepairRecord[] = [];
  for (const section of ["generic_workflow", "personalized_workflow"] as const) {
    const personalized = section === "personalized_workflow";
    const steps: ReportStep[] = [];
    for (const step of report[section]) {
      const needs = step.citations.length === 0 || (personalized && !step.justification.trim());
      if (!needs) {
        steps.push(step);
        continue;
      }
      const r = await repairStep(step, personalized, findings, registry);
      repairs.push({ section, item: step.item, added: r.added, justified: r.justified });
      steps.push(r.step);
    }
    report[section] = steps;
  }

  const cited = [
    ...citationKeys(report.executive_summary, report.findings),
    ...report.generic_workflow.flatMap((s) => s.citations),
    ...report.personalized_workflow.flatMap((s) => s.citations),
    ...report.condition_resolution.flatMap((r) => r.citations),
  ];
  report.references = registry.references(cited);
  return {
    report,
    parseProblems: parsed.problems.map((p) => `${p.section}${p.path ? ` ${p.path}` : ""}: ${p.message}`),
    repairs,
    problems: validateCitations(report),
    dropped: [...new Set(dropped)],
  };
}
