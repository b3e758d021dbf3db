/**
 * @module The shared store: one PostgreSQL database (`DRFLOW_DATABASE_URL=postgres://…` or `--database`) that holds
 * the run store's and the model-call cache's tables for a team or a fleet of workers, next to the job queue and the
 * shared rate limit. When it is configured, the CLI, the API, the studio and the notebooks open the run store and the
 * cache on it directly (the same RunStore and LlmCache, over the Postgres driver of sql.ts), so they all read and write
 * one set of runs with no code change.
 */
import { DEFAULT_RUN_STORE_PATH } from "./run-store.ts";
import { isPostgresUrl, redactUrl } from "./sql.ts";

/** The environment variable naming the shared database. */
export const DATABASE_URL_ENV = "DRFLOW_DATABASE_URL";

/** The shared database's URL from the flag or the environment, checked; null when neither is set. */
export function databaseUrl(
  flag?: string | null,
  env: Record<string, string | undefined> = process.env,
): string | null {
  const url = flag || env[DATABASE_URL_ENV] || null;
  if (url === null) return null;
  if (!isPostgresUrl(url)) {
    throw new Error(
      `${DATABASE_URL_ENV}: expected postgres://user@host:port/database, got "${redactUrl(url)}"`,
    );
  }
  return url;
}

/**
 * Where a command's run store lives: a flag beats the environment, the shared database beats a file —
 * `--database`, `--store`, DRFLOW_DATABASE_URL, DRFLOW_RUN_STORE, then `fallback`.
 */
export function runStoreLocation(
  flags: { database?: unknown; store?: unknown } = {},
  fallback: string = DEFAULT_RUN_STORE_PATH,
  env: Record<string, string | undefined> = process.env,
): string {
  if (typeof flags.database === "string" && flags.database) return databaseUrl(flags.database, env)!;
  if (typeof flags.store === "string" && flags.store) return flags.store;
  return databaseUrl(null, env) ?? (env.DRFLOW_RUN_STORE || fallback);
}
