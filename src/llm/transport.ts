/** @module HTTP to an OpenAI-compatible endpoint through the `openai` package: timeout, retries, concurrency limit, error classes. */
import OpenAI, { APIConnectionError, APIError } from "openai";
import { redactSecrets } from "../core/redact.ts";
import { ProviderError } from "./errors.ts";
import type { ParsedHandle } from "./handle.ts";
import type { Limiter } from "./limiter.ts";
import {
  type Failure,
  parseRetryAfter,
  type Random,
  type RetryOptions,
  type Sleep,
  withRetry,
} from "./retry.ts";

/**
 * A fetch with Bun's own timeout off. Bun ends any request that has received nothing for 300 s, underneath every
 * signal a caller passes (oven-sh/bun#16682; `timeout: false` turns it off, oven-sh/bun#6217), so a `--timeout` above
 * five minutes never took effect: a slow model's answer was cut at 300 s and retried. The SDK's own timeout
 * (`timeoutMs`, an abort signal) is the one deadline left.
 */
export function withoutRuntimeTimeout(inner: typeof fetch): typeof fetch {
  const wrapped = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    inner(input, { ...init, timeout: false } as RequestInit);
  return Object.assign(wrapped, inner) as typeof fetch;
}

/** Status codes worth retrying: request timeout, conflict, rate limit, and every server error. */
const RETRYABLE_STATUS = new Set([408, 409, 429]);

export type TransportOptions = {
  apiKey: string;
  /** Query parameters sent with every request (e.g. Azure's `api-version`). */
  defaultQuery?: Record<string, string>;
  timeoutMs: number;
  retry: RetryOptions;
  limiter: Limiter;
  sleep: Sleep;
  random: Random;
  now: () => number;
  fetch?: typeof fetch;
  /** Observes each retry (the CLI prints it when DRFLOW_DEBUG is set). */
  onRetry?: (failure: Failure, waitMs: number, retry: number) => void;
};

export type ChatBody = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
export type EmbedBody = OpenAI.Embeddings.EmbeddingCreateParams;

/** Turn anything thrown by a request into a retry decision with the provider's own message. */
export function classifyError(error: unknown, now: () => number = Date.now): Failure {
  if (error instanceof APIConnectionError) {
    return {
      retryable: true,
      retryAfterMs: null,
      status: null,
      message: error.message || "connection error",
    };
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    return {
      retryable: RETRYABLE_STATUS.has(status) || status >= 500,
      retryAfterMs: parseRetryAfter(error.headers, now),
      status,
      message: error.message,
    };
  }
  if (error instanceof SyntaxError || error instanceof TypeError) {
    // A body that ends mid-JSON or a connection dropped while reading it.
    return {
      retryable: true,
      retryAfterMs: null,
      status: null,
      message: `truncated or unreadable response body (${error.message})`,
    };
  }
  return {
    retryable: false,
    retryAfterMs: null,
    status: null,
    message: (error as Error)?.message ?? String(error),
  };
}

/** One endpoint: a client with the SDK's own retries off (ours honour Retry-After and take injected sleep). */
export class Transport {
  private readonly client: OpenAI;

  constructor(
    readonly target: ParsedHandle,
    private readonly options: TransportOptions,
  ) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: target.baseURL,
      timeout: options.timeoutMs,
      maxRetries: 0,
      ...(options.defaultQuery && Object.keys(options.defaultQuery).length
        ? { defaultQuery: options.defaultQuery }
        : {}),
      fetch: withoutRuntimeTimeout(options.fetch ?? fetch),
    });
  }

  private call<T>(what: string, request: () => Promise<T>): Promise<{ value: T; retries: number }> {
    const { options, target } = this;
    return options.limiter.run(() =>
      withRetry(async (n) => ({ value: await request(), retries: n }), {
        classify: (error) => {
          const failure = classifyError(error, options.now);
          return { ...failure, message: redactSecrets(failure.message) };
        },
        giveUp: (failure, attempts, error) => {
          const why = failure.retryable ? `gave up after ${attempts} attempt(s)` : "not retryable";
          const status = failure.status === null ? "" : ` HTTP ${failure.status}`;
          return Object.assign(
            new ProviderError(
              `${target.handle} ${what}${status} (${why}): ${failure.message}`,
              failure.status,
              failure.retryable,
              attempts,
            ),
            { cause: error },
          );
        },
        sleep: options.sleep,
        random: options.random,
        options: options.retry,
        ...(options.onRetry ? { onRetry: options.onRetry } : {}),
      }),
    );
  }

  chat(body: ChatBody): Promise<{ value: OpenAI.Chat.Completions.ChatCompletion; retries: number }> {
    return this.call("chat", async () =>
      jsonReply(await this.client.chat.completions.create(body).withResponse()),
    );
  }

  embed(body: EmbedBody): Promise<{ value: OpenAI.Embeddings.CreateEmbeddingResponse; retries: number }> {
    return this.call("embeddings", async () =>
      jsonReply(await this.client.embeddings.create(body).withResponse()),
    );
  }
}

/** A reply that is not the JSON an OpenAI-compatible endpoint sends (an HTML page from a proxy, plain text). */
class NotJsonReply extends Error {
  override name = "NotJsonReply";
}

/**
 * The SDK hands back a body it cannot read as JSON as a string; such a reply is named for what it is (an HTML page,
 * with its title), never read as a reply with no content.
 */
function jsonReply<T>({ data, response }: { data: T; response: Response }): T {
  if (data !== null && typeof data === "object") return data;
  const type = response.headers.get("content-type")?.split(";")[0]?.trim() || "no content type";
  const text = typeof data === "string" ? data : String(data);
  const html = type === "text/html" || /^\s*<(?:!doctype|html)/i.test(text);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
  const shown = html ? (title ? ` titled "${title.slice(0, 80)}"` : "") : `: "${text.trim().slice(0, 80)}"`;
  throw new NotJsonReply(
    `expected an OpenAI-compatible JSON reply, got ${html ? "an HTML page" : `a ${type} reply`} (${type}, HTTP ${response.status})${shown}; is the endpoint's base URL right (it usually ends in /v1)?`,
  );
}
