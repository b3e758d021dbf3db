/**
 * @module Model endpoints are the server's choice: a request may name only a handle the server was started with
 * (`drflow serve --models`, DRFLOW_API_MODELS). A caller therefore cannot make the server send a key, a task's
 * documents or a prompt to an address of its choosing (`compat:http://attacker/v1#x`).
 */
import { ApiError } from "./errors.ts";

/** The handles DRFLOW_API_MODELS lists (comma-separated), trimmed. */
export function modelsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return (env.DRFLOW_API_MODELS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Refuse (403, naming the field) a handle the server does not allow; checked before any model is built. */
export function requireAllowedModel(allowed: readonly string[], handle: string, field: string): string {
  if (!allowed.includes(handle)) {
    const list = allowed.length
      ? `allowed: ${allowed.join(", ")}`
      : "this server allows no models (offline only)";
    throw new ApiError(
      403,
      `${field}: model "${handle}" is not allowed by this server (${list}; start it with --models or DRFLOW_API_MODELS)`,
      [{ field, message: "model not allowed by this server" }],
    );
  }
  return handle;
}
