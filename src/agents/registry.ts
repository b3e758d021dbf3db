/**
 * @module The agent registry: a name or spec string → an `Agent`. Specs are `name` or `name:key=value,key=value`
 * (e.g. `drfa:gf=false`, `drba:planning=srp,aap=false`), plus the paper's ablation names (`drfa-wo-gf`,
 * `drfa-wo-cap`, `drfa-wo-both`).
 */
import type { TaskKind } from "../core/index.ts";
import { BASIC } from "./basic/index.ts";
import { BRIEF } from "./brief/index.ts";
import type { AgentDefinition } from "./define.ts";
import { DRBA } from "./drba/index.ts";
import { DRFA } from "./drfa/index.ts";
import { EXTRACTIVE } from "./extractive/index.ts";
import type { Agent } from "./types.ts";

/** Every agent, in the order help texts and menus list them: the one list, each entry an agent's own declaration. */
const AGENTS: AgentDefinition[] = [BASIC, DRBA, DRFA, EXTRACTIVE, BRIEF];

/**
 * Add an agent (a plug-in, a test's throwaway agent): from then on the CLI, the API (its enums and OpenAPI document) and
 * the studio list it. A name or alias already taken is an error.
 */
export function registerAgent(definition: AgentDefinition): void {
  const taken = new Set(AGENTS.flatMap((a) => [a.name, ...Object.keys(a.aliases)]));
  for (const name of [definition.name, ...Object.keys(definition.aliases)])
    if (taken.has(name)) throw new Error(`agent "${name}" is already registered`);
  AGENTS.push(definition);
}

/** Remove an agent `registerAgent` added (tests clean up after themselves). */
export function unregisterAgent(name: string): void {
  const i = AGENTS.findIndex((a) => a.name === name);
  if (i >= 0) AGENTS.splice(i, 1);
}

/** The registered agents' declarations, in registration order. */
export function agentDefinitions(): readonly AgentDefinition[] {
  return AGENTS;
}

/** The registered agents' names. */
export function agentNames(): string[] {
  return AGENTS.map((a) => a.name);
}

/** The names of the agents that serve a task kind. */
export function agentsServing(kind: TaskKind): string[] {
  return AGENTS.filter((a) => a.serves.includes(kind)).map((a) => a.name);
}

function aliasOf(name: string): { name: string; options: Readonly<Record<string, unknown>> } | undefined {
  for (const a of AGENTS) if (a.aliases[name]) return { name: a.name, options: a.aliases[name]! };
  return undefined;
}

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
  const alias = aliasOf(name);
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
  const definition = AGENTS.find((a) => a.name === parsed.name);
  if (!definition) {
    const known = [...agentNames(), ...AGENTS.flatMap((a) => Object.keys(a.aliases))];
    throw new Error(`unknown agent "${parsed.name}": expected one of ${known.join(", ")}`);
  }
  try {
    return definition.create(opts);
  } catch (err) {
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
