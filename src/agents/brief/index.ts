/**
 * @module The offline `brief` agent for research-question tasks (DRBench): retrieve passages for the question and its
 * sub-questions across every app, keep the sentences and table rows that speak to the question's topic and carry
 * specifics, leave out passages about other topics, and write a cited research brief — no model, environment only.
 *
 * A document's topic score is BM25 of the question's terms (IDF over the environment, so terms most documents share,
 * such as the company's name, weigh little); a document under `documentShare` of the best one's, whose title does not
 * speak to the topic either (`minRelevance`), is off-topic. A finding is a sentence that states a figure (the
 * specifics a brief reports), ranked by the IDF-weighted share of the topic terms it and its passage state, and its
 * document's score; one whose sentence and passage both fall under `minRelevance` is left out. Tables contribute their
 * most recent row (the user's own organisation's, when rows compare organisations). Chat and mail export furniture
 * (separators, headers, `@user:` lines) is not prose.
 */
import { z } from "zod";
import { type Figure, figures } from "../../core/index.ts";
import type { EnvDocument } from "../../env/types.ts";
import { segmentSentences } from "../../retrieval/index.ts";
import { suffixStem, words } from "../../retrieval/tokenize.ts";
import { defineAgent } from "../define.ts";
import { tracedTools } from "../extractive/index.ts";
import type { Agent, AgentContext, AgentOutput, TraceEvent } from "../types.ts";
import { periodKey, tableRows } from "./table.ts";
import { type Finding, writeBrief } from "./write.ts";

export const BriefOptions = z
  .object({
    /** Search hits fetched per query. */
    searchLimit: z.number().int().min(1).default(10),
    /** A document is on topic when its topic score reaches this share of the best document's. */
    documentShare: z.number().min(0).max(1).default(0.35),
    /** A sentence is kept when it, or its passage, states at least this IDF-weighted share of the topic terms. */
    minRelevance: z.number().min(0).max(1).default(0.1),
    /** Findings written (the first ones count most: judges consider the first gold + 5 insights). */
    maxFindings: z.number().int().min(1).default(10),
    /** Findings taken from one document. */
    perDocument: z.number().int().min(1).default(2),
  })
  .strict();
export type BriefOptions = z.infer<typeof BriefOptions>;

const terms = (text: string) => words(text).map(suffixStem);

/** A figure that says something: not a bare year ("2024" alone dates a sentence, it does not state a finding). */
const isSpecific = (f: Figure) =>
  f.percent || /[$€£,.]|[a-z]/i.test(f.raw) || f.value < 1900 || f.value > 2100;

/** Queries: the question, each sub-question, and the question's consecutive topic-term pairs. */
function queriesFor(question: string, subquestions: readonly string[]): string[] {
  const w = words(question).filter((t) => t.length > 2);
  const pairs = w.slice(0, -1).map((t, i) => `${t} ${w[i + 1]}`);
  return [...new Set([question, ...subquestions, ...pairs])];
}

type Candidate = Finding & { score: number };

async function run(options: BriefOptions, context: AgentContext): Promise<AgentOutput> {
  const { env } = context;
  const now = context.now ?? Date.now;
  const trace: TraceEvent[] = [];
  const emit = (e: TraceEvent) => {
    trace.push(e);
    context.onEvent?.(e);
  };
  const subquestions = env.subquestions ?? [];
  const tools = tracedTools(env, options.searchLimit, emit, now);
  const docs = await tools.list();

  // IDF over the environment: terms every document shares (the company name, "report") weigh little.
  const docTerms = new Map(docs.map((d) => [d.id, terms(`${d.title} ${d.title} ${d.text}`)]));
  const df = new Map<string, number>();
  for (const ts of docTerms.values()) for (const t of new Set(ts)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log((docs.length + 1) / ((df.get(t) ?? 0) + 0.5));
  const topic = new Set(terms([env.question, ...subquestions].join(" ")).filter((t) => t.length > 2));
  const topicWeight = [...topic].reduce((s, t) => s + idf(t), 0) || 1;
  const relevance = (text: string) => {
    const have = new Set(terms(text));
    return [...topic].filter((t) => have.has(t)).reduce((s, t) => s + idf(t), 0) / topicWeight;
  };
  // A document's topic score: BM25 of the question's terms over its title (twice) and text.
  const avgLen = [...docTerms.values()].reduce((s, ts) => s + ts.length, 0) / Math.max(1, docs.length);
  const bm25 = (id: string) => {
    const ts = docTerms.get(id) ?? [];
    const tf = new Map<string, number>();
    for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const t of topic) {
      const f = tf.get(t) ?? 0;
      score += (idf(t) * f * 2.2) / (f + 1.2 * (0.25 + 0.75 * (ts.length / avgLen)));
    }
    return score;
  };

  // Retrieval: every query across every app; the documents hit are the candidates.
  const hitDocs = new Set<string>();
  for (const query of queriesFor(env.question, subquestions)) {
    const hits = await tools.search(query);
    for (const h of hits) hitDocs.add(h.documentId);
  }
  const candidatesDocs = docs.filter((d) => hitDocs.has(d.id));
  const docScore = new Map(candidatesDocs.map((d) => [d.id, bm25(d.id)]));
  const best = Math.max(0, ...docScore.values());
  const onTopic = candidatesDocs.filter(
    (d) =>
      (docScore.get(d.id) ?? 0) >= best * options.documentShare || relevance(d.title) >= options.minRelevance,
  );
  emit({
    type: "note",
    at: now(),
    message: `${candidatesDocs.length} documents retrieved, ${onTopic.length} on the question's topic (others left out as off-topic)`,
  });

  const org = env.user.email.split("@")[1]?.split(".")[0]?.toLowerCase() ?? "";
  const candidates: Candidate[] = [];
  for (const doc of onTopic)
    candidates.push(...findingsOf(doc, relevance, (docScore.get(doc.id) ?? 0) / (best || 1), org, options));
  const chosen: Candidate[] = [];
  const perDoc = new Map<string, number>();
  const seen = new Set<string>();
  for (const c of candidates.sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))) {
    const key = terms(c.text).join(" ");
    if (seen.has(key) || (perDoc.get(c.doc.id) ?? 0) >= options.perDocument) continue;
    seen.add(key);
    perDoc.set(c.doc.id, (perDoc.get(c.doc.id) ?? 0) + 1);
    chosen.push(c);
    if (chosen.length >= options.maxFindings) break;
  }
  emit({ type: "note", at: now(), message: `${chosen.length} findings from ${perDoc.size} documents` });
  return { report: writeBrief(env.taskId, env.question, chosen), trace };
}

/** Export furniture that is not prose: separators, `[date] #channel` headers, `@user:` lines, mail header fields. */
const FURNITURE =
  /^\s*(?:[-=_*]{3,}|\[\d{4}-\d{2}-\d{2}[^\]]*\].*|@[\w.-]+:|(?:from|to|cc|bcc|date|subject|folder|attachments|email id|message body|name|email|type|team|purpose|description)\s*:.*|•.*|[A-Z][A-Z ]{3,})\s*$/i;

/** Passages of a document: paragraphs and messages, export furniture removed, salutations trimmed. */
function passages(text: string): string[] {
  return text
    .split(/\n\s*\n|\n\s*[-=]{3,}\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .filter((line) => !FURNITURE.test(line) && !/^#+\s/.test(line))
        .join(" ")
        .replace(/^\s*(?:hi|hey|hello|dear|thanks|thank you)\b[^,.!]{0,40}[,!]\s*/i, "")
        .trim(),
    )
    .filter((p) => p.length > 0);
}

/**
 * Candidate findings of one document: for a table its most recent row (the user's own organisation's, when rows
 * compare organisations); otherwise sentences whose passage speaks to the topic, those with figures first.
 */
function findingsOf(
  doc: EnvDocument,
  relevance: (text: string) => number,
  docShare: number,
  org: string,
  options: BriefOptions,
): Candidate[] {
  const out: Candidate[] = [];
  const table = doc.format === "csv" || /\.csv$/i.test(doc.path) ? tableRows(doc.text, doc.title) : null;
  if (table) {
    const periodCol = table.headers.findIndex((h) => /period|quarter|date|time|month|year/i.test(h));
    const own = table.rows.filter(
      (r) => org && r.cells.some((c) => c.toLowerCase().replace(/[^a-z]/g, "") === org),
    );
    const pool = own.length > 0 ? own : table.rows;
    const latest = [...pool].sort(
      (a, b) => (periodKey(b.cells[periodCol] ?? "") ?? 0) - (periodKey(a.cells[periodCol] ?? "") ?? 0),
    )[0];
    const r = latest ? relevance(`${doc.title} ${latest.statement}`) : 0;
    if (latest && r >= options.minRelevance)
      out.push({ text: latest.statement, doc, score: r + 0.2 * docShare });
    return out;
  }
  for (const passage of passages(doc.text)) {
    const passageRel = relevance(passage);
    for (const sentence of segmentSentences(passage)) {
      const text = sentence.replace(/^[-*•]\s+/, "").trim();
      if (text.length < 25 || text.length > 400 || /\?$/.test(text)) continue;
      // A finding states specifics: a sentence without a figure is context, not an insight to report.
      if (!figures(text).some(isSpecific)) continue;
      const own = relevance(text);
      if (Math.max(own, passageRel) < options.minRelevance) continue;
      out.push({ text, doc, score: 0.5 * own + 0.3 * passageRel + 0.2 * docShare });
    }
  }
  return out;
}

export const BRIEF = defineAgent({
  name: "brief",
  summary: "retrieval and cited, figure-bearing findings",
  options: BriefOptions,
  serves: ["drbench"],
  needsModel: false,
  run: (context, opts) => run(opts, context),
});

export function brief(options: z.input<typeof BriefOptions> = {}): Agent {
  return BRIEF.create(options);
}
