/**
 * @module The agents' tools over an `Env` and the internal-first tool policy (Appendix J.3, J.5): local documents
 * first, then enterprise apps, the web only as a fallback. Every tool call is recorded in the trace.
 */
import type { AppName } from "../../core/index.ts";
import { LOCAL_DOCUMENT_APPS, SERVICE_APPS } from "../../env/tools.ts";
import type { Env, SearchHit } from "../../env/types.ts";
import type { ToolPromptInfo } from "../prompts/tool-guidelines.ts";
import type { Action } from "./action.ts";
import { SERVICES_TEXT } from "./services.ts";
import type { Tracer } from "./trace.ts";

export type ToolName = "local_document_search" | "enterprise_search" | "web_search" | "read_document";

/** A web search the caller may plug in; the offline environment has none. */
export type WebSearch = (query: string, limit: number) => Promise<SearchHit[]>;

/** Apps the local document search covers (the environment's definition: shared drive and local files). */
export const LOCAL_APPS: readonly AppName[] = LOCAL_DOCUMENT_APPS;
/** Apps the enterprise API search covers, by the paper's service names (plus `email_imap` as DRFA's traces name it). */
export const SERVICES: Readonly<Record<string, AppName>> = { ...SERVICE_APPS, email_imap: "email" };

export const TOOL_INFO: Readonly<Record<ToolName, ToolPromptInfo>> = {
  local_document_search: {
    paperName: "LocalFileSearchTool",
    actionType: "local_document_search",
    purpose:
      "semantic search over uploaded and shared documents (policies, playbooks, procedures, templates).",
  },
  enterprise_search: {
    paperName: "EnterpriseAPITool",
    actionType: "enterprise_api",
    purpose: `search across enterprise applications: Nextcloud files, Mattermost chats, IMAP email, the file browser (parameter "service": "auto" or one of ${SERVICES_TEXT}).`,
  },
  web_search: {
    paperName: "InternetSearchTool",
    actionType: "web_search",
    purpose: "public web search; a fallback for external validation only.",
  },
  read_document: {
    paperName: "DocumentReaderTool",
    actionType: "read_document",
    purpose: 'reads a document already found in full ("query": its title).',
  },
};

const PAPER_NAMES: Readonly<Record<string, ToolName>> = {
  localfilesearchtool: "local_document_search",
  local_document_search: "local_document_search",
  enterpriseapitool: "enterprise_search",
  enhanced_enterprise_api: "enterprise_search",
  enterprise_search: "enterprise_search",
  internetsearchtool: "web_search",
  websearchtool: "web_search",
  web_search: "web_search",
  documentreadertool: "read_document",
  read_document: "read_document",
};

export type ToolCall = { tool: ToolName; query: string; limit: number; service?: string };
export type ToolResult = { tool: ToolName; hits: SearchHit[]; note: string | null };

/** The tools an agent can call, bound to one environment and one trace. */
export class Toolbox {
  constructor(
    private readonly env: Env,
    private readonly tracer: Tracer,
    private readonly web: WebSearch | null = null,
  ) {}

  /** The search tools (reading a found document is not a search: `info({ reading: true })` lists it too). */
  available(): ToolName[] {
    return this.web
      ? ["local_document_search", "enterprise_search", "web_search"]
      : ["local_document_search", "enterprise_search"];
  }

  /** The tools a prompt lists; with `reading` (once something was found) the document reader too. */
  info(options: { reading?: boolean } = {}): ToolPromptInfo[] {
    const tools: ToolName[] = [...this.available(), ...(options.reading ? (["read_document"] as const) : [])];
    return tools.map((t) => TOOL_INFO[t]);
  }

  async call(call: ToolCall): Promise<ToolResult> {
    const input = {
      query: call.query,
      limit: call.limit,
      ...(call.service ? { service: call.service } : {}),
    };
    let hits: SearchHit[] = [];
    let note: string | null = null;
    if (call.tool === "local_document_search") {
      hits = await this.env.search(call.query, { apps: [...LOCAL_APPS], limit: call.limit });
    } else if (call.tool === "enterprise_search") {
      const app = call.service && call.service !== "auto" ? SERVICES[call.service.toLowerCase()] : undefined;
      hits = await this.env.search(call.query, { ...(app ? { apps: [app] } : {}), limit: call.limit });
    } else if (this.web) {
      hits = await this.web(call.query, call.limit);
    } else {
      note = "web search is unavailable in this environment (offline); internal sources only";
    }
    this.tracer.record({
      type: "tool",
      tool: call.tool,
      input,
      resultCount: hits.length,
      sourceIds: [...new Set(hits.map((h) => h.documentId))],
    });
    return { tool: call.tool, hits, note };
  }
}

/**
 * The tools to try for an action, in order. Level one: the planner's preferred tool when available. Level two:
 * type- and stage-aware choice (policy search → local documents; personal evidence → enterprise apps). Then the
 * other internal tool, and the web last — only when the action asked for it or internal tools found nothing.
 */
export function toolChain(action: Action, available: readonly ToolName[]): ToolName[] {
  const preferred = action.preferred_tool ? PAPER_NAMES[action.preferred_tool.toLowerCase()] : undefined;
  const byType: ToolName =
    action.type === "enterprise_api"
      ? "enterprise_search"
      : action.type === "local_document_search"
        ? "local_document_search"
        : action.stage === "PERSONAL_EVIDENCE_COLLECTION"
          ? "enterprise_search"
          : "local_document_search";
  const order: ToolName[] = [];
  for (const t of [preferred, byType, "local_document_search", "enterprise_search", "web_search"] as const) {
    if (t && t !== "web_search" && available.includes(t) && !order.includes(t)) order.push(t);
  }
  if (available.includes("web_search")) order.push("web_search");
  return order;
}

/** Execute a retrieval action with the internal-first fallback: stop at the first tool that returns hits. */
export async function executeSearch(action: Action, toolbox: Toolbox): Promise<ToolResult[]> {
  const results: ToolResult[] = [];
  const chain = toolChain(action, toolbox.available());
  for (const tool of chain) {
    const result = await toolbox.call({
      tool,
      query: action.parameters.query,
      limit: action.parameters.top_k,
      service: tool === "enterprise_search" ? action.parameters.service : undefined,
    });
    results.push(result);
    if (result.hits.length > 0) break;
  }
  return results;
}
