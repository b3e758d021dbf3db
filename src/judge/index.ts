/** @module The judge's public face: report parsing and rendering, and `evaluate` (DRFlow's seven metrics, DRBench's four). */
export { workflowFlowchart } from "./report/flowchart.ts";
export { type ParsedReport, parseReportMarkdown } from "./report/parse.ts";
export { Problem } from "./report/problem.ts";
export { renderReportMarkdown } from "./report/render.ts";
