/** @module A scripted OpenAI-compatible HTTP server (Hono on Bun.serve) for tests: fixtures in, every request recorded. */
import { Hono } from "hono";

/** One request as the server saw it; `body` is the parsed JSON (or the raw text when it was not JSON). */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
};

/** What the server answers to one request. Everything is optional; `{}` is an empty assistant message. */
export type ScriptedReply = {
  /** Assistant message text, wrapped into a `chat.completion` (or ignored for embeddings). */
  content?: string;
  /** A raw JSON body sent as-is instead of the wrapped completion. */
  json?: unknown;
  /** A raw text body sent as-is (e.g. invalid JSON), with content-type application/json. */
  body?: string;
  status?: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (exercises request timeouts). */
  delayMs?: number;
  /** Send only the first half of the body, cut off mid-JSON. */
  truncate?: boolean;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Embedding vectors to return instead of the deterministic ones. */
  embeddings?: number[][];
};

export type ScriptedServer = {
  /** Base URL ending with `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

export type ScriptedServerOptions = {
  /** Called for every request with the request and its 0-based index among all requests. */
  reply?: (req: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;
  /** Dimension of the deterministic embedding vectors (default 8). */
  embeddingDim?: number;
};

const DEFAULT_EMBEDDING_DIM = 8;

/** A deterministic unit vector from the text (FNV-1a hash seeding a xorshift generator). */
export function deterministicVector(text: string, dim: number): number[] {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let state = h || 1;
  const v: number[] = [];
  for (let i = 0; i < dim; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    v.push((state / 0xffffffff) * 2 - 1);
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => x / norm);
}

function roughTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function completionBody(req: RecordedRequest, reply: ScriptedReply, index: number): unknown {
  const body = (req.body ?? {}) as { model?: string; messages?: { content?: string }[] };
  const content = reply.content ?? "";
  const promptText = (body.messages ?? []).map((m) => String(m.content ?? "")).join("\n");
  const usage = reply.usage ?? {
    prompt_tokens: roughTokens(promptText),
    completion_tokens: roughTokens(content),
  };
  return {
    id: `chatcmpl-scripted-${index}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: body.model ?? "scripted",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function embeddingBody(req: RecordedRequest, reply: ScriptedReply, dim: number): unknown {
  const body = (req.body ?? {}) as { model?: string; input?: string | string[] };
  const inputs = typeof body.input === "string" ? [body.input] : (body.input ?? []);
  const vectors = reply.embeddings ?? inputs.map((t) => deterministicVector(String(t), dim));
  const tokens = reply.usage?.prompt_tokens ?? inputs.reduce((s, t) => s + roughTokens(String(t)), 0);
  return {
    object: "list",
    model: body.model ?? "scripted",
    data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

function respond(text: string, status: number, headers: Record<string, string>, truncate: boolean): Response {
  const allHeaders = { "content-type": "application/json", ...headers };
  if (!truncate) return new Response(text, { status, headers: allHeaders });
  // The response ends after half of its bytes: the client reads a body cut off mid-JSON.
  const bytes = new TextEncoder().encode(text);
  return new Response(bytes.slice(0, Math.max(1, Math.floor(bytes.length / 2))), {
    status,
    headers: allHeaders,
  });
}

/** A request as the test servers record it: method, path, headers, and the body parsed as JSON (else its text). */
export async function recordRequest(request: Request): Promise<RecordedRequest> {
  const raw = await request.text();
  let body: unknown = raw;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    body = raw;
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return { method: request.method, path: new URL(request.url).pathname, headers, body };
}

/** Start a server on 127.0.0.1 at a free port. */
export async function startScriptedServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const dim = options.embeddingDim ?? DEFAULT_EMBEDDING_DIM;
  const app = new Hono();

  app.all("*", async (c) => {
    const recorded = await recordRequest(c.req.raw);
    const index = requests.length;
    requests.push(recorded);
    const reply = (await options.reply?.(recorded, index)) ?? {};
    if (reply.delayMs) await Bun.sleep(reply.delayMs);
    const status = reply.status ?? 200;
    const extra = reply.headers ?? {};
    if (reply.body !== undefined) return respond(reply.body, status, extra, reply.truncate ?? false);
    if (reply.json !== undefined)
      return respond(JSON.stringify(reply.json), status, extra, reply.truncate ?? false);
    if (status >= 400) {
      const error = {
        error: { message: reply.content ?? `scripted error ${status}`, type: "scripted", code: null },
      };
      return respond(JSON.stringify(error), status, extra, reply.truncate ?? false);
    }
    let payload: unknown;
    if (recorded.path.endsWith("/chat/completions")) payload = completionBody(recorded, reply, index);
    else if (recorded.path.endsWith("/embeddings")) payload = embeddingBody(recorded, reply, dim);
    else {
      const error = { error: { message: `no route ${recorded.method} ${recorded.path}`, type: "not_found" } };
      return respond(JSON.stringify(error), 404, extra, false);
    }
    return respond(JSON.stringify(payload), status, extra, reply.truncate ?? false);
  });

  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch, idleTimeout: 60 });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    async close() {
      await server.stop(true);
    },
  };
}
