/**
 * @module A provider emulator for tests: an OpenAI-compatible HTTP server (Hono on Bun.serve) that enforces what the
 * providers document, unlike `scripted-server.ts`, which accepts anything. The "model" behind it is a reply function
 * (the same one the scripted server takes); the emulator checks each request the way the provider would, shapes
 * structured replies the way a constrained decoder does, and answers with the provider's body, headers and usage.
 *
 * Profiles and the documentation followed:
 * - `openai` — Chat Completions and Embeddings API reference (https://platform.openai.com/docs/api-reference/chat,
 *   …/embeddings); Structured Outputs' strict subset (https://platform.openai.com/docs/guides/structured-outputs,
 *   rules in json-schema-rules.ts); JSON mode requires the word "JSON" in the messages ("'messages' must contain the
 *   word 'json' in some form, to use 'response_format' of type 'json_object'"); error codes
 *   (https://platform.openai.com/docs/guides/error-codes): 401 invalid_api_key, 404 model_not_found, 429 with
 *   `retry-after` and `x-ratelimit-*` headers, 500/503 server errors, bodies `{"error": {message, type, param, code}}`,
 *   an `x-request-id` header on every response; `usage` with `prompt_tokens`, `completion_tokens`, `total_tokens`,
 *   `prompt_tokens_details.cached_tokens` and `completion_tokens_details.reasoning_tokens`. A chat model refuses
 *   embeddings and an embedding model refuses chat.
 * - `openrouter` — OpenAI's request shape (https://openrouter.ai/docs/api-reference/overview); structured outputs only
 *   for models that support them (https://openrouter.ai/docs/structured-outputs — "check the models page"); usage
 *   always includes `cost` (credits, i.e. USD) and `cost_details` (https://openrouter.ai/docs/use-cases/usage-accounting).
 * - `local` — vLLM (https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html), llama.cpp's llama-server
 *   (tools/server README: `response_format` with `json_schema` or `json_object`) and Ollama
 *   (https://docs.ollama.com/api/openai-compatibility: `response_format` supported, any api key accepted): structured
 *   output via `json_schema` without OpenAI's strict-subset checks, `usage` omitted when `usage: false`, and chat
 *   templates that reject a system message after the first turn.
 */
import { Hono } from "hono";
import { strictSchemaProblems, valueProblems } from "./json-schema-rules.ts";
import {
  deterministicVector,
  type RecordedRequest,
  recordRequest,
  type ScriptedReply,
} from "./scripted-server.ts";

export type EmulatorProfile = "openai" | "openrouter" | "local";

/** What one model behind the emulator can do. */
export type ModelCaps = {
  kind: "chat" | "embedding";
  /** Structured modes the model takes (chat models). */
  structured?: ("json_schema" | "json_object")[];
  /** Price in USD per 1M tokens (OpenRouter's `usage.cost`). */
  price?: { input: number; output: number };
  dim?: number;
};

/** A reply can be delivered raw (no constrained decoding): injected garbage reaches the client as the model sent it. */
export type EmulatorReply = ScriptedReply & { raw?: boolean; finishReason?: "stop" | "length" };

export type EmulatorOptions = {
  profile: EmulatorProfile;
  reply?: (req: RecordedRequest, index: number) => EmulatorReply | Promise<EmulatorReply>;
  /** Models served (default per profile). */
  models?: Record<string, ModelCaps>;
  /** The bearer token required (401 otherwise); default none for `local`, "sk-emulator" otherwise. */
  apiKey?: string | null;
  /** Report `usage` (default true; some local servers report none). */
  usage?: boolean;
};

/** Counts of what the emulator refused and why: the figures the conformance tests assert on. */
export type EmulatorStats = {
  requests: number;
  strictRejections: number;
  formatRejections: number;
  embeddingsToChatModel: number;
  chatToEmbeddingModel: number;
  systemNotFirst: number;
  unknownModel: number;
  unauthorized: number;
  /** Replies a constrained decoder had to shape into the schema (the reply function answered loosely). */
  conformed: number;
};

export type ProviderEmulator = {
  url: string;
  profile: EmulatorProfile;
  requests: RecordedRequest[];
  stats: EmulatorStats;
  /** Every 4xx/5xx the emulator answered, with its message. */
  errors: { status: number; message: string; path: string }[];
  close(): Promise<void>;
};

export const DEFAULT_MODELS: Record<EmulatorProfile, Record<string, ModelCaps>> = {
  openai: {
    "gpt-4o": { kind: "chat", structured: ["json_schema", "json_object"] },
    "gpt-4o-mini": { kind: "chat", structured: ["json_schema", "json_object"] },
    "gpt-5.2": { kind: "chat", structured: ["json_schema", "json_object"] },
    "text-embedding-3-small": { kind: "embedding", dim: 16 },
    "text-embedding-3-large": { kind: "embedding", dim: 32 },
  },
  openrouter: {
    "openai/gpt-4o": {
      kind: "chat",
      structured: ["json_schema", "json_object"],
      price: { input: 2.5, output: 10 },
    },
    "anthropic/claude-opus-4.5": {
      kind: "chat",
      structured: ["json_schema"],
      price: { input: 5, output: 25 },
    },
    "deepseek/deepseek-v3.2": {
      kind: "chat",
      structured: ["json_object"],
      price: { input: 0.28, output: 0.42 },
    },
    "meta-llama/llama-3-8b-instruct": { kind: "chat", structured: [], price: { input: 0.03, output: 0.06 } },
    "openai/text-embedding-3-small": { kind: "embedding", dim: 16, price: { input: 0.02, output: 0 } },
  },
  local: {
    "qwen2.5-7b": { kind: "chat", structured: ["json_schema", "json_object"] },
    "llama-3-8b-grammarless": { kind: "chat", structured: ["json_object"] },
    "nomic-embed-text": { kind: "embedding", dim: 16 },
  },
};

type Json = Record<string, unknown>;
type Message = { role?: string; content?: unknown };

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const roughTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** What a model constrained to `schema` emits when it "meant" `value`: the closest value the schema allows. */
export function conform(value: unknown, schema: Json, root: Json = schema): unknown {
  if (typeof schema.$ref === "string") {
    const target = (root.$defs as Json | undefined)?.[schema.$ref.replace(/^#\/\$defs\//, "")];
    return isObject(target) ? conform(value, target, root) : value;
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.filter(isObject);
    const fits = branches.find((b) => valueProblems(b, value, root).length === 0);
    if (fits) return value;
    const kind = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    const same = branches.find((b) => [b.type].flat().includes(kind === "number" ? "number" : kind));
    return conform(value, same ?? branches.find((b) => b.type !== "null") ?? branches[0]!, root);
  }
  if (Array.isArray(schema.enum)) return schema.enum.includes(value) ? value : schema.enum[0];
  if ("const" in schema) return schema.const;
  const types = [schema.type].flat().filter(Boolean) as string[];
  if (value === null && types.includes("null")) return null;
  const main = types.find((t) => t !== "null") ?? "string";
  switch (main) {
    case "object": {
      const props = isObject(schema.properties) ? schema.properties : {};
      const names = Object.keys(props);
      let v: Json;
      if (isObject(value)) v = value;
      else if (names.length === 1)
        v = { [names[0]!]: value }; // a wrapped root: the model writes the inner value
      else v = {};
      return Object.fromEntries(
        names.map((n) => [
          n,
          n in v ? conform(v[n], props[n] as Json, root) : emptyOf(props[n] as Json, root),
        ]),
      );
    }
    case "array": {
      const items = isObject(schema.items) ? schema.items : {};
      const isPairs =
        isObject(items.properties) && Object.keys(items.properties).sort().join() === "key,value";
      if (isPairs && isObject(value))
        return Object.entries(value).map(([key, v]) => conform({ key, value: v }, items, root));
      const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
      return list.map((x) => conform(x, items, root));
    }
    case "string":
      return typeof value === "string"
        ? value
        : value === undefined || value === null
          ? ""
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
    case "number":
    case "integer": {
      const n = Number(value);
      return Number.isFinite(n) ? (main === "integer" ? Math.round(n) : n) : 0;
    }
    case "boolean":
      return typeof value === "boolean" ? value : value === "true";
    default:
      return value ?? null;
  }
}

function emptyOf(schema: Json, root: Json): unknown {
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((b) => isObject(b) && b.type === "null")) return null;
  const types = [schema.type].flat();
  if (types.includes("null")) return null;
  return conform(undefined, schema, root);
}

function parseContent(text: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/.exec(text)?.[1] ?? text;
  try {
    return { ok: true, value: JSON.parse(fenced.trim()) };
  } catch {
    return { ok: false };
  }
}

/** Start an emulator on 127.0.0.1 at a free port. */
export async function startProviderEmulator(options: EmulatorOptions): Promise<ProviderEmulator> {
  const { profile } = options;
  const models = options.models ?? DEFAULT_MODELS[profile];
  const apiKey = options.apiKey === undefined ? (profile === "local" ? null : "sk-emulator") : options.apiKey;
  const reportUsage = options.usage ?? true;
  const requests: RecordedRequest[] = [];
  const errors: ProviderEmulator["errors"] = [];
  const stats: EmulatorStats = {
    requests: 0,
    strictRejections: 0,
    formatRejections: 0,
    embeddingsToChatModel: 0,
    chatToEmbeddingModel: 0,
    systemNotFirst: 0,
    unknownModel: 0,
    unauthorized: 0,
    conformed: 0,
  };
  let seq = 0;
  const app = new Hono();

  const error = (
    path: string,
    status: number,
    message: string,
    type: string,
    code: string | null,
    param: string | null = null,
    headers: Record<string, string> = {},
  ): Response => {
    errors.push({ status, message, path });
    return new Response(JSON.stringify({ error: { message, type, param, code } }), {
      status,
      headers: { "content-type": "application/json", "x-request-id": `req_${++seq}`, ...headers },
    });
  };

  const ok = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: {
        "content-type": "application/json",
        "x-request-id": `req_${++seq}`,
        ...(profile === "openai"
          ? { "openai-processing-ms": "12", "x-ratelimit-remaining-requests": "9999" }
          : {}),
        ...headers,
      },
    });

  app.all("*", async (c) => {
    const recorded = await recordRequest(c.req.raw);
    const { body, headers } = recorded;
    const index = requests.length;
    requests.push(recorded);
    stats.requests++;
    const path = recorded.path;

    if (apiKey !== null && headers.authorization !== `Bearer ${apiKey}`) {
      stats.unauthorized++;
      return error(path, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
    }
    const isChat = path.endsWith("/chat/completions");
    const isEmbed = path.endsWith("/embeddings");
    if (c.req.method !== "POST" || (!isChat && !isEmbed))
      return error(path, 404, `Invalid URL (${c.req.method} ${path})`, "invalid_request_error", null);
    if (!isObject(body))
      return error(
        path,
        400,
        "We could not parse the JSON body of your request.",
        "invalid_request_error",
        null,
      );
    const modelName = String(body.model ?? "");
    const caps = models[modelName];
    if (!caps) {
      stats.unknownModel++;
      return error(
        path,
        404,
        `The model \`${modelName}\` does not exist or you do not have access to it.`,
        "invalid_request_error",
        "model_not_found",
      );
    }

    if (isEmbed) {
      if (caps.kind !== "embedding") {
        stats.embeddingsToChatModel++;
        return error(
          path,
          400,
          `This model does not support embeddings: ${modelName} is a chat model.`,
          "invalid_request_error",
          "model_not_supported",
          "model",
        );
      }
      const input =
        typeof body.input === "string" ? [body.input] : Array.isArray(body.input) ? body.input : null;
      if (!input || input.length === 0)
        return error(
          path,
          400,
          "'input' must be a non-empty string or array of strings.",
          "invalid_request_error",
          null,
          "input",
        );
      if (input.length > 2048)
        return error(
          path,
          400,
          "'input' may hold at most 2048 items.",
          "invalid_request_error",
          null,
          "input",
        );
      const reply = (await options.reply?.(recorded, index)) ?? {};
      if (reply.status && reply.status >= 400)
        return error(
          path,
          reply.status,
          reply.content ?? "injected error",
          "server_error",
          null,
          null,
          reply.headers ?? {},
        );
      const dim = caps.dim ?? 16;
      const tokens = input.reduce((s: number, t: unknown) => s + roughTokens(String(t)), 0);
      return ok({
        object: "list",
        model: modelName,
        data: input.map((t: unknown, i: number) => ({
          object: "embedding",
          index: i,
          embedding: deterministicVector(String(t), dim),
        })),
        ...(reportUsage
          ? {
              usage: {
                prompt_tokens: tokens,
                total_tokens: tokens,
                ...(profile === "openrouter" ? { cost: (tokens * (caps.price?.input ?? 0)) / 1e6 } : {}),
              },
            }
          : {}),
      });
    }

    // Chat completions.
    if (caps.kind !== "chat") {
      stats.chatToEmbeddingModel++;
      return error(
        path,
        404,
        "This is not a chat model and thus not supported in the v1/chat/completions endpoint.",
        "invalid_request_error",
        null,
        "model",
      );
    }
    const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : null;
    if (!messages || messages.length === 0)
      return error(
        path,
        400,
        "'messages' must be a non-empty array.",
        "invalid_request_error",
        null,
        "messages",
      );
    for (const [i, m] of messages.entries()) {
      if (!["system", "user", "assistant", "developer", "tool"].includes(String(m.role)))
        return error(
          path,
          400,
          `Invalid value for 'messages[${i}].role'.`,
          "invalid_request_error",
          null,
          `messages[${i}].role`,
        );
      if (typeof m.content !== "string")
        return error(
          path,
          400,
          `Invalid type for 'messages[${i}].content'.`,
          "invalid_request_error",
          null,
          `messages[${i}].content`,
        );
    }
    if (profile === "local" && messages.some((m, i) => m.role === "system" && i > 0)) {
      // Llama/Mistral/Gemma chat templates raise on a system message that is not the first one.
      stats.systemNotFirst++;
      return error(
        path,
        400,
        "System message must be at the beginning of the conversation.",
        "invalid_request_error",
        null,
        "messages",
      );
    }
    if (profile === "openai" && "max_tokens" in body && modelName.startsWith("gpt-5"))
      return error(
        path,
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        "invalid_request_error",
        "unsupported_parameter",
        "max_tokens",
      );

    const format = isObject(body.response_format) ? body.response_format : null;
    let schema: Json | null = null;
    if (format) {
      const type = String(format.type);
      if (type !== "text" && !(caps.structured ?? []).includes(type as "json_schema")) {
        stats.formatRejections++;
        return error(
          path,
          400,
          `response_format ${type} is not supported by ${modelName}.`,
          "invalid_request_error",
          null,
          "response_format",
        );
      }
      if (type === "json_object" && !messages.some((m) => /json/i.test(String(m.content)))) {
        stats.formatRejections++;
        return error(
          path,
          400,
          "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
          "invalid_request_error",
          null,
          "messages",
        );
      }
      if (type === "json_schema") {
        const spec = isObject(format.json_schema) ? format.json_schema : {};
        if (!/^[a-zA-Z0-9_-]{1,64}$/.test(String(spec.name ?? "")))
          return error(
            path,
            400,
            "Invalid 'response_format.json_schema.name': must match ^[a-zA-Z0-9_-]{1,64}$.",
            "invalid_request_error",
            null,
            "response_format.json_schema.name",
          );
        if (!isObject(spec.schema))
          return error(
            path,
            400,
            "Missing 'response_format.json_schema.schema'.",
            "invalid_request_error",
            null,
            "response_format.json_schema.schema",
          );
        if (spec.strict === true && profile !== "local") {
          const problems = strictSchemaProblems(spec.schema);
          if (problems.length) {
            stats.strictRejections++;
            return error(
              path,
              400,
              `Invalid schema for response_format '${String(spec.name)}': ${problems.slice(0, 5).join("; ")}`,
              "invalid_request_error",
              "invalid_json_schema",
              "response_format",
            );
          }
        }
        schema = spec.schema;
      }
    }

    const reply = (await options.reply?.(recorded, index)) ?? {};
    if (reply.status && reply.status >= 400) {
      const retry: Record<string, string> =
        reply.status === 429 ? { "retry-after": "0", "x-ratelimit-remaining-requests": "0" } : {};
      const type =
        reply.status === 429
          ? "rate_limit_error"
          : reply.status >= 500
            ? "server_error"
            : "invalid_request_error";
      return error(path, reply.status, reply.content ?? `injected ${reply.status}`, type, null, null, {
        ...retry,
        ...(reply.headers ?? {}),
      });
    }
    if (reply.json !== undefined) return ok(reply.json, reply.headers ?? {});
    let content = reply.content ?? "";
    if (schema && !reply.raw) {
      // A constrained decoder only emits what the schema allows.
      const parsed = parseContent(content);
      if (parsed.ok) {
        const shaped = conform(parsed.value, schema);
        const problems = valueProblems(schema, shaped);
        if (problems.length)
          throw new Error(`emulator: conformed reply still breaks the schema: ${problems.join("; ")}`);
        if (JSON.stringify(shaped) !== JSON.stringify(parsed.value)) stats.conformed++;
        content = JSON.stringify(shaped);
      }
    }
    const prompt = messages.map((m) => String(m.content)).join("\n");
    const input = reply.usage?.prompt_tokens ?? roughTokens(prompt);
    const output = reply.usage?.completion_tokens ?? roughTokens(content);
    const usage: Json = {
      prompt_tokens: input,
      completion_tokens: output,
      total_tokens: input + output,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
    };
    if (profile === "openrouter") {
      const price = caps.price ?? { input: 0, output: 0 };
      usage.cost = (input * price.input + output * price.output) / 1e6;
      usage.cost_details = { upstream_inference_cost: null };
    }
    return ok({
      id: `chatcmpl-emu-${index}`,
      object: "chat.completion",
      created: 1_700_000_000,
      model: modelName,
      ...(profile === "openrouter" ? { provider: "Emulated" } : { system_fingerprint: "fp_emulator" }),
      choices: [
        {
          index: 0,
          message: { role: "assistant", content, refusal: null },
          finish_reason: reply.finishReason ?? "stop",
          logprobs: null,
        },
      ],
      ...(reportUsage ? { usage } : {}),
    });
  });

  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch, idleTimeout: 60 });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    profile,
    requests,
    stats,
    errors,
    async close() {
      await server.stop(true);
    },
  };
}
