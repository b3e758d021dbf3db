/**
 * @module Content-addressed identity of an agent run: the task's content, the agent with its full options, the model
 * handle and options, the split, the repeat, and the judge with its version. `drflow eval`, `drflow run`, the API and
 * the notebooks all take a run's identity from here, so a changed task (a regenerated suite) is never read back as
 * an old result, and an unchanged one always is.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { agentFromSpec, parseAgentSpec } from "../agents/registry.ts";
import type { ArtifactEntry, Split } from "../core/index.ts";
import type { Protocol } from "../judge/evaluate.ts";
import { DECISION_KINDS, type Judge } from "../judge/judges/types.ts";
import { ARTIFACTS_DIR, artifactPath, type LoadedTask } from "../store/task-store.ts";

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/** JSON with object keys sorted, so `{ a, b }` and `{ b, a }` hash alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * What a task is, by content: task.json (questions, gold, evidence), the manifest and the bytes of every realized
 * artifact it lists. Two tasks with the same fingerprint give an agent and a judge identical inputs.
 */
/** An artifact's file, or a path that does not exist (a missing file hashes as empty, as before). */
function fileOf(loaded: LoadedTask, entry: ArtifactEntry): string {
  try {
    return artifactPath(loaded, entry);
  } catch {
    return join(loaded.dir, ARTIFACTS_DIR, entry.path);
  }
}

export async function taskFingerprint(loaded: LoadedTask): Promise<string> {
  const hash = createHash("sha256");
  hash.update(canonicalJson(loaded.task));
  hash.update("\0");
  hash.update(canonicalJson(loaded.manifest));
  const entries = [...loaded.manifest.artifacts].sort((a, b) => a.path.localeCompare(b.path));
  for (const entry of entries) {
    const file = Bun.file(fileOf(loaded, entry));
    hash.update(`\0${entry.path}\0`);
    hash.update(new Uint8Array((await file.exists()) ? await file.arrayBuffer() : new ArrayBuffer(0)));
  }
  return hash.digest("hex");
}

/** An agent's default options (empty for an unknown name), so tables and identities compare complete option sets. */
export function agentDefaults(name: string): Record<string, unknown> {
  try {
    return { ...agentFromSpec(name).options };
  } catch {
    return {};
  }
}

/** The options that differ from the agent's defaults (what a table shows: `drfa w/o GF`, not every default). */
export function changedOptions(name: string, options: Record<string, unknown>): Record<string, unknown> {
  const defaults = agentDefaults(name);
  return Object.fromEntries(
    Object.entries(options).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v)),
  );
}

/** A run's complete options: its agent's defaults overlaid with what the run changed. */
export function fullOptions(run: {
  agent: string;
  agent_options: Record<string, unknown>;
}): Record<string, unknown> {
  return { ...agentDefaults(run.agent), ...run.agent_options };
}

/**
 * An agent spec's identity: its name and the options it changes from the defaults, whatever way the spec was written
 * (`drfa-wo-gf`, `drfa:gf=false` and `drfa:gf=false,cap=true` are one agent).
 */
export function agentIdentity(spec: string): { name: string; options: Record<string, unknown> } {
  const parsed = parseAgentSpec(spec);
  return {
    name: parsed.name,
    options: changedOptions(parsed.name, { ...agentDefaults(parsed.name), ...parsed.options }),
  };
}

/** Whether a stored run (name and options as recorded) is the agent `spec` names. */
export function sameAgent(
  spec: string,
  run: { agent: string; agent_options: Record<string, unknown> },
): boolean {
  const a = agentIdentity(spec);
  const parsed = parseAgentSpec(run.agent);
  const b = {
    name: parsed.name,
    options: changedOptions(
      parsed.name,
      fullOptions({ agent: parsed.name, agent_options: { ...parsed.options, ...run.agent_options } }),
    ),
  };
  return a.name === b.name && canonicalJson(a.options) === canonicalJson(b.options);
}

/**
 * A judge and its version: `lexical@<hash>` or `llm:<handle>@<hash>`, the hash over every decision kind's pinned
 * description (rules or prompt templates, thresholds, protocol, temperature, seed) — a changed judge re-scores.
 */
export function judgeIdentity(judge: Judge): string {
  const infos = DECISION_KINDS.map((k) => judge.info(k));
  const first = infos[0]!;
  return `${first.judge}${first.model ? `:${first.model}` : ""}@${sha256(canonicalJson(infos)).slice(0, 12)}`;
}

/** The judge name and model a `judgeIdentity` names (what its metric results carry in `judge.judge` / `judge.model`). */
export function judgeOfIdentity(identity: string): { judge: string; model: string | null } {
  const head = identity.replace(/@[0-9a-f]{12}$/, "");
  const colon = head.indexOf(":");
  return colon < 0
    ? { judge: head, model: null }
    : { judge: head.slice(0, colon), model: head.slice(colon + 1) };
}

/** Everything that decides a scored agent run's outcome. */
export type RunIdentityInput = {
  /** `taskFingerprint` of the task. */
  task: string;
  /** Agent spec in any spelling (normalized here). */
  agent: string;
  /** Model handle, or `none`. */
  model: string;
  /** Model settings that change outputs (JSON; empty when none). */
  modelOptions?: Record<string, unknown>;
  split: Split;
  repeat: number;
  /** `judgeIdentity`, or null for an unjudged run. */
  judge: string | null;
  /**
   * The embedder an LLM agent's environment index was built with (its searches rank by it); omitted for offline
   * agents, whose environments always embed with the offline hashing embedder, so their identities stay as they were.
   */
  embedder?: string;
};

/** The run's identity as 32 hex digits. */
export function runIdentity(input: RunIdentityInput): string {
  return sha256(
    canonicalJson({
      task: input.task,
      agent: agentIdentity(input.agent),
      model: input.model,
      modelOptions: input.modelOptions ?? {},
      split: input.split,
      repeat: input.repeat,
      judge: input.judge,
      embedder: input.embedder,
    }),
  ).slice(0, 32);
}

/** A batch cell's run id: `<batch>-<16 hex>` of the batch and the cell's identity (path-safe, deterministic). */
export function cellRunId(batch: string, identity: string): string {
  return `${batch}-${sha256(`${batch}\n${identity}`).slice(0, 16)}`;
}

/**
 * A default batch id, `eval-<12 hex>`, from the grid's settings, so re-running the same command resumes the same
 * batch. The batch only names the grid: its cells are content-addressed (`runIdentity`), so a changed task runs
 * anew inside the same batch while unchanged cells are read back.
 */
export function defaultBatchId(grid: {
  suite: string;
  tasks?: readonly string[];
  splits: readonly string[];
  agents: readonly string[];
  models: readonly string[];
  repeats: number;
  judge: string;
  /** The LLM judge's protocol; the paper's per-step one (the default) leaves earlier batch ids as they were. */
  judgeProtocol?: Protocol;
}): string {
  const judge =
    (grid.judgeProtocol ?? "per-step") === "per-step" ? grid.judge : `${grid.judge} (${grid.judgeProtocol})`;
  const text = JSON.stringify([
    grid.suite,
    grid.tasks ?? [],
    grid.splits,
    grid.agents,
    grid.models,
    grid.repeats,
    judge,
  ]);
  return `eval-${sha256(text).slice(0, 12)}`;
}
