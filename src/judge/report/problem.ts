/** @module A problem found while parsing a report: which section, which JSON path or line, what was expected. */
import { z } from "zod";

export const ReportSection = z.enum([
  "report",
  "header",
  "executive_summary",
  "generic_workflow",
  "flowchart",
  "condition_resolution",
  "personalized_workflow",
  "references",
  "findings",
]);
export type ReportSection = z.infer<typeof ReportSection>;

export const Problem = z.object({
  section: ReportSection,
  /** JSON path (`[2].title`) or a line reference (`line 14`); "" for the whole section. */
  path: z.string().optional(),
  message: z.string().min(1),
});
export type Problem = z.infer<typeof Problem>;
