/** @module A model wrapper that keeps a running total of tokens and cost, for "cost so far" progress lines. */
import type { z } from "zod";
import type { Model, ObjectRequest, Usage } from "../../llm/types.ts";

export type Meter = { calls: number; inputTokens: number; outputTokens: number; costUsd: number };

export function meteredModel(model: Model): Model & { readonly meter: Meter } {
  const meter: Meter = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  const add = (u: Usage) => {
    meter.calls++;
    meter.inputTokens += u.inputTokens;
    meter.outputTokens += u.outputTokens;
    meter.costUsd += u.costUsd;
  };
  return {
    handle: model.handle,
    meter,
    async chat(request) {
      const r = await model.chat(request);
      add(r.usage);
      return r;
    },
    async generateObject<S extends z.ZodType>(request: ObjectRequest<S>) {
      const r = await model.generateObject(request);
      add(r.usage);
      return r;
    },
    embed: (texts, context) => model.embed(texts, context),
  };
}
