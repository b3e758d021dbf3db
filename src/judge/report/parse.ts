/** @module Parse an agent's report (the paper's N.1 step): Markdown or Report JSON → Report plus a per-section problem list, never a crash. */
import { z } from "zod";
import { type ConditionRow, type Reference, Report, type ReportStep } from "../../core/index.ts";
import { parseLenientJson } from "../../llm/json-extract.ts";
import { citationKeys, stripTrailingCitations } from "./citations.ts";
import { Problem, type ReportSection } from "./problem.ts";

/** What the parser returns; every output passes this schema (the fuzz test checks it). */
export const ParsedReport = z.object({ report: Report, problems: z.array(Problem) });
export type ParsedReport = z.infer<typeof ParsedReport>;

/** JSON nested deeper than this is refused before parsing: no report needs it, and unbounded nesting overflows the stack. */
export const MAX_JSON_DEPTH = 64;
/** The largest step number accepted; larger (or non-integer) items are renumbered by position. */
export const MAX_ITEM = 100_000;

/** The deepest `{`/`[` nesting of a JSON text, counted iteratively outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth = Math.max(0, depth - 1);
  }
  return max;
}

/** Lenient JSON with the depth bound applied first. */
function parseBoundedJson(text: string): ReturnType<typeof parseLenientJson> {
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH)
    return { ok: false, error: `nested ${depth} levels deep (at most ${MAX_JSON_DEPTH} are read)` };
  return parseLenientJson(text);
}
export type ParseOptions = {
  /** Task id to use when the report does not name one. */
  taskId?: string;
};

type Section = { heading: string; level: number; body: string; line: number };

/**
 * Split Markdown into `#`/`##` sections (deeper headings stay inside their section); fenced code is never a heading.
 * A fence closes on a line that ends with its backticks (`]```` — a model's JSON often ends so), not only on a line of
 * its own; a line that opens and closes a fence holds none.
 */
function sections(md: string): Section[] {
  const out: Section[] = [{ heading: "", level: 0, body: "", line: 1 }];
  let inFence = false;
  md.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (inFence) inFence = !t.endsWith("```");
    else if (t.startsWith("```")) inFence = t === "```" || !t.slice(3).endsWith("```");
    const h = inFence ? null : /^(#{1,2})\s+(.*)$/.exec(line);
    if (h) out.push({ heading: h[2]!.trim(), level: h[1]!.length, body: "", line: i + 1 });
    else out[out.length - 1]!.body += `${line}\n`;
  });
  return out;
}

function fences(body: string, lang: string): string[] {
  const re = new RegExp(`\`\`\`${lang}[^\\n]*\\n([\\s\\S]*?)\`\`\``, "g");
  return [...body.matchAll(re)].map((m) => m[1]!);
}

/** A field as text; depth is bounded by MAX_JSON_DEPTH, so the recursion is too. */
function str(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(str).join("; ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A positive integer step number no larger than MAX_ITEM, or null. */
function itemNumber(value: unknown): number | null {
  const n =
    typeof value === "number" ? value : /^\s*\d{1,9}\s*$/.test(str(value)) ? Number(str(value)) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ITEM ? n : null;
}

/** One raw JSON step → ReportStep, or null with problems when it cannot be used. */
function toStep(raw: unknown, index: number, section: ReportSection, problems: Problem[]): ReportStep | null {
  const at = `[${index}]`;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    problems.push({
      section,
      path: at,
      message: `expected a step object, got ${JSON.stringify(raw)?.slice(0, 40)}`,
    });
    return null;
  }
  const o = raw as Record<string, unknown>;
  let item = itemNumber(o.item);
  if (item === null) {
    problems.push({
      section,
      path: `${at}.item`,
      message: `expected a positive integer item (at most ${MAX_ITEM}), got ${JSON.stringify(o.item ?? null).slice(0, 40)}; using ${index + 1}`,
    });
    item = index + 1;
  }
  let title = str(o.title).trim();
  const task = str(o.task);
  if (!title) {
    if (!task.trim()) {
      problems.push({ section, path: `${at}.title`, message: "step has neither title nor task; skipped" });
      return null;
    }
    problems.push({ section, path: `${at}.title`, message: "missing title; using the task text" });
    title = task.trim();
  }
  const condition = str(o.subtask_description ?? o.condition_description ?? o.condition);
  const description = str(o.task_description ?? o.description);
  const justification = str(o.justification);
  const explicit = Array.isArray(o.citations) ? o.citations.map(str).filter(Boolean) : null;
  return {
    item,
    title,
    task,
    task_description: description,
    condition_description: condition,
    prerequisite: str(o.prerequisite),
    prerequisite_description: str(o.prerequisite_description),
    justification,
    citations: explicit ?? citationKeys(task, description, condition, justification, title),
  };
}

function steps(body: string | undefined, section: ReportSection, problems: Problem[]): ReportStep[] {
  if (body === undefined) {
    problems.push({ section, message: "section not found" });
    return [];
  }
  const blocks = fences(body, "json");
  if (blocks.length === 0) {
    problems.push({ section, message: "no ```json block of steps in the section" });
    return [];
  }
  const parsed = parseBoundedJson(blocks[0]!);
  if (!parsed.ok) {
    problems.push({
      section,
      message: `the json block is not valid JSON even after repair: ${parsed.error}`,
    });
    return [];
  }
  if (parsed.repaired)
    problems.push({ section, message: "the json block needed repair (comments, trailing commas…)" });
  const value = parsed.value as unknown;
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object" && Array.isArray((value as { steps?: unknown }).steps)
      ? (value as { steps: unknown[] }).steps
      : null;
  if (!list) {
    problems.push({ section, message: "expected a JSON array of steps" });
    return [];
  }
  return uniqueItems(
    list.map((raw, i) => toStep(raw, i, section, problems)).filter((s): s is ReportStep => s !== null),
    section,
    problems,
  );
}

/** Step numbers must be unique (alignments are keyed by them): repeated numbers renumber the list by position. */
function uniqueItems(list: ReportStep[], section: ReportSection, problems: Problem[]): ReportStep[] {
  const items = list.map((s) => s.item);
  if (new Set(items).size === items.length && items.every((i) => i <= MAX_ITEM)) return list;
  problems.push({
    section,
    message: "step numbers repeat or exceed the limit; steps renumbered 1…n by position",
  });
  return list.map((s, i) => ({ ...s, item: i + 1 }));
}

function splitRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
}

function conditionRows(body: string, problems: Problem[]): ConditionRow[] {
  const lines = body.split(/\r?\n/);
  const header = lines.findIndex((l) => /^\s*\|/.test(l) && /condition/i.test(l) && /resolution/i.test(l));
  if (header < 0) {
    problems.push({
      section: "condition_resolution",
      message: "no table with Condition and Resolution columns",
    });
    return [];
  }
  const rows: ConditionRow[] = [];
  for (let i = header + 1; i < lines.length && /^\s*\|/.test(lines[i]!); i++) {
    const cells = splitRow(lines[i]!);
    if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === "")) continue;
    if (cells.length < 3) {
      problems.push({
        section: "condition_resolution",
        path: `row ${rows.length + 1}`,
        message: "expected 3 cells",
      });
      continue;
    }
    const [condition, evidenceCell, resolution] = cells as [string, string, string];
    rows.push({
      condition,
      evidence: stripTrailingCitations(evidenceCell),
      resolution,
      resolved: /^\**\s*resolved\b/i.test(resolution),
      citations: citationKeys(evidenceCell, resolution),
    });
  }
  return rows;
}

const REF_LINE = /^\s*(?:[-*+]|\d+[.)])?\s*\[(?:DOC:)?\s*([^\]]+?)\s*\]\s*[:\-—–]?\s*(.*)$/;
const BARE_REF = /^\s*(?:[-*+]|\d+[.)])?\s*(src_\d+)\s*[:\-—–]\s*(.*)$/i;

function references(body: string | undefined, problems: Problem[]): Reference[] {
  if (body === undefined) {
    problems.push({ section: "references", message: "section not found" });
    return [];
  }
  const refs: Reference[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const m = REF_LINE.exec(line) ?? BARE_REF.exec(line);
    if (!m) continue;
    const key = m[1]!.trim();
    let rest = m[2]!.trim();
    let app = "";
    let path = "";
    const where = /\(([^()]*)\)\s*$/.exec(rest);
    if (where) {
      const w = where[1]!;
      const colon = w.indexOf(": ");
      if (colon > 0) {
        app = w.slice(0, colon).trim();
        path = w.slice(colon + 2).trim();
      } else path = w.trim();
      rest = rest.slice(0, where.index).trim();
    }
    const ticked = /^`([^`]+)`\s*(?:[—–-]\s*)?(.*)$/.exec(rest);
    const sourceId = ticked ? ticked[1]!.trim() : (rest.split(/\s+[—–-]\s+|\s+/)[0] ?? "").trim();
    const title = ticked
      ? ticked[2]!.trim()
      : rest
          .slice(sourceId.length)
          .replace(/^\s*[—–-]\s*/, "")
          .trim();
    if (!sourceId) {
      problems.push({ section: "references", path: key, message: "reference has no source id" });
      continue;
    }
    refs.push({ key, source_id: sourceId, title, app, path });
  }
  if (refs.length === 0)
    problems.push({ section: "references", message: "no reference lines `- [src_N] <source id>`" });
  return refs;
}

function findSection(all: Section[], test: RegExp): Section | undefined {
  return all.find((s) => s.level === 2 && test.test(s.heading));
}

function parseJsonReport(text: string, options: ParseOptions): ParsedReport {
  const problems: Problem[] = [];
  const parsed = parseBoundedJson(text);
  if (!parsed.ok) {
    problems.push({ section: "report", message: `report JSON is invalid: ${parsed.error}` });
    return { report: Report.parse({ task_id: options.taskId ?? "unknown" }), problems };
  }
  const value = { task_id: options.taskId, ...(parsed.value as Record<string, unknown>) };
  const result = Report.safeParse(value);
  if (result.success) {
    const report = result.data;
    for (const key of ["generic_workflow", "personalized_workflow"] as const)
      report[key] = uniqueItems(report[key], key, problems);
    return { report, problems };
  }
  for (const issue of result.error.issues) {
    const [head] = issue.path;
    const section = (
      ["generic_workflow", "personalized_workflow", "condition_resolution", "references"].includes(
        String(head),
      )
        ? head
        : "report"
    ) as ReportSection;
    problems.push({ section, path: issue.path.map(String).join("."), message: issue.message });
  }
  // Partial: keep every well-formed part.
  const raw = value as Record<string, unknown>;
  const partial = Report.parse({ task_id: str(raw.task_id) || "unknown" });
  for (const key of ["question", "executive_summary", "findings"] as const)
    if (typeof raw[key] === "string") partial[key] = raw[key] as string;
  for (const key of ["generic_workflow", "personalized_workflow"] as const) {
    if (Array.isArray(raw[key]))
      partial[key] = uniqueItems(
        (raw[key] as unknown[])
          .map((s, i) => toStep(s, i, key, []))
          .filter((s): s is ReportStep => s !== null),
        key,
        problems,
      );
  }
  for (const key of ["condition_resolution", "references"] as const) {
    const full = Report.shape[key].safeParse(raw[key]);
    if (full.success) (partial as Record<string, unknown>)[key] = full.data;
  }
  return { report: partial, problems };
}

/**
 * Parse the report Markdown (or Report JSON) into a Report; every problem is listed, nothing throws. Should a case slip
 * past the checks above, the result is an empty report with an "internal parser error" problem, never an exception.
 */
export function parseReportMarkdown(text: string, options: ParseOptions = {}): ParsedReport {
  try {
    return /^\s*\{/.test(text) ? parseJsonReport(text, options) : parseMarkdown(text, options);
  } catch (error) {
    return {
      report: Report.parse({ task_id: options.taskId || "unknown" }),
      problems: [{ section: "report", message: `internal parser error: ${String(error).slice(0, 200)}` }],
    };
  }
}

function parseMarkdown(text: string, options: ParseOptions): ParsedReport {
  const problems: Problem[] = [];
  const all = sections(text);
  const preamble = all
    .filter((s) => s.level <= 1)
    .map((s) => s.body)
    .join("\n");
  const taskMatch = /\*\*Task:\*\*\s*(\S+)/.exec(preamble);
  const questionMatch = /\*\*Question:\*\*\s*(.+)/.exec(preamble);
  let taskId = taskMatch?.[1] ?? options.taskId ?? "";
  if (!taskId) {
    problems.push({ section: "header", message: "no **Task:** line and no task id given; using 'unknown'" });
    taskId = "unknown";
  }
  const summary = findSection(all, /executive summary/i);
  if (!summary) problems.push({ section: "executive_summary", message: "section not found" });
  const generic = findSection(all, /generic/i);
  const personalized = findSection(all, /personali[sz]ed/i);
  const findings = findSection(all, /^findings$/i);
  const refs = findSection(all, /^(?:references?|sources|citations|bibliography)\b/i);

  const genericSteps = steps(generic?.body, "generic_workflow", problems);
  const personalizedSteps = steps(personalized?.body, "personalized_workflow", problems);
  if (generic && fences(generic.body, "mermaid").length === 0)
    problems.push({
      section: "flowchart",
      message: "no ```mermaid flowchart in the generic workflow section",
    });
  const tableSource = personalized?.body ?? text;
  const rows = conditionRows(tableSource, problems);

  const report = Report.parse({
    task_id: taskId,
    question: questionMatch?.[1]?.trim() ?? "",
    executive_summary: summary?.body.trim() ?? "",
    generic_workflow: genericSteps,
    condition_resolution: rows,
    personalized_workflow: personalizedSteps,
    references: references(refs?.body, problems),
    findings: findings?.body.trim() ?? "",
  });
  return { report, problems };
}
