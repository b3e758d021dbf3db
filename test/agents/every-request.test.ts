/**
 * Every request each LLM agent (basic, drba, drfa, drfa without gap finding, drfa without conditional action planning)
 * and the LLM judge's batched protocol send on a demo task (tasks/demo/healthcare_02, mixed split), through a local
 * scripted OpenAI-compatible server that answers from what each request shows (the reading model of
 * scripts/bench/support/reading-model.ts; gap finding asks for one more search once, so later rounds are sent too),
 * checked mechanically for what the answering models of the relay rounds logged as odd:
 * - every field the response schema requires is named in the prompt (its example, its adapter lines) — none is left
 *   for the model to guess;
 * - no prompt refers to an input block that is absent or empty (the persona block, the current stage, the findings,
 *   the documents found, the sources);
 * - no block (a paragraph of 60+ characters) appears twice in one request, and no header or line of the prompt's own
 *   text (its verbatim template, its adapter lines) appears more often than that text has it (a relay model logged
 *   "CONDITIONAL STEPS TO RESOLVE" twice in a J.8 request);
 * - no finding is cut mid-sentence: every passage a request shows starts at a sentence, and nothing but J.9's budget
 *   (after a whole sentence, saying so) shortens one.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readingReply } from "../../scripts/bench/support/reading-model.ts";
import { agentFromSpec } from "../../src/agents/index.ts";
import { TEMPLATE as J5 } from "../../src/agents/prompts/action-planning.ts";
import { ADAPTERS, adapterText } from "../../src/agents/prompts/adapters.ts";
import { TEMPLATE as J6 } from "../../src/agents/prompts/adaptive-planning.ts";
import { TEMPLATE as J8 } from "../../src/agents/prompts/conditional-planning.ts";
import { AAP_TEMPLATE, ACTIONS_TEMPLATE, CRP_TEMPLATE, SRP_TEMPLATE } from "../../src/agents/prompts/drba.ts";
import { TEMPLATE as J7 } from "../../src/agents/prompts/intermediate-workflow.ts";
import { TEMPLATE as J4 } from "../../src/agents/prompts/research-planning.ts";
import { TEMPLATE as J9 } from "../../src/agents/prompts/workflow-prediction.ts";
import { runAgent } from "../../src/agents/run.ts";
import type { Report } from "../../src/core/index.ts";
import { parseTemplate, type Template } from "../../src/core/template.ts";
import { loadEnv } from "../../src/env/load.ts";
import { evaluate } from "../../src/judge/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { hashingEmbedder } from "../../src/retrieval/index.ts";
import { type LoadedTask, loadTask } from "../../src/store/task-store.ts";
import { readingDecider, scriptedJudge } from "../judge/protocol-agreement.ts";
import {
  type RecordedRequest,
  type ScriptedServer,
  startScriptedServer,
} from "../support/scripted-server.ts";
import { kindOf, promptOf } from "./support/scripted-agent.ts";

const ROOT = new URL("../../tasks", import.meta.url).pathname;
const TASK = "demo/healthcare_02";
const SPECS = ["basic", "drba", "drfa", "drfa:gf=false", "drfa:cap=false"] as const;
/** What gap finding proposes, once: a search the reading model would not make, so a later round is planned and sent. */
/** The batched factuality prompt's opening. */
const FACTUALITY_OPENING = "Given the following relevant source context from multiple sources";
const GAP_QUERY = "negative pressure room transfer bed management";

type Sent = { who: string; kind: string; prompt: string; schema: JsonSchema | null };
type JsonSchema = {
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** Every property name a schema requires, at any depth. */
export function requiredNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return [
    ...(schema.required ?? []),
    ...Object.values(schema.properties ?? {}).flatMap(requiredNames),
    ...requiredNames(schema.items),
    ...(schema.anyOf ?? []).flatMap(requiredNames),
  ];
}

/** Required fields the prompt never names (as `"field"` or `field:`). */
export function unnamedFields(prompt: string, schema: JsonSchema | null): string[] {
  return [...new Set(requiredNames(schema ?? undefined))].filter(
    (f) => !prompt.includes(`"${f}"`) && !new RegExp(`\\b${f}\\b\\s*:`).test(prompt),
  );
}

/** What an empty input block is filled with. */
const PLACEHOLDERS = [
  "(nothing found yet)",
  "(no sources found)",
  "(no documents retrieved)",
  "(none)",
  " none yet.",
];

/** Input blocks the prompts refer to, and how the request must carry them (a non-empty value). */
const REFERENCES: { mention: RegExp; carried: RegExp; what: string }[] = [
  { mention: /persona block/i, carried: /^Persona block: \S.*<[^>]+@[^>]+>/m, what: "the persona block" },
  { mention: /CURRENT STAGE/, carried: /^CURRENT STAGE: [A-Z_]+$/m, what: "the current stage" },
  {
    mention: /DOCUMENTS FOUND/,
    carried: /DOCUMENTS FOUND SO FAR \([1-9]\d*;[^\n]*\n- "/,
    what: "the documents found",
  },
  {
    mention: /FINDINGS \(policy\/workflow content\)/,
    carried: /FINDINGS \(policy\/workflow content\): \(All \d+ policy passages[\s\S]*?\n### \S/,
    what: "J.7's findings",
  },
  {
    mention: /WHAT HAS BEEN FOUND SO FAR/,
    carried: /WHAT HAS BEEN FOUND SO FAR:\n\(All \d+ passages[\s\S]*?\n### \S/,
    what: "AAP's findings",
  },
  {
    mention: /CONDITIONAL STEPS TO RESOLVE/,
    carried: /CONDITIONAL STEPS TO RESOLVE: - condition_id: \S/,
    what: "the conditions",
  },
  {
    mention: /### AVAILABLE SOURCES/,
    carried: /### AVAILABLE SOURCES[^\n]*\n+- src_1: \S/,
    what: "the sources",
  },
  {
    mention: /### DOCUMENT CONTENTS/,
    carried: /### DOCUMENT CONTENTS:\n+\([^\n]+\)\n+=== \[src_\d+\] /,
    what: "the documents",
  },
  {
    mention: /### SOURCE REFERENCE/,
    carried: /### SOURCE REFERENCE:\n+- src_1: type=/,
    what: "the source reference",
  },
];

/** The input blocks a prompt refers to that it does not carry, and the placeholders of empty blocks it shows. */
export function missingInputs(prompt: string): string[] {
  return [
    ...REFERENCES.filter((r) => r.mention.test(prompt) && !r.carried.test(prompt)).map((r) => r.what),
    ...PLACEHOLDERS.filter((p) => prompt.includes(p)).map((p) => `placeholder "${p.trim()}"`),
  ];
}

/** A marker standing for text shown elsewhere or left out (`[…]`, `[the paragraph "…" …]`, `[… 2 more passages …]`). */
const MARKER = /^\[[^\n]*\]$/;

/** Paragraphs of 60+ characters (whitespace aside) that appear more than once in one prompt. */
export function repeatedBlocks(prompt: string): string[] {
  const seen = new Map<string, number>();
  for (const p of prompt.split(/\n[ \t]*\n/)) {
    const key = p.replace(/\s+/g, " ").trim();
    if (key.length < 60 || MARKER.test(key)) continue;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([p]) => p.slice(0, 100));
}

/** The verbatim template of each kind of agent request. */
const TEMPLATES: Record<string, Template> = {
  "J.4": J4,
  "J.5": J5,
  "J.6": J6,
  "J.7": J7,
  "J.8": J8,
  "J.9": J9,
  "DRBA.SRP": SRP_TEMPLATE,
  "DRBA.CRP": CRP_TEMPLATE,
  "DRBA.ACTIONS": ACTIONS_TEMPLATE,
  "DRBA.AAP": AAP_TEMPLATE,
};

/** A header: an upper-case label of 2+ words, perhaps a parenthesis, then a colon ("CONDITIONAL STEPS TO RESOLVE:"). */
const HEADER = /\b[A-Z][A-Z0-9_&/-]*(?: [A-Z0-9_&/-]+)+(?= ?(?:\([^)\n]*\))?:)/g;

/** How often `part` occurs in `text`. */
const occurrences = (text: string, part: string) => text.split(part).length - 1;

/**
 * A kind of request's own text (its template's literal text and its adapter lines, slots left out): its literal lines
 * of 20+ characters and its headers, each with how often that text has it.
 */
export function ownText(kind: string): Map<string, number> {
  const template = TEMPLATES[kind];
  if (!template) return new Map();
  const adapters = ADAPTERS.filter((a) => a.prompt === kind).map((a) => parseTemplate(adapterText(a.id)));
  const literal = [template, ...adapters]
    .flatMap((t) => t.parts.filter((p): p is string => typeof p === "string"))
    .join("\n");
  const own = new Map<string, number>();
  const pieces = [
    ...literal
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length >= 20),
    ...(literal.match(HEADER) ?? []),
  ];
  for (const piece of pieces) own.set(piece, occurrences(literal, piece));
  return own;
}

/**
 * Headers and lines of a request's own text it shows more often than that text has them (a header filled in twice,
 * an adapter line inserted twice), and headers repeated where the own text has none (a slot carrying its own header).
 */
export function repeatedOwnText(prompt: string, own: ReadonlyMap<string, number>): string[] {
  const problems = [...own]
    .filter(([piece, n]) => occurrences(prompt, piece) > n)
    .map(([piece]) => `"${piece.slice(0, 80)}" ${occurrences(prompt, piece)} times`);
  for (const header of new Set(prompt.match(HEADER) ?? []))
    if (!own.has(header) && occurrences(prompt, header) > 1)
      problems.push(`"${header}" ${occurrences(prompt, header)} times`);
  return problems;
}

/** The passages a request shows: what follows a document heading (`### title`, `=== [src_N] … ===`) or a `[…]` line. */
function passageStarts(prompt: string): string[] {
  const starts: string[] = [];
  for (const m of prompt.matchAll(/^(?:### [^\n]+|=== \[src_\d+\] [^\n]+ ===|\[…\])\n([^\n]*)/gm))
    starts.push(m[1]!);
  return starts;
}

/** Passages cut mid-sentence: one starting inside a sentence (lower case, an ellipsis), or a cut not after a sentence. */
export function cutFindings(prompt: string, kind: string): string[] {
  const problems = passageStarts(prompt)
    .filter((s) => /^(?:[a-z]|…|\.\.\.)/.test(s.trim()))
    .map((s) => `starts mid-sentence: "${s.slice(0, 60)}"`);
  for (const m of prompt.matchAll(
    /([^\n]{0,40})\n\[… [\d,]+ more characters of [^\n]*left out for length\]/g,
  )) {
    if (kind !== "J.9") problems.push(`cut for length outside J.9: "${m[1]}"`);
    else if (!/[.!?:;)"”]$/.test(m[1]!.trimEnd())) problems.push(`cut mid-sentence: "${m[1]}"`);
  }
  return problems;
}

const sent: Sent[] = [];
let loaded: LoadedTask;
let agentServer: ScriptedServer;
let judgeServer: ScriptedServer;
const reports = new Map<string, Report>();

function record(who: string, requests: readonly RecordedRequest[], kind: (r: RecordedRequest) => string) {
  for (const req of requests) {
    if (req.path.endsWith("/embeddings")) continue;
    const body = req.body as { response_format?: { json_schema?: { schema: JsonSchema } } };
    sent.push({
      who,
      kind: kind(req),
      prompt: promptOf(req),
      schema: body.response_format?.json_schema?.schema ?? null,
    });
  }
}

beforeAll(async () => {
  loaded = await loadTask(ROOT, TASK);
  let gapAsked = false;
  agentServer = await startScriptedServer({
    reply: (req) => {
      if (kindOf(req) !== "J.6" || gapAsked) return readingReply(req);
      gapAsked = true;
      const parameters = { query: GAP_QUERY, top_k: 10, service: "auto", document: "" };
      const action = { type: "local_document_search", description: GAP_QUERY, parameters, priority: 0.9 };
      const value = [
        {
          ...action,
          expected_output: "",
          preferred_tool: "LocalFileSearchTool",
          stage: "REQUIREMENT_COLLECTION",
        },
      ];
      return { content: JSON.stringify({ value }) };
    },
  });
  for (const spec of SPECS) {
    gapAsked = false;
    agentServer.requests.length = 0;
    const env = await loadEnv(loaded, { split: "mixed", embedder: hashingEmbedder() });
    try {
      const model = createModel(`compat:${agentServer.url}#reading`, {
        cache: null,
        retry: { maxRetries: 0 },
      });
      const result = await runAgent(agentFromSpec(spec), env, model, { runId: `every-${spec}` });
      reports.set(spec, result.report);
      record(spec, agentServer.requests, kindOf);
    } finally {
      await env.close();
    }
  }
  judgeServer = await startScriptedServer({ reply: scriptedJudge(readingDecider) });
  const judge = createModel(`compat:${judgeServer.url}#judge`, { cache: null, retry: { maxRetries: 0 } });
  const embedder = createModel(`compat:${judgeServer.url}#embed`, { cache: null });
  await evaluate(reports.get("drfa")!, loaded, { judge, protocol: "batched", llm: { embedder } });
  record("judge (batched)", judgeServer.requests, (r) => promptOf(r).slice(0, 40));
}, 120_000);

afterAll(async () => {
  await agentServer?.close();
  await judgeServer?.close();
});

describe("every request of every LLM agent and of the batched judge, on a demo task", () => {
  test("each agent and the judge sent requests of every kind expected", () => {
    const kinds = (who: string) => new Set(sent.filter((s) => s.who === who).map((s) => s.kind));
    expect([...kinds("basic")]).toEqual(["J.9"]);
    for (const k of ["DRBA.CRP", "DRBA.ACTIONS", "DRBA.AAP", "J.9"]) expect(kinds("drba")).toContain(k);
    for (const k of ["J.4", "J.5", "J.6", "J.7", "J.8", "J.9"]) expect(kinds("drfa")).toContain(k);
    expect(kinds("drfa:gf=false")).not.toContain("J.6");
    expect(kinds("drfa:cap=false")).not.toContain("J.8");
    expect(sent.filter((s) => s.who === "judge (batched)").length).toBeGreaterThanOrEqual(4);
    // Gap finding's search ran, so DRFA sent a later round (J.7 again, on the findings it brought).
    expect(sent.filter((s) => s.who === "drfa" && s.kind === "J.7").length).toBeGreaterThan(1);
  });

  test("every field a response schema requires is named in the prompt", () => {
    const problems = sent
      .filter((s) => s.schema)
      .map((s) => [s.who, s.kind, unnamedFields(s.prompt, s.schema)] as const)
      .filter(([, , missing]) => missing.length > 0);
    expect(problems).toEqual([]);
    expect(sent.filter((s) => s.schema).length).toBeGreaterThan(20);
  });

  test("no prompt refers to an input block it does not carry, and none shows an empty one", () => {
    const problems = sent
      .map((s) => [s.who, s.kind, missingInputs(s.prompt)] as const)
      .filter(([, , missing]) => missing.length > 0);
    expect(problems).toEqual([]);
  });

  test("no block appears twice in one request", () => {
    // The batched factuality judge checks each claim against its own listed sources only: a passage two sources share
    // is shown in each (collapsing it would read as "stated in another source"); within one source, never twice.
    const blocks = (s: Sent) =>
      s.prompt.startsWith(FACTUALITY_OPENING) ? s.prompt.split(/^Source \d+: /m) : [s.prompt];
    const problems = sent
      .map((s) => [s.who, s.kind, blocks(s).flatMap(repeatedBlocks)] as const)
      .filter(([, , repeated]) => repeated.length > 0);
    expect(problems).toEqual([]);
  });

  test("no header or line of a prompt's own text appears more often than its template has it", () => {
    // The agents' requests (the judge's prompts are not the agents' templates; its own labels repeat verbatim).
    const agents = sent.filter((s) => !s.who.startsWith("judge"));
    for (const s of agents) expect(ownText(s.kind).size).toBeGreaterThan(3);
    const problems = agents
      .map((s) => [s.who, s.kind, repeatedOwnText(s.prompt, ownText(s.kind))] as const)
      .filter(([, , repeated]) => repeated.length > 0);
    expect(problems).toEqual([]);
  });

  test("no finding is cut mid-sentence", () => {
    const problems = sent
      .map((s) => [s.who, s.kind, cutFindings(s.prompt, s.kind)] as const)
      .filter(([, , cut]) => cut.length > 0);
    expect(problems).toEqual([]);
    expect(sent.reduce((n, s) => n + passageStarts(s.prompt).length, 0)).toBeGreaterThan(50);
  });

  test("the checks are not rubber stamps", () => {
    const schema = { required: ["value"], properties: { value: { items: { required: ["type", "stage"] } } } };
    expect(unnamedFields('send {"value": [{"type": "x"}]}', schema)).toEqual(["stage"]);
    expect(missingInputs("Use the persona block.\nPersona block: ")).toEqual(["the persona block"]);
    expect(missingInputs("CURRENT STAGE above.\nCURRENT STAGE: {stage}")).toEqual(["the current stage"]);
    expect(missingInputs("FINDINGS: (nothing found yet)")).toEqual(['placeholder "(nothing found yet)"']);
    const para = "Patients are treated with dignity and respect and may ask for a patient advocate.";
    expect(repeatedBlocks(`${para}\n\nother\n\n${para}`)).toHaveLength(1);
    expect(
      repeatedBlocks(
        `[the paragraph "x …", word for word as under "A" above]\n\n[the paragraph "x …", word for word as under "A" above]`,
      ),
    ).toEqual([]);
    const j8 = ownText("J.8");
    expect(j8.get("CONDITIONAL STEPS TO RESOLVE")).toBe(1);
    expect(
      repeatedOwnText(
        "CONDITIONAL STEPS TO RESOLVE: - condition_idCONDITIONAL STEPS TO RESOLVE: - condition_id: c1",
        j8,
      ),
    ).toContain('"CONDITIONAL STEPS TO RESOLVE" 2 times');
    // The paper's J.4 has "**What to extract**:" twice: twice is its own text, a third is not.
    const j4 = ownText("J.4");
    expect(repeatedOwnText("**What to extract**:\n**What to extract**:", j4)).toEqual([]);
    const line = adapterText("J.8.reading");
    expect(repeatedOwnText(`${line}\n${line}`, j8)).toEqual([`"${line.slice(0, 80)}" 2 times`]);
    expect(repeatedOwnText("PERSONA BLOCK: a\nPERSONA BLOCK: b", j8)).toEqual(['"PERSONA BLOCK" 2 times']);
    expect(cutFindings("### TB-140\nand three sputum specimens.", "J.7")).toHaveLength(1);
    expect(
      cutFindings(
        "=== [src_1] T (x; y: z) ===\nSee the\n[… 40 more characters of this document left out for length]",
        "J.9",
      ),
    ).toHaveLength(1);
  });
});
