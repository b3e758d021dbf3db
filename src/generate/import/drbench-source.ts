/** @module The DRBench task folder as it is on disk (config/task.json, env.json, eval.json, files/<ID>/…), read with zod. */
import { readFile } from "node:fs/promises";
import { z } from "zod";

export const DrbenchTaskConfig = z.object({
  task_id: z.string().min(1),
  dr_question: z.string().min(1),
  date: z.string().default(""),
  company_info: z.looseObject({
    name: z.string().min(1),
    industry: z.string().default(""),
    description: z.string().default(""),
    size: z.string().default(""),
    employee_count: z.union([z.number(), z.string()]).default(""),
    annual_revenue: z.string().default(""),
  }),
  persona: z.looseObject({
    name: z.string().min(1),
    email: z.string().min(3),
    role: z.string().default(""),
    responsibilities: z.string().default(""),
    department: z.string().default(""),
    username: z.string().default(""),
  }),
});
export type DrbenchTaskConfig = z.infer<typeof DrbenchTaskConfig>;

export const DrbenchEnvFile = z.object({
  source: z.string().min(1),
  destination: z.string().min(1),
  app: z.string().min(1),
  qa_type: z.enum(["insight", "distractor"]),
});
export const DrbenchEnv = z.object({ env_files: z.array(DrbenchEnvFile) });
export type DrbenchEnvFile = z.infer<typeof DrbenchEnvFile>;

export const DrbenchEvalItem = z.object({
  id: z.string().min(1),
  type: z.string().default(""),
  qa_type: z.enum(["insight", "distractor"]),
  question: z.string().default(""),
  answer: z.string().min(1),
  justification: z.string().default(""),
  supporting_file_paths: z.array(z.string()).optional(),
  supporting_urls: z.array(z.string()).optional(),
});
export const DrbenchEval = z.object({ dr_report_evaluation_qa: z.array(DrbenchEvalItem) });
export type DrbenchEvalItem = z.infer<typeof DrbenchEvalItem>;

/** `file_dict.json`: structured sections for reports, raw JSONL (`content`) for chat and email exports. */
export const DrbenchFileDict = z.looseObject({
  file_name: z.string().default(""),
  file_title: z.string().optional(),
  introduction: z.string().optional(),
  subsections: z
    .array(z.object({ heading: z.string().default(""), content: z.string().default("") }))
    .optional(),
  conclusion: z.string().optional(),
  content: z.string().optional(),
});
export type DrbenchFileDict = z.infer<typeof DrbenchFileDict>;

/** Parse a JSON file against `schema`; errors name the file and the JSON path. */
export async function readDrbenchJson<S extends z.ZodType>(schema: S, file: string): Promise<z.infer<S>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: expected a readable JSON file (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `$.${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`${file}: ${issues}`);
  }
  return parsed.data;
}

/** `dr_question.json`: the question with DRBench's own industry, domain, subquestions and source article. */
export const DrbenchQuestion = z.looseObject({
  dr_question: z.string().default(""),
  subquestions: z.array(z.string()).default([]),
  industry: z.string().default(""),
  domain: z.string().default(""),
  url: z.string().default(""),
});
export type DrbenchQuestion = z.infer<typeof DrbenchQuestion>;

/** `info.json`: industry, domain and difficulty. */
export const DrbenchInfo = z.looseObject({
  industry: z.string().default(""),
  domain: z.string().default(""),
  difficulty: z.string().default(""),
});
export type DrbenchInfo = z.infer<typeof DrbenchInfo>;

/** `context.json`: company profile, persona and the public article (url, its insights) the task was built from. */
export const DrbenchContext = z.looseObject({
  company_info: z.record(z.string(), z.unknown()).default({}),
  persona: z.record(z.string(), z.unknown()).default({}),
  url: z
    .looseObject({
      url: z.string().default(""),
      insights: z.array(z.string()).default([]),
      industry: z.string().default(""),
      domain: z.string().default(""),
    })
    .optional(),
});
export type DrbenchContext = z.infer<typeof DrbenchContext>;
