/** @module The API a notebook receives: md, table, plot, mermaid, json — each call appends a cell. */
import type { Cell, TableColumn } from "./cells.ts";
import { Plot, type PlotOptions, renderPlot } from "./plot.ts";

export type NotebookSettings = {
  /** Root of the task suites (default `tasks`). */
  tasksRoot: string;
  /** Folder for runtime state (default `.drflow`): run store, caches. */
  stateDir: string;
  /** Model handle to use when a notebook can run LLM agents or judges (from `DRFLOW_MODEL`); null offline. */
  model: string | null;
  /** Notebook parameters, e.g. `{ a: "<run id>", b: "<run id>" }` for `compare` (`bun run nb compare a=… b=…`). */
  params: Record<string, string>;
  now: () => Date;
};

export type NotebookApi = {
  readonly settings: NotebookSettings;
  /** Observable Plot's namespace (marks, scales), so a notebook needs no import to chart. */
  readonly Plot: typeof Plot;
  /** Markdown text (GitHub-flavoured). */
  md(markdown: string): void;
  /** A table; columns default to the keys of the first row. */
  table(
    rows: Record<string, unknown>[],
    options?: { columns?: (string | TableColumn)[]; caption?: string },
  ): void;
  /** An Observable Plot chart, rendered to SVG on the server. */
  plot(options: PlotOptions, caption?: string): void;
  /** A mermaid diagram source (rendered in the browser by the inlined mermaid bundle). */
  mermaid(source: string, caption?: string): void;
  /** Any JSON value, pretty-printed. */
  json(value: unknown, caption?: string): void;
};

/** A notebook module: a default-exported function over the API, and a title. */
export type NotebookModule = { title?: string; default: (nb: NotebookApi) => Promise<void> | void };

export function createNotebookApi(settings: NotebookSettings): { api: NotebookApi; cells: Cell[] } {
  const cells: Cell[] = [];
  const api: NotebookApi = {
    settings,
    Plot,
    md: (markdown) => void cells.push({ kind: "md", markdown }),
    table: (rows, options = {}) => {
      const cols = options.columns ?? Object.keys(rows[0] ?? {});
      const columns = cols.map((c) => (typeof c === "string" ? { key: c } : c));
      cells.push({ kind: "table", rows, columns, caption: options.caption ?? "" });
    },
    plot: (options, caption = "") => void cells.push({ kind: "plot", svg: renderPlot(options), caption }),
    mermaid: (source, caption = "") => void cells.push({ kind: "mermaid", source, caption }),
    json: (value, caption = "") => void cells.push({ kind: "json", value, caption }),
  };
  return { api, cells };
}
