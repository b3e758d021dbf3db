/**
 * @module The DRFlow paper's published numbers as a reference layer: Tables 2, 3, 4, C.1, C.2, D.1, E.1, H.2 and the
 * cost points Figure G.1's text states, each with its table, section and caption line. Reference marks only: never
 * mixed into a user's runs.
 */
import { z } from "zod";
import raw from "./paper-reference.json" with { type: "json" };

export const PaperRow = z.object({
  /** What identifies the row in its table, e.g. `{ backbone: "GPT-5.2", agent: "DRFA" }` or `{ domain: "B2B", agent: "DRBA" }`. */
  group: z.record(z.string(), z.string()),
  /** Scores ×100 as printed (metric names as in `MetricName`; H.2 has `insight_pct`, `distractor_pct`, `adjacent_pct`). */
  values: z.record(z.string(), z.number()),
  /** Standard deviation over repeats (Table E.1 only). */
  std: z.record(z.string(), z.number()).optional(),
});
export type PaperRow = z.infer<typeof PaperRow>;

export const PaperTable = z.object({
  id: z.enum(["2", "3", "4", "C.1", "C.2", "D.1", "E.1", "H.2"]),
  caption: z.string(),
  section: z.string(),
  /** Line of the caption in the clean-text paper (`seed_file`). */
  seed_line: z.number().int(),
  split: z.enum(["original", "mixed"]),
  tasks: z.number().int().optional(),
  repeats: z.number().int().optional(),
  backbone: z.string().optional(),
  rows: z.array(PaperRow).min(1),
});
export type PaperTable = z.infer<typeof PaperTable>;

export const PaperCostPoint = z.object({
  backbone: z.string(),
  agent: z.string(),
  cost_usd: z.number().positive(),
  /** The sentence that states the cost. */
  quote: z.string(),
});

export const PaperReference = z.object({
  paper: z.string(),
  scale: z.string(),
  pages: z.string(),
  seed_file: z.string(),
  tables: z.array(PaperTable),
  cost_points: z.object({
    figure: z.literal("G.1"),
    section: z.string(),
    seed_line: z.number().int(),
    note: z.string(),
    points: z.array(PaperCostPoint),
  }),
});
export type PaperReference = z.infer<typeof PaperReference>;

export const PAPER: PaperReference = PaperReference.parse(raw);

export function paperTable(id: PaperTable["id"]): PaperTable {
  const t = PAPER.tables.find((x) => x.id === id);
  if (!t) throw new Error(`paper reference: no table ${id}`);
  return t;
}

/** The row of `table` whose group has every given field, e.g. `paperRow("D.1", { domain: "Healthcare", agent: "DRFA" })`. */
export function paperRow(id: PaperTable["id"], where: Record<string, string>): PaperRow {
  const t = paperTable(id);
  const row = t.rows.find((r) => Object.entries(where).every(([k, v]) => r.group[k] === v));
  if (!row) throw new Error(`paper reference: Table ${id} has no row ${JSON.stringify(where)}`);
  return row;
}

/** How a mark cites its origin, e.g. `DRFlow paper, Table D.1 (Appendix D)`. */
export function paperSource(id: PaperTable["id"] | "G.1"): string {
  if (id === "G.1") return `DRFlow paper, Figure G.1 (${PAPER.cost_points.section})`;
  return `DRFlow paper, Table ${id} (${paperTable(id).section})`;
}

/** One reference point on a cost–score plane: a Figure G.1 point with its Table C.2 score. */
export type PaperCostMark = {
  backbone: string;
  agent: string;
  cost_usd: number;
  value: number;
  source: string;
};

/** Figure G.1's stated cost points with their score on `metric` from Table C.2 (DRFA rows, ablation subset). */
export function paperCostMarks(metric: string): PaperCostMark[] {
  return PAPER.cost_points.points.map((p) => {
    const row = paperRow("C.2", { backbone: p.backbone, agent: p.agent });
    const value = row.values[metric];
    if (value === undefined) throw new Error(`paper reference: Table C.2 has no metric ${metric}`);
    return { ...p, value, source: `${paperSource("G.1")}; score from Table C.2` };
  });
}
