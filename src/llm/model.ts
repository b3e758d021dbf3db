/** @module `createModel(handle)`: the one client every LLM call goes through (cache, retries, limits, usage and cost). */
import type { z } from "zod";
import { redactSecrets, rememberSecret } from "../core/redact.ts";
import type { CallKind, UsageSink, UsageSource } from "../core/usage.ts";
import {
  type CachedResponse,
  type CacheMode,
  defaultCacheLocation,
  type LlmCache,
  promptPreview,
  sharedCache,
} from "./cache.ts";
import { cacheKey, type KeyParts } from "./cache-key.ts";
import { CacheMissError, MissingKeyError, ProviderError } from "./errors.ts";
import { type ParsedHandle, parseHandle, providerOf, type StructuredMode } from "./handle.ts";
import { limiterFor } from "./limiter.ts";
import { PRICES, type Price, type PriceTable, priceOf } from "./prices.ts";
import { type Random, RetryOptions, type Sleep } from "./retry.ts";
import { isOfflineEmbedder, resolveRole } from "./roles.ts";
import { strictSchemaOf } from "./strict-schema.ts";
import { generateStructured } from "./structured.ts";
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
  Role,
  Usage,
} from "./types.ts";

/** The variable that sets every request's timeout, in seconds (`--timeout` on the commands that call models). */
export const TIMEOUT_VARIABLE = "DRFLOW_MODEL_TIMEOUT";

/**
 * A request's timeout in milliseconds: the option, else `DRFLOW_MODEL_TIMEOUT` (seconds), else the default. A call
 * retries a timed-out request (up to `maxRetries` times), so a dead endpoint holds it about (retries + 1) × timeout.
 */
export function requestTimeoutMs(
  explicitMs: number | undefined,
  env: Record<string, string | undefined>,
): number {
  if (explicitMs !== undefined) return explicitMs;
  const raw = env[TIMEOUT_VARIABLE]?.trim();
  if (!raw) return MODEL_DEFAULTS.timeoutMs;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`${TIMEOUT_VARIABLE}="${raw}": expected a positive number of seconds, e.g. 30`);
  return Math.round(seconds * 1000);
}

/** Defaults declared once. */
export const MODEL_DEFAULTS = {
  timeoutMs: 120_000,
  embedBatch: 128,
  cacheMode: "use" as CacheMode,
};

export type ModelOptions = {
  /** Where keys and `DRFLOW_CACHE` are read from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** An open cache, a path to one, or null for none. Default `.drflow/cache.sqlite` (or `DRFLOW_CACHE_PATH`, or the shared database `DRFLOW_DATABASE_URL`). */
  cache?: LlmCache | string | null;
  /** Default `use`, or `DRFLOW_CACHE` (use | refresh | off | replay). */
  cacheMode?: CacheMode;
  /** Receives one record per call (the run store). */
  usage?: UsageSink;
  retry?: Partial<RetryOptions>;
  /** Per-request timeout; default `DRFLOW_MODEL_TIMEOUT` (seconds), else 120 s. */
  timeoutMs?: number;
  /** Concurrent requests per endpoint (provider + base URL). */
  concurrency?: number;
  /** How to ask for structure; default the handle's `?structured=` option, else `json_schema` (falling back on rejection). */
  structured?: StructuredMode;
  /** Move to the next structured mode when the provider rejects one (default true; `models check` probes each alone). */
  fallback?: boolean;
  prices?: PriceTable;
  sleep?: Sleep;
  random?: Random;
  /** Milliseconds clock for latency. */
  now?: () => number;
  fetch?: typeof fetch;
  onRetry?: (message: string, waitMs: number) => void;
  /** The role this model serves, named in a missing-key message with the variable that picks another model. */
  role?: Role;
  /** How the user named this model when not by the role's variable (a flag, e.g. `--model`): a missing key's hint says so. */
  namedBy?: string;
};

/** A provider's 4xx that names the response format: it does not take this kind of structured output. */
const FORMAT_REJECTED = /response_format|json_schema|json_object|structured output/i;

/** The next structured mode to try when a provider rejects one. */
const NEXT_MODE: Record<StructuredMode, StructuredMode | null> = {
  json_schema: "json_object",
  json_object: "prompt",
  prompt: null,
};

function isFormatRejection(error: unknown): boolean {
  return (
    error instanceof ProviderError &&
    error.status !== null &&
    [400, 404, 422].includes(error.status) &&
    FORMAT_REJECTED.test(error.message)
  );
}

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
 * The API key for a handle: a key in the URL's own user info, else the provider's variable; `compat` servers need none
 * (a placeholder is sent). Missing keys name the variable. A key goes only to its provider's configured base URL:
 * OpenAI's and OpenRouter's (their defaults, or `OPENAI_BASE_URL` / `OPENROUTER_BASE_URL` as the user sets them);
 * `DRFLOW_COMPAT_API_KEY` is sent only to the server `DRFLOW_COMPAT_BASE_URL` names, never to whatever URL a compat
 * handle carries. A key written into a compat URL goes to that URL only.
 */
export function apiKeyFor(
  target: ParsedHandle,
  env: Record<string, string | undefined>,
  required: boolean,
  role?: Role,
  namedBy?: string,
): string {
  if (target.credential) return target.credential;
  const provider = providerOf(target);
  const variable = provider.keyVariable;
  const key = env[variable];
  // Whatever is sent is remembered, so a provider echoing it back (an error body) is redacted everywhere.
  rememberSecret(key);
  if (provider.key !== "always") {
    const configured = env[provider.key.configuredUrlVariable]?.trim().replace(/\/+$/, "");
    return key && configured && configured === target.baseURL ? key : "no-key";
  }
  if (key) return key;
  if (!required) return "no-key";
  throw new MissingKeyError(variable, target.handle, role, namedBy);
}

type Answer = {
  text: string | null;
  embeddings: number[][] | null;
  input: number;
  output: number;
  source: UsageSource;
  /** `length` when the reply was cut off at the token limit. */
  finishReason?: string | null;
  /** The cost the provider reported (OpenRouter's `usage.cost`), preferred to the price table. */
  reportedCost?: number | null;
};

/** Decides whether a reply is good: a problem is recorded with the call, and the reply is cached as rejected (never served as good). */
type Accept = (text: string, finishReason: string | null) => string | null;

async function countBatch(texts: string[]): Promise<number> {
  let n = 0;
  for (const t of texts) n += await countTokens(t);
  return n;
}

class OpenAICompatibleModel implements Model {
  readonly target: ParsedHandle;
  /** The handle with credentials redacted (what usage, cache, traces and messages carry). */
  readonly handle: string;
  private readonly transport: Transport;
  private readonly cache: LlmCache | null;
  private readonly mode: CacheMode;
  private structured: StructuredMode;
  private readonly price: Price | null;
  private readonly now: () => number;
  private readonly roleModels = new Map<Role, Model>();

  constructor(
    rawHandle: string,
    private readonly options: ModelOptions,
  ) {
    const env = options.env ?? process.env;
    this.target = parseHandle(rawHandle, env);
    this.handle = this.target.handle;
    const handle = this.handle;
    this.mode = resolveCacheMode(options, env);
    // Replay never touches the network, so it needs no key; every other mode fails now, naming the variable.
    const apiKey = apiKeyFor(this.target, env, this.mode !== "replay", options.role, options.namedBy);
    const cacheOption = options.cache === undefined ? defaultCacheLocation(env) : options.cache;
    this.cache =
      this.mode === "off" || cacheOption === null
        ? null
        : typeof cacheOption === "string"
          ? sharedCache(cacheOption)
          : cacheOption;
    if (this.mode === "replay" && !this.cache)
      throw new Error(`model ${handle}: cache mode replay needs a cache`);
    this.structured = options.structured ?? this.target.options.structured ?? "json_schema";
    this.price = priceOf(rawHandle, options.prices ?? PRICES);
    this.now = options.now ?? Date.now;
    const concurrency = options.concurrency ?? providerOf(this.target).concurrency;
    this.transport = new Transport(this.target, {
      apiKey,
      defaultQuery: this.target.query,
      timeoutMs: requestTimeoutMs(options.timeoutMs, env),
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

  private costOf(input: number, output: number): number | null {
    if (!this.price) return null;
    return (input * this.price.input_per_1m + output * this.price.output_per_1m) / 1_000_000;
  }

  /**
   * The cache-then-network path shared by chat and embeddings; records one usage row per call — failed requests and
   * rejected replies included, with their reason. Every reply is cached, a rejected one marked so (`replay` serves it,
   * so a repaired exchange replays turn by turn); `use` serves only good replies and fetches a rejected one again, as
   * it does a good one its check no longer accepts.
   */
  private async execute(
    kind: CallKind,
    parts: KeyParts,
    context: CallContext,
    request: { temperature?: number | undefined; seed?: number | undefined; attempt: number },
    fetchAnswer: () => Promise<Answer & { retries: number }>,
    accept: Accept = () => null,
  ): Promise<{ answer: Answer; usage: Usage; problem: string | null }> {
    const started = new Date(this.now());
    const t0 = this.now();
    const key = cacheKey(parts);
    let answer: Answer | null = null;
    let cachedCost: number | null = null;
    let cached = false;
    let retries = 0;
    const record = (a: Answer, cost: number | null, error: string | null) =>
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
        input_tokens: a.input,
        output_tokens: a.output,
        usage_source: a.source,
        cost_usd: cost,
        latency_ms: Math.max(0, this.now() - t0),
        cached,
        attempt: request.attempt,
        retries,
        started_at: started.toISOString(),
        error,
      });
    if (this.cache && (this.mode === "use" || this.mode === "replay")) {
      const found = this.cache.get(key);
      // `use` serves only replies that were and still are good (a rejected one, or a good one a changed check now
      // rejects, is fetched again); `replay` serves what was recorded, so a repaired exchange replays turn by turn.
      const hit =
        found &&
        this.mode === "use" &&
        (found.rejected !== null || (found.text !== null && accept(found.text, found.finish_reason) !== null))
          ? null
          : found;
      if (hit) {
        answer = {
          text: hit.text,
          embeddings: hit.embeddings,
          input: hit.input_tokens,
          output: hit.output_tokens,
          source: hit.usage_source,
          finishReason: hit.finish_reason,
        };
        cachedCost = hit.cost_usd;
        cached = true;
      } else {
        this.cache.recordMiss(parts, this.handle, this.mode);
        if (this.mode === "replay") throw new CacheMissError(key, promptPreview(parts), this.handle);
      }
    }
    let cost: number | null;
    let problem: string | null = null;
    if (!answer) {
      let fetched: Answer & { retries: number };
      try {
        fetched = await fetchAnswer();
      } catch (error) {
        // A failed request is a call too: it is recorded (no tokens; a provider does not bill a 4xx) with its reason.
        const failed: Answer = { text: null, embeddings: null, input: 0, output: 0, source: "estimate" };
        if (error instanceof ProviderError) retries = Math.max(0, error.attempts - 1);
        record(failed, this.price ? 0 : null, redactSecrets((error as Error).message ?? String(error)));
        throw error;
      }
      retries = fetched.retries;
      answer = fetched;
      cost = answer.reportedCost ?? this.costOf(answer.input, answer.output);
      problem = answer.text === null ? null : accept(answer.text, answer.finishReason ?? null);
      if (answer.finishReason === "length" && !problem) problem = "the reply was cut off at the token limit";
      if (this.cache) {
        const response: CachedResponse = {
          text: answer.text,
          embeddings: answer.embeddings,
          input_tokens: answer.input,
          output_tokens: answer.output,
          usage_source: answer.source,
          cost_usd: cost,
          rejected: problem,
          finish_reason: answer.finishReason ?? null,
        };
        this.cache.put(parts, this.handle, response, started);
      }
    } else {
      cost = cachedCost;
      problem = answer.text === null ? null : accept(answer.text, answer.finishReason ?? null);
      if (answer.finishReason === "length" && !problem) problem = "the reply was cut off at the token limit";
    }
    const latencyMs = Math.max(0, this.now() - t0);
    record(answer, cost, problem === null ? null : `reply rejected: ${problem}`);
    const usage: Usage = {
      inputTokens: answer.input,
      outputTokens: answer.output,
      costUsd: cost ?? 0,
      latencyMs,
      cached,
      usageSource: answer.source,
      ...(cost === null ? { costKnown: false } : {}),
    };
    return { answer, usage, problem };
  }

  private async chatAttempt(
    request: ChatRequest,
    messages: ChatMessage[],
    attempt: number,
    responseFormat: ChatBody["response_format"] | null,
    schema: unknown,
    accept?: Accept,
  ): Promise<ChatResult> {
    const tokenParam = providerOf(this.target).maxTokensParam;
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
        const choice = value.choices?.[0];
        const text = choice?.message?.content ?? "";
        const finishReason = choice?.finish_reason ?? null;
        // OpenRouter reports what it billed in `usage.cost` (https://openrouter.ai/docs/use-cases/usage-accounting).
        const reported = value.usage as (typeof value.usage & { cost?: unknown }) | undefined;
        const reportedCost = typeof reported?.cost === "number" ? reported.cost : null;
        return reported
          ? {
              text,
              embeddings: null,
              input: reported.prompt_tokens,
              output: reported.completion_tokens,
              source: "provider",
              finishReason,
              reportedCost,
              retries,
            }
          : {
              text,
              embeddings: null,
              input: await countChatTokens(messages),
              output: await countTokens(text),
              source: "estimate",
              finishReason,
              retries,
            };
      },
      accept ?? (request.accept ? (text) => request.accept!(text) : undefined),
    );
    return { text: answer.text ?? "", usage, finishReason: answer.finishReason ?? null };
  }

  chat(request: ChatRequest): Promise<ChatResult> {
    return this.chatAttempt(request, request.messages, 1, null, null);
  }

  roleHandle(role: Role): string {
    return resolveRole(role, null, this.options.env ?? process.env).handle;
  }

  forRole(role: Role): Model {
    let model = this.roleModels.get(role);
    if (!model) {
      const handle = this.roleHandle(role);
      if (role === "embedder" && isOfflineEmbedder(handle))
        throw new Error(
          `the embedder role is "${handle}", the offline hashing embedder, not a model: embed through retrieval's roleEmbedder`,
        );
      model = createModel(handle, { ...this.options, role });
      this.roleModels.set(role, model);
    }
    return model;
  }

  /**
   * Structured output in the handle's mode: a strict JSON-schema response format (OpenAI's `strict: true` subset, see
   * strict-schema.ts), JSON mode with the schema in a leading system message, or the schema in the prompt. A 4xx that
   * rejects the format (a model without structured outputs on OpenRouter, an older compat server) is recorded in
   * usage and moves this model to the next mode for good: json_schema → json_object → prompt.
   */
  async generateObject<S extends z.ZodType>(request: ObjectRequest<S>): Promise<ObjectResult<z.infer<S>>> {
    const strict = strictSchemaOf(request.schema);
    for (;;) {
      const mode = this.structured;
      const format: ChatBody["response_format"] | null =
        mode === "json_schema"
          ? {
              type: "json_schema",
              json_schema: { name: request.schemaName, schema: strict.schema, strict: true },
            }
          : mode === "json_object"
            ? { type: "json_object" }
            : null;
      try {
        return await generateStructured(request, mode, strict, (messages, attempt, check) =>
          this.chatAttempt(request, messages, attempt, format, strict.schema, check),
        );
      } catch (error) {
        const next = NEXT_MODE[mode];
        if (!next || this.options.fallback === false || !isFormatRejection(error)) throw error;
        this.structured = next;
      }
    }
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
