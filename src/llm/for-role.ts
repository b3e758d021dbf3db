/** @module The model for a role: resolve the handle (flag, `DRFLOW_<ROLE>_MODEL`, default) and create it. */
import { createModel, type ModelOptions } from "./model.ts";
import { resolveRole } from "./roles.ts";
import type { Model, Role } from "./types.ts";

/** `modelForRole("judge", flags.judge)` → the judge model; a missing key names the variable to set. */
export function modelForRole(role: Role, explicit?: string | null, options: ModelOptions = {}): Model {
  const { handle } = resolveRole(role, explicit, options.env ?? process.env);
  return createModel(handle, { ...options, role });
}
