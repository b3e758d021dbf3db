/** @module The procedural generator's tunable settings, with their defaults declared once (the paper's structure). */
import { z } from "zod";

export const GeneratorSettings = z
  .object({
    /** Conditional steps per task (paper: 6–8). A family with more decisions keeps a seeded subset. */
    minConditional: z.number().int().min(0).default(6),
    maxConditional: z.number().int().min(0).default(8),
    /**
     * Most share of the user's condition evidence that also spells out the deciding fact in the policy's terms
     * ("…, so <condition>"): ⌊share × conditions⌋ units per task (6 decisions → 1). The rest states only the case's
     * facts, in the user's words, and must be inferred. Look-alike cases restate with this chance.
     */
    restateShare: z.number().min(0).max(1).default(0.2),
    /** Chance that a case (the user's or a look-alike) has a message posing its question. */
    openerRate: z.number().min(0).max(1).default(0.6),
    /**
     * Steps that must be assembled (docs/generation.md). `flowShare`: chance a procedure is running prose whose
     * paragraph breaks fall inside steps, not between them. `impliedShare`: share of a task's unconditional steps
     * (⌊share × n⌋, after the first) stated only by a form the procedure points to. `splitShare`: share of steps
     * (⌊share × n⌋) whose detail (form, approver, threshold) is stated in another document's forms section.
     * `neighbourShare`: chance a policy document also carries a neighbouring process's procedure.
     */
    flowShare: z.number().min(0).max(1).default(0.4),
    impliedShare: z.number().min(0).max(1).default(0.25),
    splitShare: z.number().min(0).max(1).default(0.2),
    neighbourShare: z.number().min(0).max(1).default(0.3),
  })
  .strict()
  .refine((s) => s.minConditional <= s.maxConditional, {
    message: "minConditional must not exceed maxConditional",
  });
export type GeneratorSettings = z.infer<typeof GeneratorSettings>;
