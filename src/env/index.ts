/** @module The environment's public face: `loadEnv`, the apps and backends, the agent tools. */
export { embeddedApp } from "./apps/embedded.ts";
export { readArtifact, readDocuments, splitEntries } from "./documents.ts";
export { APP_NAMES, createEnv, type EnvParts } from "./env.ts";
export { envFromDocuments } from "./from-documents.ts";
export { INDEX_VERSION, type LoadEnvOptions, loadEnv } from "./load.ts";
export * from "./services/index.ts";
export * from "./tools.ts";
export type * from "./types.ts";
