#!/usr/bin/env bun
/** @module `bun run nb <name> [key=value …]`: run notebooks/<name>.ts and write notebooks/out/<name>.html. */
import { listNotebooks, runNotebook } from "./registry.ts";

const USAGE = "usage: bun run nb <name> [key=value …]   (writes notebooks/out/<name>.html)";

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
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
  try {
    const dir = process.env.DRFLOW_NOTEBOOKS || undefined;
    const result = await runNotebook(name, { ...(dir ? { dir } : {}), settings: { params } });
    console.log(`${result.output} (${result.cells} cells, ${(result.bytes / 1024).toFixed(0)} KiB)`);
    return 0;
  } catch (error) {
    console.error(`nb ${name}: ${(error as Error).message}`);
    if (process.env.DRFLOW_DEBUG) console.error((error as Error).stack);
    return 1;
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
