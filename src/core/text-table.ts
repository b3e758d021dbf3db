/** @module Plain-text tables for terminal output: padded columns two spaces apart, a dashed rule under the header. */

export type TextTableOptions = {
  /** Columns whose cells are right-aligned (numbers); the others are left-aligned. */
  right?: (column: number) => boolean;
  /** A last row (totals), set off by a second rule. */
  footer?: readonly string[];
};

/** Render `header` and `rows` as aligned columns; trailing spaces are trimmed from every line. */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: TextTableOptions = {},
): string {
  const right = options.right ?? (() => false);
  const all = [header, ...rows, ...(options.footer ? [options.footer] : [])];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    widths
      .map((w, i) => (right(i) ? (cells[i] ?? "").padStart(w) : (cells[i] ?? "").padEnd(w)))
      .join("  ")
      .trimEnd();
  const rule = line(widths.map((w) => "-".repeat(w)));
  const footer = options.footer ? [rule, line(options.footer)] : [];
  return [line(header), rule, ...rows.map(line), ...footer].join("\n");
}
