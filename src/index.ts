/** @module The public API of drflow: the four primitives (generate, loadEnv, runAgent, judge/evaluate) and analysis. */

export * from "./agents/index.ts";
export * from "./analysis/index.ts";
export * from "./core/index.ts";
export * from "./env/index.ts";
export * from "./eval/index.ts";
export * from "./extract/index.ts";
export * from "./generate/index.ts";
export * from "./generate/llm/index.ts";
export * from "./judge/index.ts";
export * from "./llm/index.ts";
export * from "./retrieval/index.ts";
export * from "./store/run-store-api.ts";
export * from "./store/task-store.ts";
