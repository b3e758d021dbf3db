/** @module Typed action records (Appendix J.3): what the planners propose and the scheduler runs. */
import { z } from "zod";

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

/** The action space: retrieval over local documents, enterprise apps, the web; and analysis. */
export const ActionType = z.enum(["local_document_search", "enterprise_api", "web_search", "analysis"]);
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
  analysis: "analysis",
  data_analysis: "analysis",
};

/**
 * An action as a model proposes it (J.5, J.6, J.8 replies): every field optional and loosely typed; `toAction`
 * turns it into a checked `Action`. Unknown action types are kept as text so the tool policy can route them.
 */
export const ProposedAction = z.looseObject({
  id: z.string().optional(),
  type: z.string().default("local_document_search"),
  description: z.string().default(""),
  parameters: z.record(z.string(), z.unknown()).default({}),
  priority: z.union([z.number(), z.string()]).optional(),
  dependencies: z.array(z.union([z.string(), z.number()])).default([]),
  expected_output: z.unknown().optional(),
  preferred_tool: z.string().nullable().optional(),
  stage: z.string().optional(),
});
export type ProposedAction = z.infer<typeof ProposedAction>;

/** A model's list of actions; a bare object with an `actions` array is accepted too. */
export const ProposedActions = z.union([
  z.array(ProposedAction),
  z.object({ actions: z.array(ProposedAction) }).transform((o) => o.actions),
]);

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
    (key.includes("web")
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
  const params = proposed.parameters ?? {};
  const query = typeof params.query === "string" ? params.query : proposed.description;
  const topK = Number(params.top_k ?? params.topK ?? 10);
  const stage = WorkflowStage.safeParse(proposed.stage?.toUpperCase());
  return Action.parse({
    id: defaults.id,
    type: normaliseType(proposed.type),
    description: proposed.description || query,
    parameters: {
      ...params,
      query,
      top_k: Number.isFinite(topK) ? Math.min(50, Math.max(1, Math.round(topK))) : 10,
      service: typeof params.service === "string" ? params.service : "auto",
    },
    priority: clampPriority(proposed.priority, defaults.priority ?? 0.5),
    dependencies: proposed.dependencies.map(String),
    expected_output:
      typeof proposed.expected_output === "string"
        ? proposed.expected_output
        : JSON.stringify(proposed.expected_output ?? ""),
    preferred_tool: proposed.preferred_tool ?? null,
    stage: stage.success ? stage.data : defaults.stage,
    origin: defaults.origin,
    condition_id: defaults.conditionId ?? null,
  });
}
