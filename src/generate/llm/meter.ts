/** @module A model wrapper that keeps a running total of tokens and cost, for "cost so far" progress lines. */
import type { z } from "zod";
import { countCall, noUsage, type UsageTotals } from "../../core/index.ts";
import type { Model, ObjectRequest, Usage } from "../../llm/types.ts";

/** Running totals; `costUsd` sums the priced calls, calls of unpriced handles are counted apart (never as $0). */
export type Meter = UsageTotals;

/** The spend so far as progress events carry it. */
export function spendOf(meter: Meter | undefined): { costUsd: number; unpricedCalls: number } {
  return { costUsd: meter?.costUsd ?? 0, unpricedCalls: meter?.unpricedCalls ?? 0 };
}

export function meteredModel(model: Model): Model & { readonly meter: Meter } {
  const meter: Meter = noUsage();
  const add = (u: Usage) => countCall(meter, u);
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
