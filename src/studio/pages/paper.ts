/** @module The paper as a reference layer: every published table with its origin, and boxed reference marks beside user data. */

import { PAPER, type PaperTable, paperSource, paperTable } from "../../analysis/paper/reference.ts";
import { metricLabel, metricNames } from "../../judge/index.ts";
import { type Html, html, page, table } from "../html.ts";

/** A table's value columns, its metrics in the registry's order (the studio's one metric order), then the rest. */
function valueColumns(t: PaperTable): string[] {
  const keys = new Set(t.rows.flatMap((r) => Object.keys(r.values)));
  const metrics: string[] = metricNames("drflow").filter((m) => keys.has(m));
  return [...metrics, ...[...keys].filter((k) => !metrics.includes(k))];
}

/**
 * The cells the caption says are bolded ("the best score in each column"): the highest value of each column within
 * each block of the first grouping column (each backbone) when the rows have two, else over the whole table.
 */
function bestCells(t: PaperTable, rows: PaperTable["rows"]): Set<string> {
  const best = new Set<string>();
  if (!/bold/i.test(t.caption)) return best;
  const groups = Object.keys(t.rows[0]!.group);
  const block = (r: PaperTable["rows"][number]) => (groups.length > 1 ? (r.group[groups[0]!] ?? "") : "");
  for (const k of valueColumns(t)) {
    const top = new Map<string, number>();
    for (const r of rows) {
      const v = r.values[k];
      if (v !== undefined && v > (top.get(block(r)) ?? Number.NEGATIVE_INFINITY)) top.set(block(r), v);
    }
    rows.forEach((r, i) => {
      if (r.values[k] !== undefined && r.values[k] === top.get(block(r))) best.add(`${i}:${k}`);
    });
  }
  return best;
}

function label(key: string): string {
  return metricLabel(key).short ?? key.replace(/_pct$/, " %");
}

function paperTableHtml(t: PaperTable, rows = t.rows): Html {
  const groups = Object.keys(t.rows[0]!.group);
  const best = bestCells(t, rows);
  const index = new Map(rows.map((r, i) => [r, i]));
  return table(rows, [
    ...groups.map((g) => ({ label: g, cell: (r: PaperTable["rows"][number]) => r.group[g] ?? "" })),
    ...valueColumns(t).map((k) => ({
      label: label(k),
      num: true,
      cell: (r: PaperTable["rows"][number]) => {
        const v = r.values[k];
        const sd = r.std?.[k];
        const text =
          v === undefined ? "—" : sd === undefined ? v.toFixed(2) : `${v.toFixed(2)} ± ${sd.toFixed(2)}`;
        return best.has(`${index.get(r)}:${k}`) ? html`<b>${text}</b>` : text;
      },
    })),
  ]);
}

export function paperPage(): string {
  const tables = PAPER.tables.map(
    (t) => html`<h2 id="table-${t.id}">Table ${t.id}</h2>
      <p>${t.caption}</p>
      <p class="small muted">${paperSource(t.id)} · ${t.split} split${t.tasks ? ` · ${t.tasks} tasks` : ""}${t.repeats ? ` · ${t.repeats} runs` : ""}${t.backbone ? ` · ${t.backbone}` : ""} · caption at line ${t.seed_line} of seeds/${PAPER.seed_file}${/bold/i.test(t.caption) ? ` · bold computed from the values, as the caption says (the seed text keeps no typesetting)` : ""}</p>
      ${paperTableHtml(t)}`,
  );
  const cp = PAPER.cost_points;
  const body = html`<div class="ref"><b>Reference values from the paper</b>, not runs of yours: ${PAPER.paper}. ${PAPER.scale}. ${PAPER.pages}</div>
    ${tables}
    <h2 id="table-G.1">Figure G.1 cost points</h2>
    <p class="small muted">${paperSource("G.1")} · text at line ${cp.seed_line}. ${cp.note}</p>
    ${table(cp.points, [
      { label: "backbone", cell: (p) => p.backbone },
      { label: "agent", cell: (p) => p.agent },
      { label: "cost per report (USD)", num: true, cell: (p) => p.cost_usd.toFixed(3) },
      { label: "stated as", cell: (p) => html`<q>${p.quote}</q>` },
    ])}`;
  return page({ title: "The DRFlow paper's published results", section: "paper", body });
}

/** The paper's backbone-average rows for the splits shown (Table 2 original, Table 3 mixed), boxed and labelled as reference. */
export function paperMarksForSplit(splits: readonly string[]): Html {
  const ids = [
    ...(splits.includes("original") ? (["2"] as const) : []),
    ...(splits.includes("mixed") ? (["3"] as const) : []),
  ];
  if (ids.length === 0) return html``;
  return html`<div class="ref" id="paper-reference"><b>Paper reference</b> (published numbers, not your runs; scores ×100, average over four backbones)
    ${ids.map((id) => {
      const t = paperTable(id);
      const rows = t.rows.filter((r) => r.group.backbone === "Average");
      return html`<p class="small">${paperSource(id)}, ${t.split} split: ${t.caption}</p>${paperTableHtml(
        { ...t, rows: rows.map((r) => ({ ...r, values: pick(r.values) })) },
        rows.map((r) => ({ ...r, values: pick(r.values) })),
      )}`;
    })}</div>`;
}

function pick(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    metricNames("drflow")
      .filter((m) => m in values)
      .map((m) => [m, values[m]!]),
  );
}
