/** @module `drflow studio bundle`: one batch's studio pages as a static folder that opens from disk (src/studio/bundle.ts). */
import { resolve } from "node:path";
import { Hono } from "hono";
import { defaultDeps } from "../../api/primitives.ts";
import { RunStore } from "../../store/run-store.ts";
import { runStoreLocation } from "../../store/shared.ts";
import { studioRoutes } from "../../studio/app.ts";
import { bundleBatch, shownPath } from "../../studio/bundle.ts";
import { STUDIO } from "../../studio/urls.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = { strings: ["batch", "out", "root", "store", "cache"] } satisfies FlagSpec;

const USAGE =
  "drflow studio bundle --batch <id> --out <dir> [--root tasks] [--store .drflow/runs.sqlite] [--cache .drflow/cache.sqlite]";

export const studio: Command = {
  name: "studio",
  summary: "Bundle one batch's studio pages as a static folder that opens from disk",
  flags: FLAGS,
  usage: `${USAGE}\n\n  Writes the batch's grid, runs list, every run with its judgment and cited documents, and the compare pages of its\n  configurations, with relative links; open <dir>/index.html in a browser (file://) or put the folder on any static host.`,
  async run(args) {
    const { flags, positionals } = parseFlags(args, FLAGS, USAGE);
    if (positionals[0] !== "bundle")
      throw new UsageError(
        `expected "bundle"${positionals[0] ? `, got "${positionals[0]}"` : ""}\nusage: ${USAGE}`,
      );
    const batch = flags.batch as string | undefined;
    const out = flags.out as string | undefined;
    if (!batch || !out) throw new UsageError(`--batch and --out are required\nusage: ${USAGE}`);
    const store = new RunStore((flags.store as string | undefined) ?? runStoreLocation());
    try {
      const runs = store.listRuns({ batch, kind: "agent" });
      if (runs.length === 0) {
        console.error(
          `drflow studio bundle: no agent runs in batch "${batch}" (see drflow usage or the studio's batches page)`,
        );
        return 1;
      }
      const app = new Hono().route(
        STUDIO,
        studioRoutes(
          defaultDeps({ store, tasksRoot: (flags.root as string | undefined) ?? "tasks" }),
          flags.cache ? { cachePath: flags.cache as string } : {},
        ),
      );
      const result = await bundleBatch(app, batch, new Set(runs.map((r) => r.id)), resolve(out));
      console.log(
        `bundled batch ${batch}: ${result.pages} pages and ${result.files} files in ${shownPath(result.dir)}; open ${shownPath(result.index)}`,
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
