/** @module The paper's published numbers as reference marks in notebooks: always labelled with table and section, never mixed into runs. */

import { PAPER, type PaperTable, paperSource, paperTable } from "../../src/analysis/paper/reference.ts";
import { metricLabel, metricNames } from "../../src/judge/index.ts";

export { paperCostMarks, paperRow, paperSource } from "../../src/analysis/paper/reference.ts";

/** The colour every reference mark uses, so the paper's marks read as one layer apart from the user's runs. */
export const PAPER_COLOR = "#9a6700";

/** A markdown callout naming where the reference values come from. */
export function paperCallout(ids: readonly (PaperTable["id"] | "G.1")[]): string {
  return `> **Paper reference** — published values from ${PAPER.paper}, ${ids.map(paperSource).join("; ")}. Drawn in ochre as reference marks beside your runs, never mixed into them; the paper's agents ran with LLM backbones (and its judge was GPT-4o), so the offline extractive baseline is not directly comparable.`;
}

/** Table rows of a paper table (metric columns as printed, ×100) with the source on each row. */
export function paperRows(
  id: PaperTable["id"],
  keep: (group: Record<string, string>) => boolean = () => true,
): Record<string, unknown>[] {
  const t = paperTable(id);
  return t.rows
    .filter((r) => keep(r.group))
    .map((r) => ({
      ...r.group,
      ...Object.fromEntries(
        metricNames("drflow")
          .filter((m) => r.values[m] !== undefined)
          .map((m) => [
            metricLabel(m).short,
            r.std?.[m] !== undefined
              ? `${r.values[m]!.toFixed(2)} ± ${r.std[m]!.toFixed(2)}`
              : r.values[m]!.toFixed(2),
          ]),
      ),
      source: paperSource(id),
    }));
}
