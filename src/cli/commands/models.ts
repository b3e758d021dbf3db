/** @module `drflow models`: known handles with prices and suggested roles, each role's resolved handle, and `models check`. */
import { KEY_VARIABLE, parseHandle } from "../../llm/handle.ts";
import { createModel } from "../../llm/model.ts";
import { PRICES, priceOf } from "../../llm/prices.ts";
import { ROLE_VARIABLE, ROLES, resolveRole } from "../../llm/roles.ts";
import { parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { formatTable } from "./usage.ts";

const USAGE = "drflow models [--json] | drflow models check [HANDLE] [--role generator|agent|judge|embedder]";

function keyStatus(handle: string): string {
  const { provider } = parseHandle(handle);
  const variable = KEY_VARIABLE[provider];
  if (provider === "compat") return "none needed";
  return `${variable} ${process.env[variable] ? "set" : "not set"}`;
}

function list(json: boolean): number {
  const roles = ROLES.map((role) => {
    const r = resolveRole(role);
    const price = priceOf(r.handle);
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
  if (json) {
    console.log(JSON.stringify({ as_of: PRICES.as_of, roles, models, reference: PRICES.reference }, null, 2));
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
        r.price ? r.price.input_per_1m.toFixed(3) : "unknown",
        r.price ? r.price.output_per_1m.toFixed(3) : "unknown",
        r.key,
      ]),
    ),
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
    "any OpenAI-compatible server: compat:<base URL>#<model> (no key needed, cost 0 unless priced)",
  );
  return 0;
}

/** One tiny chat call, to check a handle and its key end to end. */
async function check(handle: string): Promise<number> {
  const model = createModel(handle, { cacheMode: "off" });
  const started = Date.now();
  const result = await model.chat({
    messages: [{ role: "user", content: "Reply with the single word OK." }],
    maxTokens: 16,
    context: { stage: "models_check", role: "agent" },
  });
  const u = result.usage;
  console.log(
    `${handle}: "${result.text.trim().slice(0, 40)}" in ${Date.now() - started} ms, ${u.inputTokens} in / ${u.outputTokens} out tokens, $${u.costUsd.toFixed(6)}${u.costKnown === false ? " (unpriced)" : ""}`,
  );
  return 0;
}

export const models: Command = {
  name: "models",
  summary: "List model handles, their roles and prices; check a handle with one call",
  usage: `${USAGE}\n\n  Roles read DRFLOW_GENERATOR_MODEL, DRFLOW_AGENT_MODEL, DRFLOW_JUDGE_MODEL, DRFLOW_EMBEDDER_MODEL.\n  Keys: OPENAI_API_KEY, OPENROUTER_API_KEY (compat servers need none). Listing needs no key.`,
  async run(args) {
    const { flags, positionals } = parseFlags(args, { strings: ["role"], booleans: ["json"] }, USAGE);
    const [sub, ...rest] = positionals;
    if (!sub) return list(Boolean(flags.json));
    if (sub !== "check") throw new UsageError(`unknown sub-command "${sub}"\nusage: ${USAGE}`);
    if (flags.role && !ROLES.includes(flags.role as never)) {
      throw new UsageError(`--role: expected one of ${ROLES.join(", ")}, got "${flags.role}"`);
    }
    const handle =
      rest[0] ?? resolveRole((flags.role as (typeof ROLES)[number] | undefined) ?? "agent").handle;
    return check(handle);
  },
};
