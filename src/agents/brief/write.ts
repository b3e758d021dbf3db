/** @module The `brief` agent's report: a DRBench-style research report — summary, findings as cited bullets (`[path]`, the path the environment serves the file at), references. */
import type { Reference, Report } from "../../core/index.ts";
import type { EnvDocument } from "../../env/types.ts";

export type Finding = { text: string; doc: EnvDocument };

function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, " ");
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

export function writeBrief(taskId: string, question: string, findings: readonly Finding[]): Report {
  const references: Reference[] = [];
  for (const f of findings) {
    if (references.some((r) => r.key === f.doc.path)) continue;
    references.push({
      key: f.doc.path,
      source_id: f.doc.id,
      title: f.doc.title,
      app: f.doc.app,
      path: f.doc.path,
    });
  }
  const cite = (f: Finding) => `${sentence(f.text)} [${f.doc.path}]`;
  const summary =
    findings.length === 0
      ? "No passage in the environment speaks to this question; nothing can be reported with a citation."
      : findings.slice(0, 3).map(cite).join(" ");
  const byApp = new Map<string, Finding[]>();
  for (const f of findings) byApp.set(f.doc.app, [...(byApp.get(f.doc.app) ?? []), f]);
  const heading: Record<string, string> = {
    drive: "Documents",
    files: "Files and data",
    email: "Email",
    chat: "Chat",
  };
  const sections = [...byApp].map(([app, fs]) =>
    [`### ${heading[app] ?? app}`, "", ...fs.map((f) => `- ${cite(f)}`)].join("\n"),
  );
  return {
    task_id: taskId,
    question,
    form: "research",
    executive_summary: summary,
    generic_workflow: [],
    condition_resolution: [],
    personalized_workflow: [],
    references,
    findings: sections.join("\n\n"),
  };
}
