/** @module The citations of a report, resolved to source ids and classified IN / DI / AD by the artifact-id convention. */
import { z } from "zod";
import { parseArtifactId } from "../core/ids.ts";
import type { Report } from "../core/report.ts";

export const CitationSection = z.enum(["generic", "personalized", "condition"]);

export const CitationRow = z.object({
  section: CitationSection,
  /** The step's `item` (or the condition row's index) the citation is attached to. */
  step: z.string(),
  citation_key: z.string(),
  /** The reference's source id; the key itself when the report has no matching reference. */
  source_id: z.string(),
  source_task: z.string().nullable(),
  source_role: z.enum(["insight", "distractor", "adjacent"]).nullable(),
});
export type CitationRow = z.infer<typeof CitationRow>;

/** Every (step, citation) pair of a report, in report order. */
export function citationsOfReport(report: Report): CitationRow[] {
  const sources = new Map(report.references.map((r) => [r.key, r.source_id]));
  const rows: CitationRow[] = [];
  const add = (section: CitationRow["section"], step: string, keys: string[]) => {
    for (const key of keys) {
      const sourceId = sources.get(key) ?? key;
      const parsed = parseArtifactId(sourceId);
      rows.push({
        section,
        step,
        citation_key: key,
        source_id: sourceId,
        source_task: parsed?.taskId ?? null,
        source_role: parsed?.role ?? null,
      });
    }
  };
  for (const s of report.generic_workflow) add("generic", String(s.item), s.citations);
  for (const s of report.personalized_workflow) add("personalized", String(s.item), s.citations);
  for (const [i, row] of report.condition_resolution.entries())
    add("condition", String(i + 1), row.citations);
  return rows;
}
