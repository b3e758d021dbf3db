/** @module Errors of the model layer: a missing key, a provider failure, a structured-output failure, a replay cache miss. */
import { ROLE_VARIABLE } from "./roles.ts";
import type { Role } from "./types.ts";

/**
 * A provider key is not set; the message names the variable to set and, for a role's model, how to pick another: the
 * way the user named this one (`namedBy`, a flag such as `--model`), else the role's variable.
 */
export class MissingKeyError extends Error {
  constructor(
    readonly variable: string,
    readonly handle: string,
    readonly role?: Role,
    readonly namedBy?: string,
  ) {
    const how = namedBy ?? (role ? ROLE_VARIABLE[role] : undefined);
    const other = how ? ` (or name another${role ? ` ${role}` : ""} model with ${how})` : "";
    super(`model "${handle}" needs an API key: set the environment variable ${variable}${other}`);
    this.name = "MissingKeyError";
  }
}

/** A provider request failed for good (non-retryable, or retries exhausted). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly attempts: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** The model never produced output that satisfied the schema. */
export class StructuredOutputError extends Error {
  constructor(
    readonly schemaName: string,
    readonly attempts: number,
    readonly lastRaw: string,
    readonly problems: string[],
  ) {
    const list = problems.map((p) => `  - ${p}`).join("\n");
    const raw = lastRaw.length > 2000 ? `${lastRaw.slice(0, 2000)}…` : lastRaw;
    super(
      `structured output "${schemaName}" rejected after ${attempts} attempt(s); problems:\n${list}\nlast raw output:\n${raw}`,
    );
    this.name = "StructuredOutputError";
  }
}

/** In `replay` mode a request had no cached response. */
export class CacheMissError extends Error {
  constructor(
    readonly key: string,
    readonly promptPreview: string,
    readonly handle: string,
  ) {
    super(
      `cache replay: no cached response for ${handle} (key ${key.slice(0, 16)}…), prompt: "${promptPreview}". ` +
        "Run with cache mode 'use' to record it, or 'drflow cache explain' to see the nearest entry.",
    );
    this.name = "CacheMissError";
  }
}
