/** @module Realize one planned artifact with the modality's prompts; adjacent artifacts also pass the K.20 fact check against their canonical answer. */
import { z } from "zod";
import { shapeSchema } from "../../../llm/shape-schema.ts";
import type { Rng } from "../../procedural/prng.ts";
import type { ArtifactContent } from "../../realize/index.ts";
import type { PlannedArtifact } from "../plan.ts";
import { factCheck, type Scene } from "../stages/s6-adjacent.ts";
import { realizeChat } from "./chat.ts";
import type { FileContext, Realized } from "./context.ts";
import { realizeDocument } from "./document.ts";
import { realizeEmail } from "./email.ts";
import { Modality } from "./modality.ts";

/** A realized artifact as stored in the work folder (the bytes are re-rendered from `content`). */
export const RealizedRecord = z.object({
  content: z.custom<ArtifactContent>(
    (v) => typeof v === "object" && v !== null && "kind" in v,
    "expected artifact content",
  ),
  modality: Modality,
  carrier: z.string().min(1),
  carrierPath: z.array(z.union([z.string(), z.number()])),
  title: z.string().min(1),
  stem: z.string().min(1),
  author: z.string(),
  date: z.string(),
  people: z.array(z.object({ name: z.string(), email: z.string(), username: z.string(), role: z.string() })),
  channels: z.array(z.string()),
});

/** K.20 guidance for adjacent content. */
export const FACT_CHECK_GUIDANCE =
  "The generated content documents one adjacent case of the organization; the canonical answer is a fact of that case.";

const FROZEN_KEYS = new Set(["user", "username", "email", "messageId", "create_at", "date", "kind"]);

/** Values a fact check must not touch: people, addresses, ids, timestamps. */
export function frozenValues(value: unknown, key = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => frozenValues(v, key));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => frozenValues(v, k));
  return FROZEN_KEYS.has(key) ? [String(value)] : [];
}

export function valueAtPath(root: unknown, path: readonly (string | number)[]): unknown {
  let cur = root;
  for (const p of path)
    cur = cur && typeof cur === "object" ? (cur as Record<string | number, unknown>)[p] : undefined;
  return cur;
}

export type ArtifactRequest = { plan: PlannedArtifact; date: string; rng: Rng; scene: Scene | null };

export async function realizeArtifact(ctx: FileContext, req: ArtifactRequest): Promise<Realized> {
  const { plan } = req;
  const stage = plan.role === "adjacent" ? "S6" : "realize";
  const cast = req.scene?.cast;
  let realized: Realized;
  if (plan.modality === "chat" || plan.modality === "email") {
    if (plan.target.kind !== "fact")
      throw new Error(`${plan.id}: ${plan.modality} artifacts carry user facts, not workflow steps`);
    realized =
      plan.modality === "chat"
        ? await realizeChat(ctx, { target: plan.target, date: req.date, rng: req.rng, stage, cast })
        : await realizeEmail(ctx, { target: plan.target, date: req.date, id: plan.id, stage, cast });
  } else {
    realized = await realizeDocument(ctx, {
      side: plan.side === "company" ? "company" : "user",
      role: plan.role === "distractor" ? "distractor" : "insight",
      target: plan.target,
      modality: plan.modality,
      date: req.date,
      rng: req.rng,
      stage,
    });
  }
  if (plan.role !== "adjacent" || plan.target.kind !== "fact") return realized;
  // The content's own shape (keys, item shapes, leaf types): a schema strict structured output can express.
  const checked = (await factCheck(
    ctx.env,
    shapeSchema(realized.content),
    "adjacent_content",
    plan.target.answer,
    realized.content as unknown as Record<string, unknown>,
    FACT_CHECK_GUIDANCE,
    frozenValues,
  )) as unknown as ArtifactContent;
  const carrier = valueAtPath(checked, realized.carrierPath);
  return {
    ...realized,
    content: checked,
    carrier: typeof carrier === "string" && carrier ? carrier : realized.carrier,
  };
}
