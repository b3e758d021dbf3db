/** @module The agents' public face: factories, the registry, and `runAgent`. */
export { type BasicOptions, basic } from "./basic/index.ts";
export { brief } from "./brief/index.ts";
export { type AgentDefinition, defineAgent } from "./define.ts";
export { type DrbaOptions, type DrbaPlanning, drba } from "./drba/index.ts";
export { type DrfaOptions, drfa } from "./drfa/index.ts";
export { extractive } from "./extractive/index.ts";
export {
  agentDefinitions,
  agentFromSpec,
  agentLabel,
  agentNames,
  agentsServing,
  formatAgentSpec,
  parseAgentSpec,
  registerAgent,
  unregisterAgent,
} from "./registry.ts";
export { type RunAgentOptions, type RunAgentResult, runAgent } from "./run.ts";
export type { AgentUsage } from "./shared/trace.ts";
export type { Agent, AgentContext, AgentOutput, TraceEvent } from "./types.ts";
