/**
 * @module A live, low-cost probe of an endpoint (`drflow models check`) through the same code paths as real runs
 * (createModel, generateObject, embed; no cache): a chat round trip, each structured mode on its own (strict
 * json_schema, json_object, prompt), embeddings on the handle and on the embedder role, with reported usage and price;
 * and what follows from them — the structured mode drflow will use, and what 1K calls like the chat probe cost.
 */
import { z } from "zod";
import { MemoryUsageSink } from "../core/index.ts";
import { StructuredMode } from "./handle.ts";
import { createModel } from "./model.ts";
import { type Price, priceOf } from "./prices.ts";
import { isOfflineEmbedder, resolveRole } from "./roles.ts";
import type { Model, Usage } from "./types.ts";

export type Probe = { probe: string; ok: boolean; detail: string; usage: Usage | null; ms: number };

export type EndpointCheck = {
  /** The handle as shown (credentials redacted). */
  handle: string;
  probes: Probe[];
  /** The first structured mode that worked (drflow falls back to it on its own), or null when none did. */
  structured: StructuredMode | null;
  /** The mode the handle asks for first (`json_schema` unless it names one). */
  configured: StructuredMode;
  price: Price | null;
  /** The chat probe's usage scaled to 1K calls, null when the probe failed or reported none. */
  per1kChatCalls: { usd: number | null; usage: Usage } | null;
  /** Whether the endpoint can serve the generator, agents and judge: chat and one structured mode work. */
  ok: boolean;
};

/** An embedder that needs no model (the offline hashing embedder), supplied by the caller's retrieval layer. */
export type OfflineEmbedder = (handle: string) => { embed(texts: string[]): Promise<number[][]> };

const PROBE_SCHEMA = z.object({ answer: z.string(), confidence: z.number() });

async function probe(
  name: string,
  run: () => Promise<{ detail: string; usage: Usage | null }>,
): Promise<Probe> {
  const started = Date.now();
  try {
    const { detail, usage } = await run();
    return { probe: name, ok: true, detail, usage, ms: Date.now() - started };
  } catch (error) {
    // The handle is in the report's title; the reason is what is left.
    const message = (error as Error).message
      .split("\n")[0]!
      .replace(/^(?:compat|openai|openrouter):\S+ /, "");
    return {
      probe: name,
      ok: false,
      detail: message.length > 140 ? `${message.slice(0, 140)}…` : message,
      usage: null,
      ms: Date.now() - started,
    };
  }
}

/** Probe `handle` (and the embedder role) with one call each. */
export async function checkEndpoint(
  handle: string,
  options: { env: Record<string, string | undefined>; offlineEmbedder: OfflineEmbedder },
): Promise<EndpointCheck> {
  const { env } = options;
  const sink = new MemoryUsageSink();
  const base = { cacheMode: "off" as const, usage: sink, env, retry: { maxRetries: 1 } };
  const model = createModel(handle, base);
  const probes: Probe[] = [];
  const chat = await probe("chat", async () => {
    const r = await model.chat({
      messages: [{ role: "user", content: "Reply with the single word OK." }],
      maxTokens: 16,
      context: { stage: "models_check", role: "agent" },
    });
    return { detail: `"${r.text.trim().slice(0, 40)}"`, usage: r.usage };
  });
  probes.push(chat);
  let structured: StructuredMode | null = null;
  for (const mode of StructuredMode.options) {
    const m = createModel(handle, { ...base, structured: mode, fallback: false });
    const p = await probe(`structured ${mode}${mode === "json_schema" ? " (strict)" : ""}`, async () => {
      const r = await m.generateObject({
        messages: [
          { role: "user", content: "Is the sky blue on a clear day? Answer as JSON with your confidence." },
        ],
        schema: PROBE_SCHEMA,
        schemaName: "probe",
        maxAttempts: 1,
        maxTokens: 64,
        context: { stage: "models_check", role: "agent" },
      });
      return { detail: JSON.stringify(r.object).slice(0, 60), usage: r.usage };
    });
    probes.push(p);
    if (p.ok && !structured) structured = mode;
  }
  const embedProbe = (name: string, make: () => Model) =>
    probe(name, async () => {
      const before = sink.calls.length;
      const vectors = await make().embed(["drflow models check"], {
        stage: "models_check",
        role: "embedder",
      });
      const call = sink.calls.slice(before).at(-1);
      const usage: Usage | null = call
        ? {
            inputTokens: call.input_tokens,
            outputTokens: 0,
            costUsd: call.cost_usd ?? 0,
            latencyMs: call.latency_ms,
            cached: false,
            ...(call.cost_usd === null ? { costKnown: false } : {}),
          }
        : null;
      return { detail: `${vectors[0]?.length ?? 0} dimensions`, usage };
    });
  probes.push(await embedProbe("embeddings (this handle)", () => model));
  const embedderHandle = resolveRole("embedder", null, env).handle;
  probes.push(
    isOfflineEmbedder(embedderHandle)
      ? await probe(`embeddings (embedder role ${embedderHandle}, offline)`, async () => {
          const vectors = await options.offlineEmbedder(embedderHandle).embed(["drflow models check"]);
          return { detail: `${vectors[0]?.length ?? 0} dimensions`, usage: null };
        })
      : await embedProbe(`embeddings (embedder role ${embedderHandle})`, () =>
          createModel(embedderHandle, { ...base, role: "embedder" }),
        ),
  );
  const usage = chat.ok ? chat.usage : null;
  return {
    handle: model.handle,
    probes,
    structured,
    configured: model.target.options.structured ?? "json_schema",
    price: priceOf(handle),
    per1kChatCalls: usage ? { usd: usage.costKnown === false ? null : usage.costUsd * 1000, usage } : null,
    ok: chat.ok && structured !== null,
  };
}
