/** @module Notebook cells: what a notebook emits (markdown, tables, SVG plots, mermaid sources, JSON) before rendering. */

export type TableColumn = { key: string; label?: string; align?: "left" | "right" };

export type Cell =
  | { kind: "md"; markdown: string }
  | { kind: "table"; rows: Record<string, unknown>[]; columns: TableColumn[]; caption: string }
  | { kind: "plot"; svg: string; caption: string }
  | { kind: "mermaid"; source: string; caption: string }
  | { kind: "json"; value: unknown; caption: string };
