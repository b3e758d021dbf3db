#!/usr/bin/env bun
/** @module `bun run nb <name> [key=value …] [--watch]`: run notebooks/<name>.ts and write .drflow/notebooks/<name>.html. */
import {
  defaultSettings,
  listNotebooks,
  NOTEBOOKS_DIR,
  notebookPagesDir,
  runNotebook,
} from "../notebook/registry.ts";
import { cellCounts, watchNotebook } from "../notebook/watch.ts";
import { studioUrl } from "../studio/announce.ts";
import { urls } from "../studio/urls.ts";

const USAGE =
  "usage: bun run nb <name> [key=value …] [--watch]   (writes .drflow/notebooks/<name>.html, where the studio reads it; --watch re-runs it when a notebook or source file changes)";

/** The studio page of the notebook when a server is running. */
function where(name: string): string {
  const url = studioUrl(urls.notebook(name));
  return url ? ` · ${url}` : "";
}

export async function main(argv: string[]): Promise<number> {
  const watching = argv.includes("--watch");
  const [name, ...rest] = argv.filter((a) => a !== "--watch");
  if (!name || name === "--help" || name === "-h") {
    const names = (await listNotebooks(process.env.DRFLOW_NOTEBOOKS || undefined))
      .map((n) => n.name)
      .join(", ");
    console.log(`${USAGE}\nnotebooks: ${names || "none"}`);
    return name ? 0 : 2;
  }
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq <= 0) {
      console.error(`nb: parameter "${p}": expected key=value\n${USAGE}`);
      return 2;
    }
    params[p.slice(0, eq)] = p.slice(eq + 1);
  }
  const dir = process.env.DRFLOW_NOTEBOOKS || undefined;
  if (watching) return watchMain(name, dir ?? NOTEBOOKS_DIR, params);
  try {
    // `model=<handle>` sets the model LLM agents and judges use, like DRFLOW_MODEL.
    const settings = { params, ...(params.model ? { model: params.model } : {}) };
    const result = await runNotebook(name, { ...(dir ? { dir } : {}), outDir: notebookPagesDir(), settings });
    console.log(
      `${result.output} (${result.cells} cells, ${(result.bytes / 1024).toFixed(0)} KiB)${where(name)}`,
    );
    return 0;
  } catch (error) {
    console.error(`nb ${name}: ${(error as Error).message}`);
    if (process.env.DRFLOW_DEBUG) console.error((error as Error).stack);
    return 1;
  }
}

async function watchMain(name: string, dir: string, params: Record<string, string>): Promise<number> {
  const { now: _now, ...settings } = defaultSettings({
    params,
    ...(params.model ? { model: params.model } : {}),
  });
  const watcher = watchNotebook(name, {
    dir,
    outDir: notebookPagesDir(),
    settings,
    onRun: (r) => {
      const c = cellCounts(r.stderr);
      console.log(
        `${new Date().toISOString().slice(11, 19)} ${r.trigger}: ${r.output} in ${r.ms.toFixed(0)} ms (${c.evaluated} cell(s) evaluated, ${c.skipped} reused)${where(name)}`,
      );
    },
    onError: (e, trigger) => console.error(`${trigger}: ${e.message}`),
  });
  await watcher.first;
  console.log(`watching ${dir} and src for changes (Ctrl-C to stop)`);
  await new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  watcher.close();
  return 0;
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
