/** @module Notebooks on disk: list them, resolve a name safely to its `.ts` file, run one to `out/<name>.html` atomically. */
import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SAFE_ID } from "../core/index.ts";
import { writeFileAtomic } from "../store/atomic-write.ts";
import { createNotebookApi, type NotebookModule, type NotebookSettings } from "./context.ts";
import { renderPage } from "./html.ts";

export const NOTEBOOKS_DIR = resolve(import.meta.dir, "../../notebooks");

/** Where `bun run nb` and the server write notebook pages: runtime state, never the source tree. */
export function notebookPagesDir(): string {
  return join(process.env.DRFLOW_STATE ?? ".drflow", "notebooks");
}

export type NotebookInfo = {
  name: string;
  path: string;
  output: string;
  rendered: boolean;
  renderedAt: string | null;
};

/** Notebook names are safe ids without dots, so a name can never reach outside the folder. */
export function notebookFile(dir: string, name: string): string {
  if (!SAFE_ID.test(name) || name.includes(".")) {
    throw new Error(
      `notebook "${name}": expected a name of letters, digits, '_' or '-' (a file notebooks/<name>.ts)`,
    );
  }
  return join(dir, `${name}.ts`);
}

/** The page of notebook `name`: `<outDir>/<name>.html` (default `<dir>/out`, where `bun run nb` writes). */
export function notebookOutput(dir: string, name: string, outDir = join(dir, "out")): string {
  notebookFile(dir, name);
  return join(outDir, `${name}.html`);
}

export async function listNotebooks(
  dir: string = NOTEBOOKS_DIR,
  outDir = join(dir, "out"),
): Promise<NotebookInfo[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  );
  const out: NotebookInfo[] = [];
  for (const f of files.sort()) {
    const name = f.slice(0, -3);
    if (!SAFE_ID.test(name) || name.includes(".")) continue;
    const output = notebookOutput(dir, name, outDir);
    const st = await stat(output).catch(() => null);
    out.push({
      name,
      path: join(dir, f),
      output,
      rendered: st !== null,
      renderedAt: st ? st.mtime.toISOString() : null,
    });
  }
  return out;
}

export function defaultSettings(overrides: Partial<NotebookSettings> = {}): NotebookSettings {
  return {
    tasksRoot: process.env.DRFLOW_TASKS ?? "tasks",
    stateDir: process.env.DRFLOW_STATE ?? ".drflow",
    model: process.env.DRFLOW_MODEL || null,
    params: {},
    now: () => new Date(),
    ...overrides,
  };
}

export type RunResult = { name: string; output: string; cells: number; bytes: number };

/** Import `notebooks/<name>.ts`, run it over a fresh API, and write the page (temp file + rename). */
export async function runNotebook(
  name: string,
  options: {
    dir?: string;
    settings?: Partial<NotebookSettings>;
    /** default `<dir>/out` */
    outDir?: string;
    /** Import the notebook file afresh under this tag (a watcher's re-run after an edit); its imports stay cached. */
    version?: string;
  } = {},
): Promise<RunResult> {
  const dir = options.dir ?? NOTEBOOKS_DIR;
  const file = notebookFile(dir, name);
  if (!(await Bun.file(file).exists())) {
    const known = (await listNotebooks(dir)).map((n) => n.name).join(", ") || "none";
    throw new Error(`notebook "${name}": no file ${file} (known notebooks: ${known})`);
  }
  const mod = (await import(
    options.version ? `${file}?v=${encodeURIComponent(options.version)}` : file
  )) as NotebookModule;
  if (typeof mod.default !== "function") {
    throw new Error(`notebook ${file}: expected a default-exported function (nb) => …`);
  }
  const settings = defaultSettings(options.settings);
  const { api, cells } = createNotebookApi(settings);
  await mod.default(api);
  const html = await renderPage({
    title: mod.title ?? name,
    cells,
    generatedAt: settings.now().toISOString(),
    notebook: name,
  });
  const outDir = options.outDir ?? join(dir, "out");
  const output = join(outDir, `${name}.html`);
  await writeFileAtomic(output, html);
  return { name, output, cells: cells.length, bytes: html.length };
}
