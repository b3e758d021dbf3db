/** @module Document artifacts (PDF, DOCX, Markdown): an outline, exactly one section carrying the target, the other sections on-theme but irrelevant (K.8–K.14). */
import { z } from "zod";
import { fill, type PromptTemplate } from "../../../llm/prompt-template.ts";
import type { Rng } from "../../procedural/prng.ts";
import type { DocumentContent } from "../../realize/index.ts";
import { slug } from "../../slug.ts";
import { WRAP_ARRAY } from "../prompts/addenda.ts";
import {
  COMPANY_DISTRACTOR_OUTLINE,
  COMPANY_DISTRACTOR_SECTION,
  COMPANY_INSIGHT_SECTION,
  COMPANY_OUTLINE,
} from "../prompts/company-files.ts";
import { USER_DISTRACTOR_SECTIONS, USER_INSIGHT_SECTION, USER_OUTLINE } from "../prompts/user-files.ts";
import { generateValidated } from "../regenerate.ts";
import { callSettings } from "../stages/stage-env.ts";
import { companySlots, type FileContext, personaContext, type Realized } from "./context.ts";
import type { Modality } from "./modality.ts";
import { type FactTarget, numberErrors, type StepTarget } from "./targets.ts";

export const Outline = z.object({
  file_title: z.string().min(1),
  introduction: z.string().min(1),
  subsection_headings: z.array(z.string().min(1)),
  conclusion: z.string().min(1),
  file_name: z.string().min(1),
});
export type Outline = z.infer<typeof Outline>;

export const SectionText = z.object({
  subsection_heading: z.string().min(1),
  content: z.string().min(1),
  justification: z.string(),
});
export type SectionText = z.infer<typeof SectionText>;

export const FillerSections = z.object({ sections: z.array(SectionText) });

const NO_EXTERNAL_CONTEXT = "None provided.";

export function checkOutline(o: Outline, n: number): string[] {
  const errors: string[] = [];
  if (o.subsection_headings.length !== n) {
    errors.push(
      `$.subsection_headings: expected exactly ${n} subsection headings, got ${o.subsection_headings.length}`,
    );
  }
  if (new Set(o.subsection_headings.map((h) => h.toLowerCase())).size !== o.subsection_headings.length) {
    errors.push("$.subsection_headings: expected distinct headings");
  }
  return errors;
}

function sentences(text: string): number {
  return text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0).length;
}

export function checkSection(
  s: SectionText,
  heading: string,
  carried: StepTarget | FactTarget | null,
): string[] {
  const errors: string[] = [];
  if (s.subsection_heading.trim() !== heading.trim()) {
    errors.push(`$.subsection_heading: expected "${heading}", got "${s.subsection_heading}"`);
  }
  if (sentences(s.content) < 3)
    errors.push(`$.content: expected one paragraph of at least 3 sentences, got ${sentences(s.content)}`);
  if (carried) errors.push(...numberErrors(carried, s.content, "$.content"));
  return errors;
}

export function checkFillers(out: z.infer<typeof FillerSections>, headings: readonly string[]): string[] {
  const errors: string[] = [];
  if (out.sections.length !== headings.length) {
    errors.push(
      `$.sections: expected one section for each of the ${headings.length} headings, got ${out.sections.length}`,
    );
  }
  out.sections.forEach((s, i) => {
    if (headings[i] !== undefined && s.subsection_heading.trim() !== headings[i]!.trim()) {
      errors.push(
        `$.sections[${i}].subsection_heading: expected "${headings[i]}", got "${s.subsection_heading}"`,
      );
    }
  });
  return errors;
}

export type DocumentRequest = {
  side: "company" | "user";
  /** insight: the target helps answer the DR question; distractor: it must not. */
  role: "insight" | "distractor";
  target: StepTarget | FactTarget;
  modality: Modality;
  date: string;
  rng: Rng;
  /** Usage stage label: "realize" for task artifacts, "S6" for adjacent ones. */
  stage: string;
};

/**
 * A document: outline (K.8 / K.10 / K.12), the carrying section (K.9 / K.11 / K.13) at a random heading, and the
 * remaining headings filled with on-theme but irrelevant paragraphs (K.14). Every output passes its checks or is
 * regenerated with the accumulated errors.
 */
export async function realizeDocument(
  ctx: FileContext,
  req: DocumentRequest,
): Promise<Realized & { section: SectionText }> {
  const { seed } = ctx;
  const n = ctx.subsections;
  const base = { ...callSettings(ctx.env), stage: req.stage };
  const outlineTemplate: PromptTemplate =
    req.side === "company"
      ? req.role === "insight"
        ? COMPANY_OUTLINE
        : COMPANY_DISTRACTOR_OUTLINE
      : USER_OUTLINE;
  const outlineSlots = {
    ...companySlots(seed),
    dr_question: seed.dr_question,
    n_subsections: n,
    company_high_level_context: seed.company_description,
    persona_context: personaContext(ctx),
  };
  const outline = (
    await generateValidated({
      ...base,
      prompt: fill(outlineTemplate, outlineSlots),
      schema: Outline,
      schemaName: `${req.side}_${req.role}_outline`,
      template: outlineTemplate.id,
      validate: (o) => checkOutline(o, n),
    })
  ).object;
  const at = req.rng.int(0, n - 1);
  const heading = outline.subsection_headings[at]!;
  const section = (
    await generateValidated({
      ...base,
      prompt: sectionPrompt(ctx, req, heading),
      schema: SectionText,
      schemaName: `${req.side}_${req.role}_section`,
      template: sectionTemplate(req).id,
      validate: (s) => checkSection(s, heading, req.target),
    })
  ).object;
  const others = outline.subsection_headings.filter((_, i) => i !== at);
  const fillers =
    others.length === 0
      ? []
      : (
          await generateValidated({
            ...base,
            prompt: `${fill(USER_DISTRACTOR_SECTIONS, {
              ...companySlots(seed),
              persona_context: personaContext(ctx),
              dr_question: seed.dr_question,
              external_context: NO_EXTERNAL_CONTEXT,
              subsection_headings: JSON.stringify(others),
            })}\n\n${fill(WRAP_ARRAY, { key: "sections" })}`,
            schema: FillerSections,
            schemaName: `${req.side}_filler_sections`,
            template: USER_DISTRACTOR_SECTIONS.id,
            validate: (o) => checkFillers(o, others),
          })
        ).object.sections;
  let f = 0;
  const body = outline.subsection_headings.map((h, i) => ({
    heading: h,
    paragraphs: [i === at ? section.content : fillers[f++]!.content],
  }));
  const author = req.side === "company" ? seed.company_persona : ctx.persona.name;
  const content: DocumentContent = {
    kind: "document",
    title: outline.file_title,
    subtitle: `${seed.company_name} · ${req.side === "company" ? "Internal documentation" : ctx.persona.role} · ${req.date}`,
    author,
    date: req.date,
    sections: [
      { heading: "Introduction", paragraphs: [outline.introduction] },
      ...body,
      { heading: "Conclusion", paragraphs: [outline.conclusion] },
    ],
  };
  return {
    content,
    modality: req.modality,
    carrier: section.content,
    carrierPath: ["sections", at + 1, "paragraphs", 0],
    title: outline.file_title,
    stem: slug(outline.file_name),
    author,
    date: req.date,
    people: [],
    channels: [],
    section,
  };
}

function sectionTemplate(req: DocumentRequest): PromptTemplate {
  if (req.side === "company")
    return req.role === "insight" ? COMPANY_INSIGHT_SECTION : COMPANY_DISTRACTOR_SECTION;
  return USER_INSIGHT_SECTION;
}

function sectionPrompt(ctx: FileContext, req: DocumentRequest, heading: string): string {
  const common = {
    ...companySlots(ctx.seed),
    dr_question: ctx.seed.dr_question,
    subsection_heading: heading,
  };
  const t = req.target;
  if (t.kind === "step") {
    return fill(sectionTemplate(req), {
      ...common,
      title: t.title,
      task: t.task,
      task_description: t.task_description,
      subtask_description: t.subtask_description || "None",
      prerequisite_description: t.prerequisite_description || "None",
    });
  }
  return fill(USER_INSIGHT_SECTION, {
    ...common,
    persona_context: personaContext(ctx),
    external_context: NO_EXTERNAL_CONTEXT,
    specific_question: t.question,
    answer: t.answer,
    justification: t.justification,
  });
}
