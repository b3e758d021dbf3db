/** @module The data model of drflow: zod schemas are the source of truth; types are inferred from them. */
export * from "./artifact.ts";
export * from "./evidence.ts";
export * from "./figures.ts";
export * from "./ids.ts";
export * from "./metric.ts";
export * from "./report.ts";
export * from "./run.ts";
export * from "./task.ts";
export * from "./usage.ts";
export * from "./utf8.ts";
export * from "./workflow.ts";
export * from "./zod-issues.ts";
