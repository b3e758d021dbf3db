/**
 * @module Tables as files: CSV (RFC 4180 quoting) and JSONL (one object per row) from rows and named columns, for the
 * server-side exports (every run a filter matches, not only the page shown); `TABLE_EXPORT_SCRIPT` gives every other
 * table on a page the same two downloads from its cells, so it works in a static bundle too.
 */

export type ExportColumn<T> = { name: string; value: (row: T) => string | number | null };

function csvField(v: string | number | null): string {
  if (v === null) return "";
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV file's header line. */
export function csvHeader<T>(columns: readonly ExportColumn<T>[]): string {
  return `${columns.map((c) => csvField(c.name)).join(",")}\r\n`;
}

/** CSV lines of `rows`, without the header (a file written in chunks). */
export function csvRows<T>(rows: Iterable<T>, columns: readonly ExportColumn<T>[]): string {
  let out = "";
  for (const r of rows) out += `${columns.map((c) => csvField(c.value(r))).join(",")}\r\n`;
  return out;
}

export function toCsv<T>(rows: Iterable<T>, columns: readonly ExportColumn<T>[]): string {
  return csvHeader(columns) + csvRows(rows, columns);
}

export function toJsonl<T>(rows: Iterable<T>, columns: readonly ExportColumn<T>[]): string {
  let out = "";
  for (const r of rows)
    out += `${JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, c.value(r)])))}\n`;
  return out;
}

export const EXPORT_TYPES = {
  csv: "text/csv; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
} as const;
export type ExportFormat = keyof typeof EXPORT_TYPES;

/**
 * Every table with a header on a page gets "CSV · JSONL" links that download its cells as shown (header texts as
 * keys, a cell's `data-v` over its text); a table with `data-export` (a URL with `{format}`) links there instead: the
 * server's export of every matching row (not in a static bundle, which has no server). `data-noexport` leaves a table out.
 */
export const TABLE_EXPORT_SCRIPT = `
(() => {
  const text = (c) => (c.dataset.v ?? c.textContent).replace(/\\s+/g, " ").trim();
  const q = (v) => /[",\\r\\n]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
  function rowsOf(t) {
    const head = [...t.tHead.rows[0].cells].map(text);
    const body = [...t.tBodies[0].rows].map((r) => [...r.cells].map(text));
    return { head, body };
  }
  function save(name, type, data) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([data], { type }));
    a.download = name; document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  document.querySelectorAll("main table").forEach((t, i) => {
    const box = t;
    if (!t.tHead || !t.tBodies[0] || t.dataset.noexport !== undefined) return;
    const name = (t.id || "table-" + (i + 1));
    const bar = document.createElement("div"); bar.className = "export small";
    const link = (label, fn) => { const a = document.createElement("a"); a.href = "#"; a.textContent = label; a.className = "export-" + label.toLowerCase(); a.onclick = (e) => { e.preventDefault(); fn(); }; return a; };
    // A static bundle (file://) has no server to export from: its tables export their cells.
    if (box.dataset.export && location.protocol !== "file:") {
      for (const f of ["csv", "jsonl"]) { const a = document.createElement("a"); a.href = box.dataset.export.replace("{format}", f); a.textContent = f.toUpperCase(); a.className = "export-" + f; a.title = "every matching row"; bar.append(a, " "); }
    } else {
      bar.append(link("CSV", () => { const { head, body } = rowsOf(t); save(name + ".csv", "text/csv", [head, ...body].map((r) => r.map(q).join(",")).join("\\r\\n") + "\\r\\n"); }), " ",
        link("JSONL", () => { const { head, body } = rowsOf(t); save(name + ".jsonl", "application/x-ndjson", body.map((r) => JSON.stringify(Object.fromEntries(head.map((h, j) => [h || "column " + (j + 1), r[j] ?? ""])))).join("\\n") + "\\n"); }));
    }
    bar.prepend("export: ");
    box.after(bar);
  });
})();
`;
