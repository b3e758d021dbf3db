/** @module The public face of analysis: pure functions behind the paper's tables and figures. */
export * from "./aggregate.ts";
export * from "./agreement.ts";
export * from "./bootstrap.ts";
export * from "./citations.ts";
export * from "./compare.ts";
export * from "./contamination.ts";
export * from "./pareto.ts";
export * from "./rows.ts";
export * from "./stats.ts";
