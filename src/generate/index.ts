/** @module The `generate` primitive's public face: procedural (offline) generation of tasks and suites, realization, validation. */

export {
  RULES as VALIDATION_RULES,
  renderSummaryTable,
  summarizeTask,
  type TaskSummary,
  type ValidateOptions,
  type Violation,
  validateTask,
  validateTaskDir,
} from "../store/validate/index.ts";
export { neutralPaths, sealTask, type TaskFolder } from "./identity.ts";
export {
  ALL_DOMAINS,
  FAMILIES,
  type FamilySpec,
  familiesOf,
  type GeneratedTask as ProceduralTask,
  generateProceduralSuite,
  generateProceduralSuite as generateSuite,
  generateProceduralTask,
  loadFamilies,
  type PlannedArtifact,
  type ProceduralOptions,
  realizeTask,
  type SuiteOptions,
  type SuiteTask,
  suitePlan,
  taskFolder,
} from "./procedural/index.ts";
export { type ArtifactContent, realize } from "./realize/index.ts";
