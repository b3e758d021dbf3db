/** @module `drflow cache`: explain a miss (nearest entry and the key parts that differ), list misses, stats, clear. */
import { defaultCacheLocation, LlmCache } from "../../llm/cache.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { formatTable } from "./usage.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = { strings: ["cache"] } satisfies FlagSpec;

const USAGE = "drflow cache explain [KEY] | misses | stats | clear [--cache .drflow/cache.sqlite]";

function explain(cache: LlmCache, key: string | undefined): number {
  const { miss, nearest } = cache.explain(key);
  console.log(`miss ${miss.key.slice(0, 16)}  ${miss.handle}  at ${miss.created_at}`);
  console.log(`  prompt: "${miss.prompt}"`);
  if (!nearest) {
    console.log("no cached entry of the same kind: nothing to compare with");
    return 0;
  }
  console.log(
    `nearest cached entry ${nearest.key.slice(0, 16)}  ${nearest.handle}  from ${nearest.created_at}`,
  );
  if (nearest.differing.length === 0) {
    console.log("  identical key parts: the entry was written after this miss (a later run cached it)");
    return 0;
  }
  console.log(`  differs in ${nearest.differing.length} key part(s):`);
  for (const d of nearest.differing) console.log(`  - ${d.part}: ${d.detail}`);
  return 0;
}

export const cache: Command = {
  name: "cache",
  summary: "Inspect the LLM response cache: explain a miss, list misses, stats, clear",
  flags: FLAGS,
  usage: `${USAGE}\n\n  explain: the latest recorded miss (or the one whose key starts with KEY), the nearest cached entry\n  and which key part differs (provider, base_url, model, kind, messages, parameters, schema, tools, repeat).`,
  async run(args) {
    const { flags, positionals } = parseFlags(args, FLAGS, USAGE);
    const [sub, key] = positionals;
    const cache = new LlmCache(String(flags.cache ?? defaultCacheLocation()));
    try {
      switch (sub) {
        case "explain":
          return explain(cache, key);
        case "misses": {
          const rows = cache.misses(20);
          if (rows.length === 0) console.log("no cache misses recorded");
          else
            console.log(
              formatTable(
                ["key", "handle", "mode", "at", "prompt"],
                rows.map((m) => [m.key.slice(0, 16), m.handle, m.mode, m.created_at, m.prompt]),
              ),
            );
          return 0;
        }
        case "stats": {
          const s = cache.stats();
          console.log(`${cache.path}: ${s.entries} entries, ${s.misses} recorded misses`);
          if (s.byHandle.length)
            console.log(
              formatTable(
                ["handle", "entries"],
                s.byHandle.map((h) => [h.handle, h.entries]),
              ),
            );
          return 0;
        }
        case "clear":
          cache.clear();
          console.log(`cleared ${cache.path}`);
          return 0;
        default:
          throw new UsageError(
            `expected explain, misses, stats or clear${sub ? `, got "${sub}"` : ""}\nusage: ${USAGE}`,
          );
      }
    } finally {
      cache.close();
    }
  },
};
