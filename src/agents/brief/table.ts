/**
 * @module Tabular documents (CSV exports of spreadsheets) → one statement per row a reader would quote: the row's
 * cells named by their column headers, rates written as percentages when the header says so. DRBench's exports carry a
 * second header row of column descriptions; it is recognised (no figures, long prose cells) and skipped.
 */

/** Split one CSV line, honouring double quotes (`"1,250"` stays one cell). */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

const RATE_HEADER = /rate|growth|share|percent|%|ratio|margin|engagement/i;

/** A cell as a reader would write it: `0.15` under a rate header → `15%`, `1200000` → `1,200,000`. */
function formatCell(header: string, cell: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(cell)) return cell;
  const n = Number(cell);
  if (RATE_HEADER.test(header) && Math.abs(n) <= 1 && cell.includes(".")) return `${+(n * 100).toFixed(2)}%`;
  if (RATE_HEADER.test(header) && /rate|growth/i.test(header) && Math.abs(n) > 1 && Math.abs(n) <= 100)
    return `${n}%`;
  return Math.abs(n) >= 10000 && Number.isInteger(n) ? n.toLocaleString("en-US") : cell;
}

export type TableRow = { cells: string[]; statement: string };

/** Rows of a CSV text as statements; null when the text is not a table (fewer than two columns or rows). */
export function tableRows(text: string, title: string): { headers: string[]; rows: TableRow[] } | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length < 2) return null;
  const headers = csvCells(lines[0]!);
  if (headers.length < 2) return null;
  let body = lines.slice(1).map(csvCells);
  const first = body[0];
  if (
    first &&
    !first.some((c) => /\d/.test(c) && c.length < 30) &&
    first.some((c) => c.split(" ").length > 5)
  )
    body = body.slice(1); // a row of column descriptions
  const rows = body
    .filter((cells) => cells.length === headers.length)
    .map((cells) => ({
      cells,
      statement: `${title}: ${cells.map((c, i) => `${headers[i]} ${formatCell(headers[i]!, c)}`).join("; ")}.`,
    }));
  return rows.length > 0 ? { headers, rows } : null;
}

/** A sortable key for a period cell: `Q3 2024`, `2024-Q3`, `2024-03-31`, `Q2 2024 vs Q2 2023` (its first period). */
export function periodKey(cell: string): number | null {
  const q = /\bQ([1-4])\s*(\d{4})\b/i.exec(cell) ?? null;
  if (q) return Number(q[2]) * 10 + Number(q[1]);
  const q2 = /\b(\d{4})-?Q([1-4])\b/i.exec(cell);
  if (q2) return Number(q2[1]) * 10 + Number(q2[2]);
  const d = /\b(\d{4})-(\d{2})(?:-(\d{2}))?\b/.exec(cell);
  if (d) return Number(d[1]) * 10 + Math.ceil(Number(d[2]) / 3);
  const y = /\b(20\d{2}|19\d{2})\b/.exec(cell);
  return y ? Number(y[1]) * 10 : null;
}
