/** @module `createModel(handle)`: the one client every LLM call goes through (cache, retries, limits, usage and cost). */
import type { z } from "zod";
import {
  type CachedResponse,
  type CacheMode,
  DEFAULT_CACHE_PATH,
  type LlmCache,
  promptPreview,
  sharedCache,
} from "./cache.ts";
import { cacheKey, type KeyParts } from "./cache-key.ts";
import { CacheMissError, MissingKeyError, ProviderError } from "./errors.ts";
import { KEY_VARIABLE, type ParsedHandle, type Provider, parseHandle } from "./handle.ts";
import { limiterFor } from "./limiter.ts";
import { costOf, PRICES, type PriceTable } from "./prices.ts";
import { type Random, RetryOptions, type Sleep } from "./retry.ts";
import { generateStructured, jsonSchemaOf, type StructuredMode } from "./structured.ts";
import { countChatTokens, countTokens } from "./tokens.ts";
import { type ChatBody, Transport } from "./transport.ts";
import type {
  CallContext,
  ChatMessage,
  ChatRequest,
  ChatResult,
  Model,
  ObjectRequest,
  ObjectResult,
  Usage,
} from "./types.ts";
import type { CallKind, UsageSink, UsageSource } from "./usage.ts";

/** Defaults declared once. */
export const MODEL_DEFAULTS = {
  timeoutMs: 120_000,
  concurrency: { openai: 8, openrouter: 8, compat: 4 } satisfies Record<Provider, number>,
  embedBatch: 128,
  cacheMode: "use" as CacheMode,
};

export type ModelOptions = {
  /** Where keys and `DRFLOW_CACHE` are read from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** An open cache, a path to one, or null for none. Default `.drflow/cache.sqlite` (or `DRFLOW_CACHE_PATH`). */
  cache?: LlmCache | string | null;
  /** Default `use`, or `DRFLOW_CACHE` (use | refresh | off | replay). */
  cacheMode?: CacheMode;
  /** Receives one record per call (the run store). */
  usage?: UsageSink;
  retry?: Partial<RetryOptions>;
  timeoutMs?: number;
  /** Concurrent requests per endpoint (provider + base URL). */
  concurrency?: number;
  /** Default: `json_schema` for openai and openrouter, `prompt` for compat servers. */
  structured?: StructuredMode;
  prices?: PriceTable;
  sleep?: Sleep;
  random?: Random;
  /** Milliseconds clock for latency. */
  now?: () => number;
  fetch?: typeof fetch;
  onRetry?: (message: string, waitMs: number) => void;
};

/** A provider's 400 that names the response format: it does not take JSON-schema output. */
const FORMAT_REJECTED = /response_format|json_schema|structured output/i;

const CACHE_MODES = new Set(["use", "refresh", "off", "replay"]);

function resolveCacheMode(options: ModelOptions, env: Record<string, string | undefined>): CacheMode {
  if (options.cacheMode) return options.cacheMode;
  const fromEnv = env.DRFLOW_CACHE;
  if (!fromEnv) return MODEL_DEFAULTS.cacheMode;
  if (!CACHE_MODES.has(fromEnv))
    throw new Error(`DRFLOW_CACHE="${fromEnv}": expected use, refresh, off or replay`);
  return fromEnv as CacheMode;
}

/**
 * The API key for a handle; `compat` servers need none (a placeholder is sent). Missing keys name the variable. A
 * key goes only to its provider's configured base URL: OpenAI's and OpenRouter's are fixed; `DRFLOW_COMPAT_API_KEY`
 * is sent only to the server `DRFLOW_COMPAT_BASE_URL` names, never to whatever URL a compat handle carries.
 */
export function apiKeyFor(
  target: ParsedHandle,
  env: Record<string, string | undefined>,
  required: boolean,
): string {
  const variable = KEY_VARIABLE[target.provider];
  const key = env[variable];
  if (target.provider === "compat") {
    const configured = env.DRFLOW_COMPAT_BASE_URL?.trim().replace(/\/+$/, "");
    return key && configured && configured === target.baseURL ? key : "no-key";
  }
  if (key) return key;
  if (!required) return "no-key";
  throw new MissingKeyError(variable, target.handle);
}

type Answer = {
  text: string | null;
  embeddings: number[][] | null;
  input: number;
  output: number;
  source: UsageSource;
};

async function countBatch(texts: string[]): Promise<number> {
  let n = 0;
  for (const t of texts) n += await countTokens(t);
  return n;
}

class OpenAICompatibleModel implements Model {
  readonly target: ParsedHandle;
  private readonly transport: Transport;
  private readonly cache: LlmCache | null;
  private readonly mode: CacheMode;
  private structured: StructuredMode;
  private readonly prices: PriceTable;
  private readonly now: () => number;

  constructor(
    readonly handle: string,
    private readonly options: ModelOptions,
  ) {
    const env = options.env ?? process.env;
    this.target = parseHandle(handle);
    this.mode = resolveCacheMode(options, env);
    // Replay never touches the network, so it needs no key; every other mode fails now, naming the variable.
    const apiKey = apiKeyFor(this.target, env, this.mode !== "replay");
    const cacheOption =
      options.cache === undefined ? (env.DRFLOW_CACHE_PATH ?? DEFAULT_CACHE_PATH) : options.cache;
    this.cache =
      this.mode === "off" || cacheOption === null
        ? null
        : typeof cacheOption === "string"
          ? sharedCache(cacheOption)
          : cacheOption;
    if (this.mode === "replay" && !this.cache)
      throw new Error(`model ${handle}: cache mode replay needs a cache`);
    this.structured = options.structured ?? (this.target.provider === "compat" ? "prompt" : "json_schema");
    this.prices = options.prices ?? PRICES;
    this.now = options.now ?? Date.now;
    const concurrency = options.concurrency ?? MODEL_DEFAULTS.concurrency[this.target.provider];
    this.transport = new Transport(this.target, {
      apiKey,
      timeoutMs: options.timeoutMs ?? MODEL_DEFAULTS.timeoutMs,
      retry: RetryOptions.parse(options.retry ?? {}),
      limiter: limiterFor(`${this.target.provider} ${this.target.baseURL}`, concurrency),
      sleep: options.sleep ?? ((ms) => Bun.sleep(ms)),
      random: options.random ?? Math.random,
      now: this.now,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.onRetry ? { onRetry: (f, wait) => options.onRetry?.(f.message, wait) } : {}),
    });
  }

  private keyParts(
    kind: CallKind,
    messages: unknown[],
    parameters: Record<string, unknown>,
    schema: unknown,
    repeat: number,
  ): KeyParts {
    const { provider, baseURL, model } = this.target;
    return {
      provider,
      base_url: baseURL,
      model,
      kind,
      messages,
      parameters,
      schema: schema ?? null,
      tools: null,
      repeat,
    };
  }

  /** The cache-then-network path shared by chat and embeddings; records one usage row per call. */
  private async execute(
    kind: CallKind,
    parts: KeyParts,
    context: CallContext,
    request: { temperature?: number | undefined; seed?: number | undefined; attempt: number },
    fetchAnswer: () => Promise<Answer & { retries: number }>,
  ): Promise<{ answer: Answer; usage: Usage }> {
    const started = new Date(this.now());
    const t0 = this.now();
    const key = cacheKey(parts);
    let answer: Answer | null = null;
    let cachedCost: number | null = null;
    let cached = false;
    let retries = 0;
    if (this.cache && (this.mode === "use" || this.mode === "replay")) {
      const hit = this.cache.get(key);
      if (hit) {
        answer = {
          text: hit.text,
          embeddings: hit.embeddings,
          input: hit.input_tokens,
          output: hit.output_tokens,
          source: hit.usage_source,
        };
        cachedCost = hit.cost_usd;
        cached = true;
      } else {
        this.cache.recordMiss(parts, this.handle, this.mode);
        if (this.mode === "replay") throw new CacheMissError(key, promptPreview(parts), this.handle);
      }
    }
    let cost: number | null;
    if (!answer) {
      const fetched = await fetchAnswer();
      retries = fetched.retries;
      answer = fetched;
      cost = costOf(this.handle, answer.input, answer.output, this.prices);
      if (this.cache) {
        const response: CachedResponse = {
          text: answer.text,
          embeddings: answer.embeddings,
          input_tokens: answer.input,
          output_tokens: answer.output,
          usage_source: answer.source,
          cost_usd: cost,
        };
        this.cache.put(parts, this.handle, response, started);
      }
    } else {
      cost = cachedCost;
    }
    const latencyMs = Math.max(0, this.now() - t0);
    this.options.usage?.recordCall({
      run_id: context.runId ?? null,
      stage: context.stage,
      role: context.role,
      handle: this.handle,
      provider: this.target.provider,
      model: this.target.model,
      kind,
      temperature: request.temperature ?? null,
      seed: request.seed ?? null,
      prompt_template: context.promptTemplate ?? "",
      request_key: key,
      input_tokens: answer.input,
      output_tokens: answer.output,
      usage_source: answer.source,
      cost_usd: cost,
      latency_ms: latencyMs,
      cached,
      attempt: request.attempt,
      retries,
      started_at: started.toISOString(),
    });
    const usage: Usage = {
      inputTokens: answer.input,
      outputTokens: answer.output,
      costUsd: cost ?? 0,
      latencyMs,
      cached,
      usageSource: answer.source,
      ...(cost === null ? { costKnown: false } : {}),
    };
    return { answer, usage };
  }

  private async chatAttempt(
    request: ChatRequest,
    messages: ChatMessage[],
    attempt: number,
    responseFormat: ChatBody["response_format"] | null,
    schema: unknown,
  ): Promise<ChatResult> {
    const tokenParam = this.target.provider === "openai" ? "max_completion_tokens" : "max_tokens";
    const parameters: Record<string, unknown> = {
      temperature: request.temperature,
      seed: request.seed,
      [tokenParam]: request.maxTokens,
      response_format: responseFormat ?? undefined,
    };
    const parts = this.keyParts("chat", messages, parameters, schema, request.context.repeat ?? 0);
    const { answer, usage } = await this.execute(
      "chat",
      parts,
      request.context,
      { ...request, attempt },
      async () => {
        const body = {
          model: this.target.model,
          messages,
          ...Object.fromEntries(Object.entries(parameters).filter(([, v]) => v !== undefined)),
        } as ChatBody;
        const { value, retries } = await this.transport.chat(body);
        const text = value.choices?.[0]?.message?.content ?? "";
        const reported = value.usage;
        return reported
          ? {
              text,
              embeddings: null,
              input: reported.prompt_tokens,
              output: reported.completion_tokens,
              source: "provider",
              retries,
            }
          : {
              text,
              embeddings: null,
              input: await countChatTokens(messages),
              output: await countTokens(text),
              source: "estimate",
              retries,
            };
      },
    );
    return { text: answer.text ?? "", usage };
  }

  chat(request: ChatRequest): Promise<ChatResult> {
    return this.chatAttempt(request, request.messages, 1, null, null);
  }

  /**
   * JSON-schema response format where the provider takes it; a 400 that rejects the format (some OpenRouter
   * backends, older compat servers) switches this model to prompt + extraction for good.
   */
  async generateObject<S extends z.ZodType>(request: ObjectRequest<S>): Promise<ObjectResult<z.infer<S>>> {
    const schema = jsonSchemaOf(request.schema);
    if (this.structured === "json_schema") {
      const format: ChatBody["response_format"] = {
        type: "json_schema",
        json_schema: { name: request.schemaName, schema, strict: false },
      };
      try {
        return await generateStructured(request, "json_schema", (messages, attempt) =>
          this.chatAttempt(request, messages, attempt, format, schema),
        );
      } catch (error) {
        if (!(error instanceof ProviderError && error.status === 400 && FORMAT_REJECTED.test(error.message)))
          throw error;
        this.structured = "prompt";
      }
    }
    return generateStructured(request, "prompt", (messages, attempt) =>
      this.chatAttempt(request, messages, attempt, null, schema),
    );
  }

  async embed(texts: string[], context: CallContext): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += MODEL_DEFAULTS.embedBatch) {
      const batch = texts.slice(i, i + MODEL_DEFAULTS.embedBatch);
      const parts = this.keyParts("embed", batch, {}, null, context.repeat ?? 0);
      const { answer } = await this.execute("embed", parts, context, { attempt: 1 }, async () => {
        const { value, retries } = await this.transport.embed({
          model: this.target.model,
          input: batch,
          // Floats, not the SDK's default base64: many compat servers (Ollama, llama.cpp) only speak floats.
          encoding_format: "float",
        });
        const vectors = [...value.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        if (vectors.length !== batch.length) {
          throw new Error(
            `${this.handle} embeddings: asked for ${batch.length} vectors, got ${vectors.length}`,
          );
        }
        const reported = value.usage?.prompt_tokens;
        return reported !== undefined
          ? { text: null, embeddings: vectors, input: reported, output: 0, source: "provider", retries }
          : {
              text: null,
              embeddings: vectors,
              input: await countBatch(batch),
              output: 0,
              source: "estimate",
              retries,
            };
      });
      out.push(...(answer.embeddings ?? []));
    }
    return out;
  }
}

/**
 * The model behind a handle (`openai:<m>`, `openrouter:<m>`, `compat:<base URL>#<m>`). Throws `MissingKeyError`
 * naming `OPENAI_API_KEY` / `OPENROUTER_API_KEY` when the key is not set (except in cache mode `replay`).
 */
export function createModel(
  handle: string,
  options: ModelOptions = {},
): Model & { readonly target: ParsedHandle } {
  return new OpenAICompatibleModel(handle, options);
}
