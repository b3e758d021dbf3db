/**
 * @module The research context of one session (Appendix J.1): the question, the traced model, the tools, the action
 * plan, the findings store and the citation registry, plus action execution that ties them together.
 */
import type { Env, SearchHit } from "../../env/types.ts";
import type { Model } from "../../llm/types.ts";
import { type Chunk, chunkDocument } from "../../retrieval/chunk.ts";
import type { Embedder } from "../../retrieval/embedders/embedder.ts";
import type { AgentContext } from "../types.ts";
import type { Action } from "./action.ts";
import { CitationRegistry } from "./citations.ts";
import { FindingsStore } from "./findings.ts";
import { continuedFrom, pointedChunks } from "./passages.ts";
import { ActionPlan } from "./plan.ts";
import { termSet } from "./text.ts";
import { executeSearch, Toolbox, type ToolResult, type WebSearch } from "./tools.ts";
import { Tracer, tracedModel } from "./trace.ts";

export type ResearchContext = {
  readonly env: Env;
  readonly question: string;
  readonly runId: string;
  /** The model, wrapped so every call lands in the trace. */
  readonly model: Model;
  readonly tracer: Tracer;
  readonly toolbox: Toolbox;
  readonly plan: ActionPlan;
  readonly findings: FindingsStore;
  readonly registry: CitationRegistry;
  /** A document's chunks as the environment index cut them (read once per session), [] when it cannot be read. */
  chunksOf(documentId: string): Promise<Chunk[]>;
};

export type ContextOptions = { embedder?: Embedder; web?: WebSearch | null };

/** Open a session: an isolated findings store, a fresh plan and registry, traced model and tools. */
export async function openContext(
  context: AgentContext,
  options: ContextOptions = {},
): Promise<ResearchContext> {
  if (!context.model)
    throw new Error("this agent needs a model: pass one to runAgent (e.g. --model openai:gpt-4o)");
  const tracer = new Tracer({ now: context.now, onEvent: context.onEvent });
  const chunks = new Map<string, Promise<Chunk[]>>();
  const env = context.env;
  return {
    chunksOf(documentId) {
      let found = chunks.get(documentId);
      if (!found) {
        found = env
          .read(documentId)
          .then((doc) => (doc ? chunkDocument(doc) : []))
          .catch(() => []);
        chunks.set(documentId, found);
      }
      return found;
    },
    env: context.env,
    question: context.env.question,
    runId: context.runId,
    model: tracedModel(context.model, tracer, context.runId),
    tracer,
    toolbox: new Toolbox(context.env, tracer, options.web ?? null),
    plan: new ActionPlan(context.env.question),
    findings: await FindingsStore.open({ embedder: options.embedder ?? context.embedder }),
    registry: new CitationRegistry(),
  };
}

/** A chunk as a search hit of its document. */
function chunkHit(chunk: Chunk): SearchHit {
  return {
    documentId: chunk.documentId,
    chunkId: chunk.id,
    app: chunk.app,
    title: chunk.title,
    path: chunk.path,
    score: 0,
    snippet: "",
    text: chunk.text,
    author: chunk.author,
    date: chunk.date,
    ...(chunk.channel ? { channel: chunk.channel } : {}),
    ...(chunk.subject ? { subject: chunk.subject } : {}),
  };
}

/**
 * The found document a read action names: its `src_N` key or its path, else the registered title sharing most of the
 * query's terms (at least half of the title's or the query's); null when none does.
 */
export function documentNamed(rc: Pick<ResearchContext, "registry">, query: string): string | null {
  const key = /\bsrc_\d+\b/.exec(query)?.[0];
  if (key) return rc.registry.resolve(key)?.id ?? null;
  const byPath = rc.registry.entries().find((s) => s.path && query.includes(s.path));
  if (byPath) return byPath.id;
  const q = termSet(query);
  let best: { id: string; score: number } | null = null;
  for (const s of rc.registry.entries()) {
    const t = termSet(s.title);
    let shared = 0;
    for (const w of q) if (t.has(w)) shared += 1;
    const score = shared / Math.max(1, Math.min(q.size, t.size));
    if (score >= 0.5 && (!best || score > best.score)) best = { id: s.id, score };
  }
  return best?.id ?? null;
}

/** A read action: every chunk of the found document it names, as one tool result. */
async function readDocument(rc: ResearchContext, action: Action): Promise<ToolResult[]> {
  const { document, query } = action.parameters;
  const id = (document ? documentNamed(rc, document) : null) ?? documentNamed(rc, query);
  const hits = id ? (await rc.chunksOf(id)).map(chunkHit) : [];
  rc.tracer.record({
    type: "tool",
    tool: "read_document",
    input: { document, query },
    resultCount: hits.length,
    sourceIds: id && hits.length ? [id] : [],
  });
  const note = id ? null : `read_document: no document found so far matches "${document || query}"`;
  return [{ tool: "read_document", hits, note }];
}

/**
 * What new passages need from their own documents, not yet found: the chunk where a passage's paragraph began, and
 * what it points to (a decision table, a note, a named section). They join the findings with the passage, so no
 * request shows a pointer without its target or a paragraph without its start.
 */
async function pointedHits(rc: ResearchContext, hits: readonly SearchHit[]): Promise<SearchHit[]> {
  const out: SearchHit[] = [];
  for (const hit of hits) {
    const chunks = await rc.chunksOf(hit.documentId);
    const passage = chunks.find((c) => c.id === hit.chunkId);
    if (!passage) continue;
    const before = continuedFrom(passage, chunks);
    const wanted = [
      ...(before ? [{ chunk: before, label: "the start of the paragraph it continues" }] : []),
      ...pointedChunks(passage, chunks),
    ];
    for (const { chunk, label } of wanted) {
      const seen = (id: string) => rc.findings.has(id) || out.some((h) => h.chunkId === id);
      if (seen(chunk.id) || hits.some((h) => h.chunkId === chunk.id)) continue;
      rc.tracer.note(`${hit.title}: a passage needs ${label}; brought ${chunk.id} with it`);
      out.push(chunkHit(chunk));
    }
  }
  return out;
}

/**
 * Execute one action: a search under the internal-first policy, or reading a found document whole; hits (and the
 * chunks they point to) into the findings store, sources into the citation registry, every step into the trace.
 * Returns how many new chunks it found.
 */
export async function executeAction(rc: ResearchContext, action: Action, iteration: number): Promise<number> {
  const base = {
    actionId: action.id,
    actionType: action.type,
    description: action.description,
    stage: action.stage,
  };
  rc.tracer.record({ type: "action", ...base, status: "started" });
  try {
    if (action.type === "analysis" && !action.parameters.query) {
      rc.tracer.note(`action ${action.id}: analysis without a query; nothing to retrieve`);
      rc.tracer.record({ type: "action", ...base, status: "done" });
      return 0;
    }
    const results =
      action.type === "read_document"
        ? await readDocument(rc, action)
        : await executeSearch(action, rc.toolbox);
    let added = 0;
    const meta = {
      stage: action.stage,
      actionId: action.id,
      iteration,
      read: action.type === "read_document",
    };
    for (const r of results) {
      if (r.note) rc.tracer.note(`action ${action.id}: ${r.note}`);
      for (const hit of r.hits) {
        rc.registry.register({
          id: hit.documentId,
          title: hit.title,
          app: r.tool === "web_search" ? "web" : hit.app,
          path: hit.path,
          author: hit.author,
          date: hit.date,
        });
      }
      added += await rc.findings.addHits(r.hits, meta);
      if (r.tool === "read_document" && r.hits[0]) rc.findings.markRead(r.hits[0].documentId);
      if (r.tool !== "web_search") added += await rc.findings.addHits(await pointedHits(rc, r.hits), meta);
    }
    rc.tracer.record({ type: "action", ...base, status: "done" });
    return added;
  } catch (err) {
    rc.tracer.record({ type: "action", ...base, status: "failed" });
    throw err;
  }
}
