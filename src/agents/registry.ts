/**
 * @module The agent registry: a name or spec string → an `Agent`. Specs are `name` or `name:key=value,key=value`
 * (e.g. `drfa:gf=false`, `drba:planning=srp,aap=false`), plus the paper's ablation names (`drfa-wo-gf`,
 * `drfa-wo-cap`, `drfa-wo-both`).
 */
import { basic } from "./basic/index.ts";
import { brief } from "./brief/index.ts";
import { drba } from "./drba/index.ts";
import { drfa } from "./drfa/index.ts";
import { extractive } from "./extractive/index.ts";
import type { Agent } from "./types.ts";

export const AGENT_NAMES = ["basic", "drba", "drfa", "extractive", "brief"] as const;

const ALIASES: Readonly<Record<string, { name: string; options: Record<string, unknown> }>> = {
  "drfa-wo-gf": { name: "drfa", options: { gf: false } },
  "drfa-wo-cap": { name: "drfa", options: { cap: false } },
  "drfa-wo-both": { name: "drfa", options: { gf: false, cap: false } },
};

function value(raw: string): unknown {
  if (raw === "true") return true;
  if (raw === "false") return false;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

/** Parse `name:key=value,…` into a name and options. */
export function parseAgentSpec(spec: string): { name: string; options: Record<string, unknown> } {
  const [head, rest] = spec.trim().split(/:(.*)/s, 2) as [string, string | undefined];
  const name = head.trim().toLowerCase();
  const alias = ALIASES[name];
  const options: Record<string, unknown> = { ...(alias?.options ?? {}) };
  for (const pair of (rest ?? "").split(",").filter((p) => p.trim())) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`agent spec "${spec}": expected key=value, got "${pair}"`);
    options[pair.slice(0, eq).trim()] = value(pair.slice(eq + 1).trim());
  }
  return { name: alias?.name ?? name, options };
}

/** The spec of a name and options, the inverse of `parseAgentSpec`: `drfa` + `{ gf: false }` → `drfa:gf=false`. */
export function formatAgentSpec(name: string, options: Readonly<Record<string, unknown>> = {}): string {
  const pairs = Object.entries(options).map(([k, v]) => `${k}=${String(v)}`);
  return pairs.length ? `${name}:${pairs.join(",")}` : name;
}

/** Build an agent from its name (or spec) and options; options given here override those in the spec. */
export function agentFromSpec(spec: string, options: Record<string, unknown> = {}): Agent {
  const parsed = parseAgentSpec(spec);
  const opts = { ...parsed.options, ...options };
  const fail = (err: unknown): never => {
    throw new Error(`agent "${spec}": invalid options ${JSON.stringify(opts)}: ${(err as Error).message}`);
  };
  try {
    switch (parsed.name) {
      case "basic":
        return basic(opts);
      case "drba":
        return drba(opts);
      case "drfa":
        return drfa(opts);
      case "extractive":
        return extractive(opts);
      case "brief":
        return brief(opts);
      default:
        throw new Error(
          `unknown agent "${parsed.name}": expected one of ${[...AGENT_NAMES, ...Object.keys(ALIASES)].join(", ")}`,
        );
    }
  } catch (err) {
    if ((err as Error).message.startsWith("unknown agent")) throw err;
    return fail(err);
  }
}

/** A short label for tables: the name plus the options that differ from the defaults, e.g. `drfa(gf=false)`. */
export function agentLabel(agent: Agent): string {
  const defaults = agentFromSpec(agent.name).options;
  const diff = Object.entries(agent.options).filter(
    ([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v),
  );
  return diff.length === 0
    ? agent.name
    : `${agent.name}(${diff.map(([k, v]) => `${k}=${String(v)}`).join(",")})`;
}
