/** @module Typed action records (Appendix J.3): what the planners propose and the scheduler runs. */
import { z } from "zod";
import type { ToolPromptInfo } from "../prompts/tool-guidelines.ts";
import { OFFERED_SERVICES } from "./services.ts";

/** The workflow stages the planner labels actions with (J.3). */
export const WorkflowStage = z.enum([
  "REQUIREMENT_COLLECTION",
  "PERSONAL_EVIDENCE_COLLECTION",
  "GENERAL_FLOWCHART_DESIGN",
  "FLOWCHART_PERSONALIZATION",
  /** DRBA does not label stages. */
  "RESEARCH",
]);
export type WorkflowStage = z.infer<typeof WorkflowStage>;

/** The action space: retrieval over local documents, enterprise apps, the web; reading a found document whole; analysis. */
export const ActionType = z.enum([
  "local_document_search",
  "enterprise_api",
  "web_search",
  "read_document",
  "analysis",
]);
export type ActionType = z.infer<typeof ActionType>;

/** Where an action came from: the initial plan, conditional action planning (J.8), gap finding (J.6), DRBA's AAP. */
export const ActionOrigin = z.enum(["plan", "conditional", "gap", "adaptive"]);
export type ActionOrigin = z.infer<typeof ActionOrigin>;

export const ActionStatus = z.enum(["pending", "running", "done", "failed"]);
export type ActionStatus = z.infer<typeof ActionStatus>;

export const ActionParameters = z.looseObject({
  query: z.string().default(""),
  top_k: z.number().int().min(1).max(50).default(10),
  /** enterprise_api: "auto" or one of nextcloud | mattermost | email | filebrowser (or an app name). */
  service: z.string().default("auto"),
  /** read_document: the path (or `src_N` key, or title) of a found document to read whole. */
  document: z.string().default(""),
});
export type ActionParameters = z.infer<typeof ActionParameters>;

/** One action record: id, type, description, parameters, priority, dependencies, expected output, tool, stage. */
export const Action = z.object({
  id: z.string().min(1),
  type: ActionType,
  description: z.string(),
  parameters: ActionParameters,
  priority: z.number().min(0).max(1),
  dependencies: z.array(z.string()).default([]),
  expected_output: z.string().default(""),
  preferred_tool: z.string().nullable().default(null),
  stage: WorkflowStage,
  origin: ActionOrigin.default("plan"),
  /** For conditional actions: the condition id they try to resolve. */
  condition_id: z.string().nullable().default(null),
});
export type Action = z.infer<typeof Action>;

const TYPE_ALIASES: Record<string, ActionType> = {
  local_document_search: "local_document_search",
  local_search: "local_document_search",
  local_file_search: "local_document_search",
  enterprise_api: "enterprise_api",
  enterprise_search: "enterprise_api",
  enterprise_api_search: "enterprise_api",
  web_search: "web_search",
  internet_search: "web_search",
  url_fetch: "web_search",
  read_document: "read_document",
  read: "read_document",
  document_read: "read_document",
  read_file: "read_document",
  analysis: "analysis",
  data_analysis: "analysis",
};

/** The stages a model may name in J.6's reply (the collection stages: the design stages plan no searches). */
export const CollectionStage = z.enum(["REQUIREMENT_COLLECTION", "PERSONAL_EVIDENCE_COLLECTION"]);

/**
 * Every action's parameters, in every prompt, in one shape (`parametersLine` in prompts/tool-guidelines.ts documents
 * it and the adapter lines repeat it where a verbatim example shows fewer fields): the search terms, how many results
 * (a number), the enterprise service ("auto" or one of the services offered) and, where the prompt offers the
 * document reader, the found document to read. A prompt that offers no reader (J.5, DRBA's first actions) has no
 * `document`: a field a strict schema requires is one the model must fill, and it could only ever be "".
 */
export const ProposedParameters = z.object({
  query: z.string(),
  top_k: z.number(),
  service: z.enum(["auto", ...OFFERED_SERVICES]),
  document: z.string(),
});

/** `ProposedParameters` for the tools a prompt offers: without `document` when the reader is not among them. */
export function proposedParameters(tools: readonly ToolPromptInfo[]) {
  return offersReader(tools) ? ProposedParameters : ProposedParameters.omit({ document: true });
}

/** Whether a prompt's tools include the document reader (`read_document`). */
export function offersReader(tools: readonly ToolPromptInfo[]): boolean {
  return tools.some((t) => t.actionType === "read_document");
}

/**
 * The fields every action prompt's example shows; `id`, `dependencies` and (unless a prompt asks) `stage` are drflow's.
 * "type" and "preferred_tool" are the action types and tools the prompt offers (`tools`, the list its text is written
 * from), so a strict schema allows exactly the choices the prompt lists.
 */
function proposalSchema(tools: readonly ToolPromptInfo[]) {
  const [first, ...rest] = tools;
  if (!first) throw new Error("an action schema needs the tools its prompt offers: none were given");
  return z.object({
    type: z.enum([first.actionType, ...rest.map((t) => t.actionType)]),
    description: z.string(),
    parameters: proposedParameters(tools),
    priority: z.number(),
    expected_output: z.string(),
    preferred_tool: z.enum([first.paperName, ...rest.map((t) => t.paperName)]),
  });
}

/** J.5 and DRBA's action prompts: the fields `actionPlanGuidelines` lists (the stage is the area's). */
export const plannedActions = (tools: readonly ToolPromptInfo[]) => z.array(proposalSchema(tools));
/** J.6: the fields of its example, stage included. */
export const gapActions = (tools: readonly ToolPromptInfo[]) =>
  z.array(proposalSchema(tools).extend({ stage: CollectionStage }));
/** J.8: the fields of its example (the actions collect personal evidence: drflow sets the stage). */
export const conditionActions = plannedActions;

/** An action as a model proposes it (drflow's own fallbacks may leave parameters out); `toAction` makes it an `Action`. */
export type ProposedAction = {
  type: string;
  description: string;
  parameters: { query: string; top_k?: number; service?: string; document?: string };
  priority: number;
  expected_output: string;
  preferred_tool: string;
  stage?: string;
};

function clampPriority(value: unknown, fallback: number): number {
  const n =
    typeof value === "string" ? Number.parseFloat(value) : typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  // Some models answer on a 1-10 scale.
  const scaled = n > 1 ? n / 10 : n;
  return Math.min(1, Math.max(0, scaled));
}

function normaliseType(raw: string): ActionType {
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (
    TYPE_ALIASES[key] ??
    (key.includes("read")
      ? "read_document"
      : key.includes("web")
        ? "web_search"
        : key.includes("enterprise")
          ? "enterprise_api"
          : "local_document_search")
  );
}

/** Turn a proposed action into an `Action` with an id, the given stage (unless it names a valid one) and defaults. */
export function toAction(
  proposed: ProposedAction,
  defaults: {
    id: string;
    stage: WorkflowStage;
    origin: ActionOrigin;
    priority?: number;
    conditionId?: string | null;
  },
): Action {
  const { query, top_k, service, document } = proposed.parameters;
  const stage = WorkflowStage.safeParse(proposed.stage?.toUpperCase());
  return Action.parse({
    id: defaults.id,
    type: normaliseType(proposed.type),
    description: proposed.description || query,
    parameters: {
      query: query || proposed.description,
      top_k:
        top_k !== undefined && Number.isFinite(top_k) ? Math.min(50, Math.max(1, Math.round(top_k))) : 10,
      service: service || "auto",
      document: document ?? "",
    },
    priority: clampPriority(proposed.priority, defaults.priority ?? 0.5),
    dependencies: [],
    expected_output: proposed.expected_output,
    preferred_tool: proposed.preferred_tool || null,
    stage: stage.success ? stage.data : defaults.stage,
    origin: defaults.origin,
    condition_id: defaults.conditionId ?? null,
  });
}
