/**
 * @module A scripted model that answers from what each request shows, with no knowledge of its own: searches are the
 * question's words, J.7's workflow and J.9's report are what the offline `extractive` agent reads from the documents
 * in the prompt (parsed back into documents), gap finding and DRBA's AAP ask for nothing more. Its scores therefore
 * measure the evidence an LLM agent put in front of its model — passages whole or cut, pointers with or without their
 * targets — not any model's reasoning (`bun scripts/bench/eval.ts --replies reading`).
 */
import { extractive } from "../../../src/agents/extractive/index.ts";
import { runAgent } from "../../../src/agents/run.ts";
import type { AppName, Persona } from "../../../src/core/index.ts";
import { embeddedApp } from "../../../src/env/apps/embedded.ts";
import { APP_NAMES, createEnv } from "../../../src/env/env.ts";
import type { App, EnvDocument } from "../../../src/env/types.ts";
import { renderReportMarkdown } from "../../../src/judge/index.ts";
import { HybridIndex, hashingEmbedder } from "../../../src/retrieval/index.ts";
import { kindOf, promptOf } from "../../../test/agents/support/scripted-agent.ts";
import type { RecordedRequest, ScriptedReply } from "../../../test/support/scripted-server.ts";

const json = (x: unknown): ScriptedReply => ({ content: JSON.stringify(x) });
const APPS = new Set<string>(APP_NAMES);

/** The documents of a J.9 prompt's DOCUMENT CONTENTS (`=== [src_N] title (type; app: path) ===` blocks). */
function j9Documents(prompt: string): EnvDocument[] {
  const body = prompt.split("### DOCUMENT CONTENTS:")[1]?.split("### SOURCE REFERENCE:")[0] ?? "";
  const docs: EnvDocument[] = [];
  const parts = body.split(/^=== \[(src_\d+)\] (.*) \(([a-z_]+); (\w+): ([^()]*)\) ===$/m);
  for (let i = 1; i + 5 < parts.length; i += 6) {
    const [id, title, , app, path, text] = parts.slice(i, i + 6) as string[];
    docs.push({
      id: id!,
      app: (APPS.has(app!) ? app : "files") as AppName,
      title: title!,
      path: path!.trim(),
      text: (text ?? "").trim(),
      author: "",
      date: "",
    });
  }
  return docs;
}

/** The documents of a J.7 prompt's FINDINGS (`### title` blocks; all policy, on the shared drive). */
function j7Documents(prompt: string): EnvDocument[] {
  const body = prompt.split("FINDINGS (policy/workflow content):")[1]?.split("\nTASK:")[0] ?? "";
  return body
    .split(/^### /m)
    .slice(1)
    .map((block, i) => {
      const [title, ...rest] = block.split("\n");
      return {
        id: `f${i + 1}`,
        app: "drive" as AppName,
        title: title!.trim(),
        path: `drive/f${i + 1}`,
        text: rest.join("\n").trim(),
        author: "",
        date: "",
      };
    });
}

/** The extractive agent's report over `docs`, as the question and persona give them. */
async function read(docs: EnvDocument[], question: string, user: Persona) {
  const index = await HybridIndex.open({ embedder: hashingEmbedder() });
  const apps = Object.fromEntries(APP_NAMES.map((n) => [n, embeddedApp(n, index)])) as Record<AppName, App>;
  for (const name of APP_NAMES) {
    const mine = docs.filter((d) => d.app === name);
    if (mine.length > 0) await apps[name].add(mine);
  }
  const env = createEnv({ taskId: "read", question, user, split: "mixed", apps, index });
  try {
    return (await runAgent(extractive(), env, null, { runId: "read" })).report;
  } finally {
    await env.close();
  }
}

const NOBODY: Persona = {
  name: "the user",
  email: "user@example.com",
  role: "staff",
  role_description: "staff",
};

/** The persona block of a J.9 prompt: `Name <email>, Role: responsibilities`. */
function persona(prompt: string): Persona {
  const m = /^Persona block: (.+?) <([^>]+)>, ([^:]+): (.*)$/m.exec(prompt);
  return m ? { name: m[1]!, email: m[2]!, role: m[3]!, role_description: m[4]! } : NOBODY;
}

const search = (type: string, query: string, tool: string) => ({
  type,
  description: `Search for ${query}`,
  parameters: { query, top_k: 10, service: "auto", document: "" },
  priority: 0.9,
  expected_output: "passages about it",
  preferred_tool: tool,
});

/** The reply to one request. */
export async function readingReply(req: RecordedRequest): Promise<ScriptedReply> {
  if (req.path.endsWith("/embeddings")) return {};
  const prompt = promptOf(req);
  const question =
    /answer: "([^"]+)"/.exec(prompt)?.[1] ??
    /(?:ORIGINAL DR QUESTION|RESEARCH QUESTION|DR Question): "?([^"\n]+)"?/.exec(prompt)?.[1] ??
    "";
  switch (kindOf(req)) {
    case "J.4":
      return json({
        research_investigation_areas: (
          ["REQUIREMENT_COLLECTION", "PERSONAL_EVIDENCE_COLLECTION"] as const
        ).map((stage, i) => ({
          area_id: i + 1,
          stage,
          research_focus: question,
          information_needs: [question],
          knowledge_sources: ["internal"],
          research_approach: i === 0 ? "requirement_analysis" : "evidence_gathering",
          search_terms: [question],
          business_rationale: "",
          importance_level: "critical",
        })),
        workflow_strategy: {
          requirement_gathering_approach: "search",
          personal_evidence_strategy: "search",
          flowchart_focus: "steps",
          generic_workflow_coverage: [],
          personal_evidence_needs: [],
        },
      });
    case "J.5":
    case "DRBA.ACTIONS": {
      const personal = /CURRENT STAGE: PERSONAL_EVIDENCE_COLLECTION/.test(prompt);
      return json({
        value: personal
          ? [
              search("enterprise_api", `${question} email`, "EnterpriseAPITool"),
              search("enterprise_api", `${question} chat`, "EnterpriseAPITool"),
            ]
          : [
              search("local_document_search", question, "LocalFileSearchTool"),
              search("local_document_search", `${question} procedure steps`, "LocalFileSearchTool"),
            ],
      });
    }
    case "J.7": {
      const report = await read(j7Documents(prompt), question, NOBODY);
      const steps = report.generic_workflow;
      return json({
        generic_workflow_steps: steps.map((s) => ({
          step: s.item,
          title: s.title,
          is_conditional: s.condition_description !== "",
        })),
        conditional_steps: steps
          .filter((s) => s.condition_description)
          .map((s) => ({
            condition_id: `step_${s.item}`,
            step_number: s.item,
            description: s.condition_description,
            branches: [s.condition_description],
            evidence_needed: s.condition_description,
            search_queries: [s.title],
          })),
      });
    }
    case "J.8": {
      const conditions = [...prompt.matchAll(/^ {2}suggested queries: (.+)$/gm)].map(
        (m) => m[1]!.split("; ")[0]!,
      );
      return json({
        value: conditions.slice(0, 6).map((q) => ({
          ...search("enterprise_api", q, "EnterpriseAPITool"),
          parameters: { query: q, top_k: 10, service: "auto", document: "" },
        })),
      });
    }
    case "J.6":
    case "DRBA.AAP":
      return json({ value: [] });
    case "DRBA.SRP":
      return json({ sub_questions: [question] });
    case "DRBA.CRP":
      return json({
        research_investigation_areas: [
          {
            area_id: 1,
            research_focus: question,
            information_needs: [question],
            knowledge_sources: ["internal"],
            expected_sources: ["policies", "emails"],
            success_criteria: ["the steps and the user's facts"],
            search_terms: [question],
            importance_level: "critical",
          },
        ],
      });
    case "J.9": {
      const report = await read(j9Documents(prompt), question, persona(prompt));
      // The reader's own reference keys name the prompt's sources (its documents' ids): cite those.
      const sourceOf = new Map(report.references.map((r) => [r.key, r.source_id]));
      const cite = (keys: readonly string[]) => keys.map((k) => sourceOf.get(k) ?? k);
      const steps = (list: typeof report.generic_workflow) =>
        list.map((s) => ({ ...s, citations: cite(s.citations) }));
      return {
        content: renderReportMarkdown({
          ...report,
          generic_workflow: steps(report.generic_workflow),
          personalized_workflow: steps(report.personalized_workflow),
          condition_resolution: report.condition_resolution.map((r) => ({
            ...r,
            citations: cite(r.citations),
          })),
          references: [],
        }),
      };
    }
    default:
      return { status: 400, json: { error: { message: `reading model: unscripted prompt ${kindOf(req)}` } } };
  }
}
