/** @module `drflow usage`: tokens and cost from the run store, by role and stage (or any grouping), for a run or a batch. */
import { type CallTotals, costsOf } from "../../core/index.ts";
import { textTable } from "../../core/text-table.ts";
import { formatCost } from "../../llm/cost.ts";
import { RunStore } from "../../store/run-store.ts";
import { runStoreLocation } from "../../store/shared.ts";
import { callTotals, callTotalsBy, UsageGroup } from "../../store/usage-queries.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
export const FLAGS = { strings: ["run", "batch", "agent", "by", "store"] } satisfies FlagSpec;

const USAGE =
  "drflow usage [--run ID] [--batch ID] [--agent NAME] [--by role,stage] [--store .drflow/runs.sqlite]";

/** Left-aligned text columns, right-aligned numbers. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === "number"));
  return textTable(
    header,
    rows.map((r) => r.map(String)),
    { right: (i) => numeric[i]! },
  );
}

/** A row's figures: calls, cache hits, tokens of every call, the cost fetched and at list price. */
function usageCells(u: CallTotals): (string | number)[] {
  const [fetched, list] = costsOf(u);
  return [
    u.calls,
    u.cachedCalls,
    u.listInputTokens,
    u.listOutputTokens,
    formatCost(fetched, 6),
    formatCost(list, 6),
  ];
}

export const usage: Command = {
  name: "usage",
  summary: "Tokens and cost of recorded LLM calls, by role and stage",
  flags: FLAGS,
  usage: `${USAGE}\n\n  --by takes any of: ${UsageGroup.options.join(", ")}. Costs use the price table at call time, shown twice: fetched\n  (cache hits cost nothing now) and at list price (cache hits at what they first cost);\n  a total over calls of unpriced models is a lower bound ("≥ $… (n calls unpriced)"), never a false $0.`,
  async run(args) {
    const { flags } = parseFlags(args, FLAGS, USAGE);
    const groups = String(flags.by ?? "role,stage")
      .split(",")
      .map((g) => g.trim())
      .filter(Boolean);
    for (const g of groups) {
      if (!UsageGroup.safeParse(g).success) {
        throw new UsageError(
          `--by: unknown grouping "${g}"; expected one of ${UsageGroup.options.join(", ")}`,
        );
      }
    }
    const filter = {
      ...(flags.run ? { run: String(flags.run) } : {}),
      ...(flags.batch ? { batch: String(flags.batch) } : {}),
      ...(flags.agent ? { agent: String(flags.agent) } : {}),
    };
    const store = new RunStore(runStoreLocation(flags));
    try {
      const totals = callTotals(store.db, filter);
      const scope =
        Object.entries(filter)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ") || "all runs";
      if (totals.calls === 0) {
        console.log(`no LLM calls recorded for ${scope} in ${store.path}`);
        return 0;
      }
      const rows = callTotalsBy(store.db, filter, groups as UsageGroup[]);
      const header = [
        ...groups.map((g) => (g === "cached" ? "cache_hit" : g)),
        "calls",
        "cached",
        "input_tokens",
        "output_tokens",
        "cost fetched",
        "at list price",
      ];
      const body = rows.map((r) => [...groups.map((g) => String(r[g] ?? "-")), ...usageCells(r)]);
      body.push([...groups.map((_, i) => (i === 0 ? "TOTAL" : "")), ...usageCells(totals)]);
      console.log(`usage for ${scope} (${store.path})\n`);
      console.log(formatTable(header, body));
      console.log(
        "\ncost fetched: calls answered by the provider now; at list price: every call, cache hits at what they first cost",
      );
      if (totals.estimatedCalls > 0) {
        console.log(
          `\n${totals.estimatedCalls} call(s) had no provider usage; their tokens are approximate counts`,
        );
      }
      return 0;
    } finally {
      store.close();
    }
  },
};
