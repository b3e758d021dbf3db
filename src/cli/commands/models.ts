/** @module `drflow models`: known handles with prices and suggested roles, each role's resolved handle, and `models check`. */
import { parseHandle, providerOf } from "../../llm/handle.ts";
import { PRICES, priceOf } from "../../llm/prices.ts";
import { checkEndpoint } from "../../llm/probe.ts";
import { isOfflineEmbedder, ROLE_VARIABLE, ROLES, resolveRole } from "../../llm/roles.ts";
import type { Usage } from "../../llm/types.ts";
import { embedderFor, hashingEmbedder } from "../../retrieval/index.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { formatTable } from "./usage.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
export const FLAGS = { strings: ["role"], booleans: ["json"] } satisfies FlagSpec;

const USAGE = "drflow models [--json] | drflow models check [HANDLE] [--role generator|agent|judge|embedder]";

function keyStatus(handle: string): string {
  if (isOfflineEmbedder(handle)) return "none needed (offline)";
  const { provider } = parseHandle(handle);
  const { keyVariable: variable, key } = providerOf({ provider });
  if (key !== "always") return "none needed";
  return `${variable} ${process.env[variable] ? "set" : "not set"}`;
}

function list(json: boolean): number {
  const roles = ROLES.map((role) => {
    const r = resolveRole(role);
    const price = isOfflineEmbedder(r.handle) ? null : priceOf(r.handle);
    return {
      role,
      handle: r.handle,
      source: r.source,
      variable: ROLE_VARIABLE[role],
      price,
      key: keyStatus(r.handle),
    };
  });
  const models = Object.entries(PRICES.models).map(([handle, p]) => ({
    handle,
    ...p,
    key: keyStatus(handle),
  }));
  // Environment indexes: LLM agents' embed with the embedder role (as the judge and their session stores do), offline
  // agents' with the hashing embedder (no key, no network) — see `defaultServices`' envEmbedder.
  const envIndex = {
    llm_agents: roles.find((r) => r.role === "embedder")!.handle,
    offline_agents: hashingEmbedder().name,
  };
  if (json) {
    console.log(
      JSON.stringify(
        { as_of: PRICES.as_of, roles, env_index: envIndex, models, reference: PRICES.reference },
        null,
        2,
      ),
    );
    return 0;
  }
  console.log("roles (flag > environment variable > default):\n");
  console.log(
    formatTable(
      ["role", "handle", "from", "set with", "in $/1M", "out $/1M", "key"],
      roles.map((r) => [
        r.role,
        r.handle,
        r.source,
        r.variable,
        r.price ? r.price.input_per_1m.toFixed(3) : isOfflineEmbedder(r.handle) ? "0 (offline)" : "unpriced",
        r.price ? r.price.output_per_1m.toFixed(3) : isOfflineEmbedder(r.handle) ? "0 (offline)" : "unpriced",
        r.key,
      ]),
    ),
  );
  console.log(
    `\nenvironment indexes (drflow run / eval): LLM agents' embed with ${envIndex.llm_agents} (the embedder role), offline agents' with ${envIndex.offline_agents}`,
  );
  console.log(`\nknown handles (USD per 1M tokens, list prices as of ${PRICES.as_of}):\n`);
  console.log(
    formatTable(
      ["handle", "in $/1M", "out $/1M", "suggested roles", "key"],
      models.map((m) => [m.handle, m.input_per_1m, m.output_per_1m, m.roles.join(", "), m.key]),
    ),
  );
  const ref = PRICES.reference;
  console.log(
    `\nreference: ${ref.handle} at $${ref.input_per_1m} / $${ref.output_per_1m} per 1M (in / out). ${ref.source}`,
  );
  console.log(
    "any OpenAI-compatible server: compat:<base URL>#<model>[?structured=json_schema|json_object|prompt&input_per_1m=…&output_per_1m=…]\n" +
      "  (no key needed; unpriced unless priced on the handle). Check one with: drflow models check <handle>",
  );
  return 0;
}

function describeCost(usage: Usage | null): string {
  if (!usage) return "-";
  return usage.costKnown === false ? "unpriced" : `$${usage.costUsd.toFixed(6)}`;
}

/** `drflow models check`: the probes as a table, then the structured mode drflow will use, the price and 1K calls. */
async function check(handle: string, env: Record<string, string | undefined>): Promise<number> {
  const result = await checkEndpoint(handle, { env, offlineEmbedder: embedderFor });
  const shown = result.handle;
  console.log(`${shown}\n`);
  console.log(
    formatTable(
      ["probe", "result", "reply", "in", "out", "ms", "cost"],
      result.probes.map((p) => [
        p.probe,
        p.ok ? "ok" : "FAILED",
        p.detail,
        p.usage?.inputTokens ?? "-",
        p.usage?.outputTokens ?? "-",
        p.ms,
        describeCost(p.usage),
      ]),
    ),
  );
  const { structured, price, per1kChatCalls: per1k } = result;
  const lines = [""];
  lines.push(
    structured
      ? `drflow will ask ${shown} for structure with: ${structured}${structured === "json_schema" ? " (strict)" : ""}`
      : `no structured mode worked: ${shown} cannot serve the generator, agents or judge`,
  );
  if (structured && structured !== result.configured)
    lines.push(
      `  (it falls back to ${structured} on its own; add ?structured=${structured} to the handle to skip the failing modes)`,
    );
  lines.push(
    price
      ? `price: $${price.input_per_1m} in / $${price.output_per_1m} out per 1M tokens`
      : "price: unpriced — give one on the handle: ?input_per_1m=<USD>&output_per_1m=<USD> (usage then shows real costs)",
  );
  if (per1k)
    lines.push(
      `1K calls like the chat probe (${per1k.usage.inputTokens} in / ${per1k.usage.outputTokens} out tokens, ${per1k.usage.usageSource ?? "provider"} usage): ${per1k.usd === null ? "unpriced" : `$${per1k.usd.toFixed(4)}`}`,
    );
  console.log(lines.join("\n"));
  return result.ok ? 0 : 1;
}

export const models: Command = {
  name: "models",
  summary: "List model handles, their roles and prices; check a handle with one call",
  flags: FLAGS,
  usage: `${USAGE}\n\n  Roles read DRFLOW_GENERATOR_MODEL, DRFLOW_AGENT_MODEL, DRFLOW_JUDGE_MODEL, DRFLOW_EMBEDDER_MODEL.\n  Keys: OPENAI_API_KEY, OPENROUTER_API_KEY (compat servers need none). Listing needs no key.`,
  async run(args) {
    const { flags, positionals } = parseFlags(args, FLAGS, USAGE);
    const [sub, ...rest] = positionals;
    if (!sub) return list(Boolean(flags.json));
    if (sub !== "check") throw new UsageError(`unknown sub-command "${sub}"\nusage: ${USAGE}`);
    if (flags.role && !ROLES.includes(flags.role as never)) {
      throw new UsageError(`--role: expected one of ${ROLES.join(", ")}, got "${flags.role}"`);
    }
    const handle =
      rest[0] ?? resolveRole((flags.role as (typeof ROLES)[number] | undefined) ?? "agent").handle;
    return check(handle, process.env);
  },
};
