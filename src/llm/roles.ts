/** @module Roles (generator, agent, judge, embedder) and how each resolves to a model handle: flag, then env variable, then default. */
import { ROLES, type Role, RoleSchema } from "../core/usage.ts";

export { ROLES, RoleSchema };

/** The environment variable that names each role's handle. */
export const ROLE_VARIABLE: Record<Role, string> = {
  generator: "DRFLOW_GENERATOR_MODEL",
  agent: "DRFLOW_AGENT_MODEL",
  judge: "DRFLOW_JUDGE_MODEL",
  embedder: "DRFLOW_EMBEDDER_MODEL",
};

/** Defaults follow the paper: GPT-5.2 builds tasks, GPT-4o judges (Appendix L); agents default to GPT-5.2 too. */
export const ROLE_DEFAULT: Record<Role, string> = {
  generator: "openai:gpt-5.2",
  agent: "openai:gpt-5.2",
  judge: "openai:gpt-4o",
  embedder: "openai:text-embedding-3-small",
};

/**
 * The embedder role also takes `hashing[-<dim>]`: the offline hashing embedder (no key, no network), for local-only
 * runs. It is no provider's handle; the retrieval layer builds it (`retrieval/embedders`).
 */
export const OFFLINE_EMBEDDER = /^hashing(?:-(\d+))?$/;

/** Whether a handle names the offline hashing embedder rather than a provider's model. */
export function isOfflineEmbedder(handle: string): boolean {
  return OFFLINE_EMBEDDER.test(handle);
}

/** A role's handle: an explicit value (a CLI flag) wins, then `DRFLOW_<ROLE>_MODEL`, then the default. */
export function resolveRole(
  role: Role,
  explicit?: string | null,
  env: Record<string, string | undefined> = process.env,
): { handle: string; source: "flag" | "env" | "default" } {
  if (explicit) return { handle: explicit, source: "flag" };
  const fromEnv = env[ROLE_VARIABLE[role]];
  if (fromEnv) return { handle: fromEnv, source: "env" };
  return { handle: ROLE_DEFAULT[role], source: "default" };
}
