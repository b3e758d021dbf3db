/**
 * @module Agent tools over an `Env`, zod-typed, each result carrying its source metadata: `enterprise_search`,
 * `local_document_search`, `read_document`, `list_documents`, `web_search` (unavailable offline), and, with a
 * session index, `record_finding` / `search_findings` (DRFA's task-specific store).
 */
import { z } from "zod";
import { AppName } from "../core/index.ts";
import type { SessionIndex } from "../retrieval/index.ts";
import type { Env, EnvDocument, SearchHit } from "./types.ts";

/** The paper's service names (EnterpriseAPITool `service`) → apps. */
export const SERVICE_APPS = {
  nextcloud: "drive",
  drive: "drive",
  filebrowser: "files",
  files: "files",
  mattermost: "chat",
  chat: "chat",
  email: "email",
  imap: "email",
  roundcube: "email",
} as const satisfies Record<string, AppName>;
export const Service = z.enum(
  Object.keys(SERVICE_APPS) as [keyof typeof SERVICE_APPS, ...(keyof typeof SERVICE_APPS)[]],
);

/** Local documents are the shared drive and the file system (policies, playbooks). */
export const LOCAL_DOCUMENT_APPS: AppName[] = ["drive", "files"];

export const EnterpriseSearchInput = z.object({
  query: z.string().min(1).describe("search terms"),
  services: z.array(Service).optional().describe("limit to these services; all when omitted"),
  top_k: z.number().int().min(1).max(50).default(10),
});
export const LocalDocumentSearchInput = z.object({
  query: z.string().min(1),
  top_k: z.number().int().min(1).max(50).default(10),
});
export const ReadDocumentInput = z.object({
  id: z.string().min(1).describe("document id from a search hit"),
});
export const ListDocumentsInput = z.object({ app: AppName.optional() });
export const WebSearchInput = z.object({
  query: z.string().min(1),
  top_k: z.number().int().min(1).max(20).default(5),
});
export const RecordFindingInput = z.object({
  title: z.string().default(""),
  text: z.string().min(1),
  sources: z.array(z.string()).default([]).describe("ids of the documents the finding comes from"),
});
export const SearchFindingsInput = z.object({
  query: z.string().min(1),
  top_k: z.number().int().min(1).max(50).default(5),
});

/** A document's source metadata, as every tool result reports it. */
export type SourceMeta = Pick<
  EnvDocument,
  "id" | "app" | "title" | "path" | "author" | "date" | "channel" | "subject"
>;

export type ToolOutput =
  | { kind: "hits"; hits: (SourceMeta & { score: number; snippet: string; chunkId: string })[] }
  | { kind: "document"; document: SourceMeta & { text: string } }
  | { kind: "documents"; documents: SourceMeta[] }
  | {
      kind: "findings";
      findings: { id: string; title: string; text: string; sources: string[]; score: number }[];
    }
  | { kind: "recorded"; id: string }
  | { kind: "unavailable"; message: string };

export type Tool<S extends z.ZodType = z.ZodType> = {
  name: string;
  description: string;
  input: S;
  /** Validates `raw` against `input` (errors name the field) and runs the tool. */
  call(raw: unknown): Promise<ToolOutput>;
};

function tool<S extends z.ZodType>(
  name: string,
  description: string,
  input: S,
  run: (input: z.output<S>) => Promise<ToolOutput>,
): Tool<S> {
  return {
    name,
    description,
    input,
    async call(raw) {
      const parsed = input.safeParse(raw);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .map((i) => `${i.path.join(".") || "(input)"}: ${i.message}`)
          .join("; ");
        throw new Error(`tool ${name}: invalid input: ${issues}`);
      }
      return run(parsed.data);
    },
  };
}

function meta(d: EnvDocument | SearchHit): SourceMeta {
  const id = "documentId" in d ? d.documentId : d.id;
  return {
    id,
    app: d.app,
    title: d.title,
    path: d.path,
    author: d.author,
    date: d.date,
    ...(d.channel !== undefined ? { channel: d.channel } : {}),
    ...(d.subject !== undefined ? { subject: d.subject } : {}),
  };
}

function hits(list: SearchHit[]): ToolOutput {
  return {
    kind: "hits",
    hits: list.map((h) => ({ ...meta(h), score: h.score, snippet: h.snippet, chunkId: h.chunkId })),
  };
}

export const WEB_UNAVAILABLE =
  "web_search is unavailable: this environment is offline; use enterprise_search or local_document_search.";

export type ToolsOptions = {
  /** Where `record_finding` / `search_findings` write and read; those tools exist only when given. */
  session?: SessionIndex;
  /** A real web search; without one `web_search` says plainly that it is unavailable. */
  webSearch?: (query: string, topK: number) => Promise<SearchHit[]>;
};

/** The tools bound to one environment. */
export function envTools(env: Env, options: ToolsOptions = {}): Tool[] {
  const tools: Tool[] = [
    tool(
      "enterprise_search",
      "Search the enterprise apps (Nextcloud drive, file browser, Mattermost chat, IMAP email); hybrid BM25 + vector ranking.",
      EnterpriseSearchInput,
      async ({ query, services, top_k }) => {
        const apps = services ? [...new Set(services.map((s) => SERVICE_APPS[s]))] : undefined;
        return hits(await env.search(query, { apps, limit: top_k }));
      },
    ),
    tool(
      "local_document_search",
      "Search shared and local documents (policies, playbooks, procedures).",
      LocalDocumentSearchInput,
      async ({ query, top_k }) => hits(await env.search(query, { apps: LOCAL_DOCUMENT_APPS, limit: top_k })),
    ),
    tool(
      "read_document",
      "Read the full text of a document by its id.",
      ReadDocumentInput,
      async ({ id }) => {
        const doc = await env.read(id);
        if (!doc)
          throw new Error(
            `read_document: no document with id "${id}"; use an id from a search hit or list_documents`,
          );
        return { kind: "document", document: { ...meta(doc), text: doc.text } };
      },
    ),
    tool(
      "list_documents",
      "List the documents of one app (or of all apps).",
      ListDocumentsInput,
      async ({ app }) => ({
        kind: "documents",
        documents: (await env.list(app)).map(meta),
      }),
    ),
    tool(
      "web_search",
      "Search the public web (unavailable offline).",
      WebSearchInput,
      async ({ query, top_k }) =>
        options.webSearch
          ? hits(await options.webSearch(query, top_k))
          : { kind: "unavailable", message: WEB_UNAVAILABLE },
    ),
  ];
  const session = options.session;
  if (session) {
    tools.push(
      tool(
        "record_finding",
        "Store a finding with its source ids in this session's index.",
        RecordFindingInput,
        async (f) => ({
          kind: "recorded",
          id: (await session.write(f)).id,
        }),
      ),
      tool(
        "search_findings",
        "Search the findings stored in this session.",
        SearchFindingsInput,
        async ({ query, top_k }) => ({
          kind: "findings",
          findings: (await session.search(query, top_k)).map(({ finding, score }) => ({ ...finding, score })),
        }),
      ),
    );
  }
  return tools;
}

/** Tool definitions in the OpenAI function-calling shape (JSON schema from zod). */
export function toolSchemas(
  tools: Tool[],
): { type: "function"; function: { name: string; description: string; parameters: unknown } }[] {
  return tools.map((t) => ({
    type: "function",
    function: {
      name: t.name,
      description: t.description,
      parameters: z.toJSONSchema(t.input, { io: "input" }),
    },
  }));
}
