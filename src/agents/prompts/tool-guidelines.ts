/**
 * @module Tool text slotted into the planning prompts: `{tools_section}` (J.4), `{tool_guidelines}` (J.5, J.8) and
 * `{_get_action_plan_guidelines(available_tool_names)}` (J.5). The paper names these slots but does not print their
 * text; this wording is ours, written from Appendix J.3 and J.5 (internal-first policy, typed action records).
 */
import { SERVICES_TEXT } from "../shared/services.ts";

/** How a prompt sees one tool: the paper's class name and what the tool is for. */
export type ToolPromptInfo = {
  /** The paper's tool class name shown to the model, e.g. `LocalFileSearchTool`. */
  paperName: string;
  /** The action `type` that routes to this tool, e.g. `local_document_search`. */
  actionType: string;
  purpose: string;
};

/** `{available_tool_names}`: Python's `str(list)` of the paper's tool names. */
export function availableToolNames(tools: readonly ToolPromptInfo[]): string {
  return `[${tools.map((t) => `'${t.paperName}'`).join(", ")}]`;
}

/** `{tools_section}` of J.4; says so when there is no web search (J.4 speaks of external web searches). */
export function toolsSection(tools: readonly ToolPromptInfo[]): string {
  const lines = tools.map((t) => `- ${t.paperName} (action type "${t.actionType}"): ${t.purpose}`);
  if (!tools.some((t) => t.actionType === "web_search"))
    lines.push("- No web search tool is available in this environment: internal sources only.");
  return `AVAILABLE TOOLS:\n${lines.join("\n")}`;
}

/** `{tool_guidelines}` of J.5 and J.8: the internal-first policy of Appendix J.3. */
export function toolGuidelines(tools: readonly ToolPromptInfo[]): string {
  const has = (type: string) => tools.some((t) => t.actionType === type);
  const lines = [
    "Tool priority follows an internal-first policy:",
    has("local_document_search")
      ? "- Prefer LocalFileSearchTool (type local_document_search) for uploaded documents, policies, playbooks and other authoritative files."
      : "",
    has("enterprise_api")
      ? "- Prefer EnterpriseAPITool (type enterprise_api) for emails, chats, enterprise files and other application-level records."
      : "",
    has("web_search")
      ? "- Use InternetSearchTool (type web_search) only as a fallback when internal sources are insufficient or external validation is required."
      : "- Web search is not available in this environment; use internal sources only.",
    has("read_document")
      ? '- Use DocumentReaderTool (type read_document) to read a document already found in full (set "document" to its path as DOCUMENTS FOUND lists it), e.g. when a passage points to a table, note or section not yet seen.'
      : "",
  ];
  return lines.filter(Boolean).join("\n");
}

/** The action types a prompt offers, as a model writes them: `"local_document_search" or "enterprise_api"`. */
export function actionTypes(tools: readonly ToolPromptInfo[]): string {
  return tools.map((t) => `"${t.actionType}"`).join(" or ");
}

/** The action types with the tool each routes to, for "preferred_tool": `"local_document_search" (LocalFileSearchTool) or …`. */
export function actionTypesWithTools(tools: readonly ToolPromptInfo[]): string {
  return `${tools.map((t) => `"${t.actionType}" (${t.paperName})`).join(" or ")}, "preferred_tool" the tool named beside its type`;
}

/**
 * The one shape of every action's "parameters" (`proposedParameters` in shared/action.ts), with what each field means;
 * `document` only where the reader is offered (the schema of a prompt without it has no such field).
 */
export function parametersLine(tools: readonly ToolPromptInfo[]): string {
  const reading = tools.some((t) => t.actionType === "read_document");
  const service = `"service" is "auto" or, for enterprise_api, one of ${SERVICES_TEXT}`;
  return reading
    ? [
        '"parameters": {"query": "search terms", "top_k": 10, "service": "auto", "document": ""}, all four fields in',
        `every action: "top_k" is a number (results to return, 1-50); ${service};`,
        '"document" is "" except for read_document, where it is the path of a document listed under DOCUMENTS FOUND (and "query" says what to look for in it)',
      ].join(" ")
    : [
        '"parameters": {"query": "search terms", "top_k": 10, "service": "auto"}, all three fields in every',
        `action: "top_k" is a number (results to return, 1-50); ${service}`,
      ].join(" ");
}

/** `{_get_action_plan_guidelines(available_tool_names)}` of J.5: the shape of one action record. */
export function actionPlanGuidelines(tools: readonly ToolPromptInfo[]): string {
  const names = tools.map((t) => `"${t.paperName}"`).join(" or ");
  return [
    "Each action is a JSON object with these fields:",
    `- "type": ${actionTypes(tools)}`,
    '- "description": what this action searches for and why',
    `- ${parametersLine(tools)}`,
    '- "priority": a number between 0 and 1 (higher runs first)',
    '- "expected_output": what evidence this action should return',
    `- "preferred_tool": ${names}`,
    "drflow gives each action its id and stage; actions run one after another.",
  ].join("\n");
}
