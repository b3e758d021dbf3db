/** @module What every LLM stage needs: the model, the generation run for usage attribution, the retry limit and sampling settings. */
import type { Model } from "../../../llm/types.ts";
import type { Revision } from "../revision.ts";

export type StageEnv = {
  model: Model;
  /** Generation run id; every call's usage is attributed to it with the stage name and role "generator". */
  runId?: string;
  /** Regenerations after a failed validation (default 3). */
  maxRetries?: number;
  temperature?: number;
  seed?: number;
  /** A human review being acted on: its reasons are fed to the prompts of the stages it sends back. */
  revision?: Revision;
};

/** The part of a stage request that comes from the environment. */
export function callSettings(env: StageEnv) {
  return {
    model: env.model,
    runId: env.runId,
    maxRetries: env.maxRetries,
    temperature: env.temperature,
    seed: env.seed,
    reviewFeedback: env.revision?.feedback,
  };
}
