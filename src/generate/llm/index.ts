/** @module LLM benchmark construction, public face: stages S1–S6, the suite run, seed import, §C.2 task validation and review export/import. */

export { ReviewItem, validateTaskEvidence } from "../../review/evidence.ts";
export { exportReview, importReview, readReview } from "../../review/export.ts";
export { DEFAULT_MODALITIES, ModalityConfig } from "./files/modality.ts";
export { GENERATION_DEFAULTS, type GenerationOptions, type ProgressEvent } from "./options.ts";
export { type GeneratedTask, generateTask as generateLlmTask } from "./pipeline.ts";
export { type GenerateRequest, generateValidated, ValidationFailed } from "./regenerate.ts";
export { importSeeds, SeedImportError } from "./seeds/import.ts";
export { runS1, SeedRecord, SeedRow } from "./stages/s1-seeds.ts";
export { runS2Contexts, runS2Workflow } from "./stages/s2-contexts.ts";
export { runS3Distractors } from "./stages/s3-company.ts";
export { runS4 } from "./stages/s4-personalized.ts";
export { runS5Distractors, runS5Insights } from "./stages/s5-user.ts";
export { factCheck, runS6Insights, runS6Questions, runS6Scene } from "./stages/s6-adjacent.ts";
export {
  checkLlmSuite,
  generateLlmSuite,
  type SuiteRequest,
  type SuiteResult,
  type SuiteSource,
} from "./suite.ts";
