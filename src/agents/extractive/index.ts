/** @module The offline `extractive` agent: retrieval plus rule-based step, branch and evidence extraction — no model, environment only. */
import { z } from "zod";
import type { AppName } from "../../core/index.ts";
import type { Env, EnvDocument, SearchHit } from "../../env/types.ts";
import { defineAgent } from "../define.ts";
import type { Agent, AgentContext, AgentOutput, TraceEvent } from "../types.ts";
import { caseIds, focusCaseIds, userTie } from "./case-focus.ts";
import type { Rule } from "./conditions.ts";
import { factSentences, inverseDocumentFrequency } from "./evidence.ts";
import { mentionedDependencies, mergeSteps } from "./merge.ts";
import { type StepOutcome, writeReport } from "./report.ts";
import { decidingTerms, type EvidenceSentence, resolveRule, type TermWeight } from "./resolve.ts";
import { extractSteps, procedureScore } from "./steps.ts";
import { coverage, termSet } from "./text.ts";
import { topicScores } from "./topic.ts";

/** Options of the extractive agent, with their defaults declared once. */
export const ExtractiveOptions = z
  .object({
    /**
     * A policy document is kept when its coverage of the question's terms is at least this share of the best
     * policy document's, or when its numbered steps continue the sequence of the documents kept before it without
     * clashing, or when it cites or is cited by a kept document.
     */
    relevanceShare: z.number().min(0).max(1).default(0.5),
    /** Search hits fetched per query. */
    searchLimit: z.number().int().min(1).default(12),
    /** Evidence sentences considered per rule. */
    evidencePerRule: z.number().int().min(1).default(6),
  })
  .strict();
export type ExtractiveOptions = z.infer<typeof ExtractiveOptions>;

/** Apps that hold the user's own evidence. */
const PERSONAL_APPS: readonly AppName[] = ["email", "chat", "files"];
/** A document that names only other people's case ids weighs this much as evidence. */
const OTHER_CASE_WEIGHT = 0.15;
/** Once the user's case is known, a document naming no case at all (team chatter) weighs this much. */
const NO_CASE_WEIGHT = 0.5;
/** A step is personalized with a user sentence whose overlap with the step's terms reaches this share. */
const DETAIL_COVERAGE = 0.34;
/** A restated rule ("if …, otherwise …") is not a fact of the case. */
const RESTATED_RULE = /\b(if|when)\b.*\b(otherwise|if not)\b/i;
/** Nor is a hypothetical: a sentence that opens with a condition ("If you need more packets, submit a request"). */
const HYPOTHETICAL = /^\W*(if|unless|in case)\b/i;

type Tools = {
  list(): Promise<EnvDocument[]>;
  search(query: string, apps?: EnvDocument["app"][]): Promise<SearchHit[]>;
};

/** Tool wrappers that record a trace event for every call. */
export function tracedTools(
  env: Env,
  limit: number,
  emit: (e: TraceEvent) => void,
  now: () => number,
): Tools {
  return {
    async list() {
      const docs = await env.list();
      emit({
        type: "tool",
        at: now(),
        tool: "list_documents",
        input: {},
        resultCount: docs.length,
        sourceIds: docs.map((d) => d.id),
      });
      return docs;
    },
    async search(query, apps) {
      const hits = await env.search(query, { limit, ...(apps ? { apps } : {}) });
      emit({
        type: "tool",
        at: now(),
        tool: apps ? "local_document_search" : "enterprise_search",
        input: { query, ...(apps ? { apps } : {}) },
        resultCount: hits.length,
        sourceIds: [...new Set(hits.map((h) => h.documentId))],
      });
      return hits;
    },
  };
}

/**
 * Search rank only breaks ties between documents that cover the question equally: its bonus stays below the smallest
 * coverage step (one question term in the longest question it could matter for).
 */
const RANK_TIE_BREAK = 1e-3;

/**
 * The user's evidence sentences for a rule: fact sentences of the documents the rule's search returns (policies left
 * out) that state terms telling the branches apart, ranked by those terms' weight times the document's trust.
 */
async function evidenceFor(
  rule: Rule,
  tools: Tools,
  sentencesOf: (id: string) => EvidenceSentence[],
  idf: TermWeight,
  limit: number,
): Promise<EvidenceSentence[]> {
  const hits = await tools.search(rule.source, [...PERSONAL_APPS]);
  const distinct = new Set(decidingTerms(rule).flatMap((d) => [...d]));
  const candidates: (EvidenceSentence & { score: number })[] = [];
  for (const id of new Set(hits.map((h) => h.documentId))) {
    for (const sentence of sentencesOf(id)) {
      if (RESTATED_RULE.test(sentence.text) || HYPOTHETICAL.test(sentence.text)) continue;
      let score = 0;
      for (const t of termSet(sentence.text)) if (distinct.has(t)) score += idf(t);
      if (score > 0) candidates.push({ ...sentence, score: score * sentence.weight });
    }
  }
  return candidates
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ text, docId, weight }) => ({ text, docId, weight }));
}

/** User sentences that speak to a step (names, dates, ids of the user's case), best first. */
function detailsFor(
  step: { title: string; text: string },
  userSentences: readonly EvidenceSentence[],
): EvidenceSentence[] {
  const stepTerms = termSet(`${step.title} ${step.title} ${step.text}`);
  return userSentences
    .map((s) => ({ s, score: coverage(termSet(s.text), stepTerms) * s.weight }))
    .filter((x) => x.score >= DETAIL_COVERAGE)
    .sort((a, b) => b.score - a.score)
    .slice(0, 1)
    .map((x) => x.s);
}

async function run(options: ExtractiveOptions, context: AgentContext): Promise<AgentOutput> {
  const { env } = context;
  const now = context.now ?? Date.now;
  const trace: TraceEvent[] = [];
  const emit = (e: TraceEvent) => {
    trace.push(e);
    context.onEvent?.(e);
  };
  const stage = (actionId: string, actionType: string, description: string, status: "started" | "done") =>
    emit({ type: "action", at: now(), actionId, actionType, description, stage: actionType, status });
  const tools = tracedTools(env, options.searchLimit, emit, now);

  // 1. Policy retrieval: rank documents by the question, keep the procedural ones close to the best.
  stage("a1", "requirement_collection", "Find policy documents that state the procedure", "started");
  const all = await tools.list();
  const docs = new Map(all.map((d) => [d.id, d]));
  const rank = new Map<string, number>();
  (await tools.search(env.question)).forEach((h, i) => {
    if (!rank.has(h.documentId)) rank.set(h.documentId, i);
  });
  const extracted = all
    .map((doc) => ({ doc, steps: extractSteps(doc.id, doc.text), score: procedureScore(doc.text) }))
    .filter((p) => p.steps.length > 0 && p.score >= 2);
  // Policies live in shared company sources; the user's own mail, chat and files are evidence, unless nothing else is.
  const shared = extracted.filter((p) => !PERSONAL_APPS.includes(p.doc.app));
  const procedural = shared.length > 0 ? shared : extracted;
  // Selection reads only the documents and the question, never the search rank: which other documents share the
  // index (the mixed split adds adjacent cases) moves ranks, and must not change which procedure documents count.
  // Topic: BM25 of the question over the company's shared documents (the same in both splits: the mixed split adds
  // personal documents only), so a long handbook that mentions the question's common words does not count.
  const scores = topicScores(
    env.question,
    all.filter((d) => !PERSONAL_APPS.includes(d.app)),
  );
  const topic = new Map(procedural.map((p) => [p.doc.id, scores.get(p.doc.id) ?? 0]));
  const best = Math.max(0, ...topic.values());
  // Ordering and de-duplication prefer the better-covering document; the rank only breaks exact ties.
  const relevance = new Map(
    procedural.map((p) => {
      const r = rank.get(p.doc.id);
      return [p.doc.id, topic.get(p.doc.id)! + (r === undefined ? 0 : RANK_TIE_BREAK / (1 + r))];
    }),
  );
  // On the question's topic (coverage at least a share of the best document's), continuing the "Step N" sequence
  // without a clash, or tied to a kept document by a cross-reference (it cites one, or one cites it).
  const taken = new Set<number>();
  const kept = new Set<string>();
  for (const p of [...procedural].sort((a, b) => relevance.get(b.doc.id)! - relevance.get(a.doc.id)!)) {
    const numbers = p.steps.flatMap((s) => (s.global && s.number !== null ? [s.number] : []));
    const relevant = topic.get(p.doc.id)! >= options.relevanceShare * best;
    const continues = numbers.length > 0 && numbers.every((n) => !taken.has(n));
    if (!relevant && !continues) continue;
    kept.add(p.doc.id);
    for (const n of numbers) taken.add(n);
  }
  // Documents tied by a stated dependency: a cross-reference by code, or a step naming another document's step.
  const byCode = new Map(
    procedural.flatMap((p) => (p.steps[0]?.docCode ? [[p.steps[0].docCode, p.doc.id]] : [])),
  );
  const linked = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === b) return;
    linked.set(a, (linked.get(a) ?? new Set()).add(b));
    linked.set(b, (linked.get(b) ?? new Set()).add(a));
  };
  for (const p of procedural)
    for (const s of p.steps)
      for (const r of s.refs) {
        const target = byCode.get(r.code);
        if (target) link(p.doc.id, target);
      }
  for (const [from, to] of mentionedDependencies(procedural.flatMap((p) => p.steps)))
    link(from.docId, to.docId);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procedural) {
      if (kept.has(p.doc.id)) continue;
      if ([...(linked.get(p.doc.id) ?? [])].some((d) => kept.has(d))) {
        kept.add(p.doc.id);
        grew = true;
      }
    }
  }
  const policies = procedural.filter((p) => kept.has(p.doc.id));
  const policyIds = new Set(procedural.map((p) => p.doc.id));
  emit({
    type: "note",
    at: now(),
    message: `policy documents: ${policies.map((p) => p.doc.id).join(", ") || "none"}`,
  });
  stage("a1", "requirement_collection", "Find policy documents that state the procedure", "done");

  // 2. Steps: de-duplicate across documents, order by step numbers and prerequisite mentions.
  const steps = mergeSteps(
    policies.flatMap((p) => p.steps),
    (id) => relevance.get(id) ?? 0,
  );

  // 3. Evidence: documents tied to the user weigh more; documents about another case id weigh little.
  stage(
    "a2",
    "personal_evidence",
    "Resolve each condition from the user's emails, chats and files",
    "started",
  );
  // The user's own sources: mail, chat and personal files (the shared drive holds company documents).
  const personal = all.filter((d) => PERSONAL_APPS.includes(d.app) && !policyIds.has(d.id));
  const deciding = steps.flatMap((s) => s.rules.map((r) => new Set(decidingTerms(r).flatMap((d) => [...d]))));
  const mine = focusCaseIds(personal, env.question, deciding);
  emit({ type: "note", at: now(), message: `user's case: ${[...mine].join(", ") || "not identified"}` });
  const idf = inverseDocumentFrequency(all);
  const weightOf = (doc: EnvDocument) => {
    const tie = 1 + 0.5 * userTie(doc, env.user);
    if (mine.size === 0) return tie;
    const ids = caseIds(`${doc.title}\n${doc.text}`);
    if (ids.size === 0) return tie * NO_CASE_WEIGHT;
    return tie * ([...ids].some((id) => mine.has(id)) ? 1 : OTHER_CASE_WEIGHT);
  };
  const factsByDoc = new Map(
    personal.map((doc) => [
      doc.id,
      factSentences(doc).map((text) => ({ text, docId: doc.id, weight: weightOf(doc) })),
    ]),
  );
  const sentencesOf = (id: string) => factsByDoc.get(id) ?? [];
  const userSentences = [...factsByDoc.values()].flat();
  const outcomes: StepOutcome[] = [];
  for (const step of steps) {
    const rules = [];
    for (const rule of step.rules) {
      const evidence = await evidenceFor(rule, tools, sentencesOf, idf, options.evidencePerRule);
      rules.push({ rule, resolution: resolveRule(rule, evidence, idf) });
    }
    outcomes.push({ step, rules, details: detailsFor(step, userSentences) });
  }
  stage("a2", "personal_evidence", "Resolve each condition from the user's emails, chats and files", "done");

  // 4. Report.
  stage(
    "a3",
    "workflow_generation",
    "Write the generic and personalized workflows with citations",
    "started",
  );
  const report = writeReport({
    taskId: env.taskId,
    question: env.question,
    userName: env.user.name,
    outcomes,
    docs,
  });
  stage("a3", "workflow_generation", "Write the generic and personalized workflows with citations", "done");
  return { report, trace };
}

export const EXTRACTIVE = defineAgent({
  name: "extractive",
  summary: "retrieval, layout reading, condition and case extraction",
  options: ExtractiveOptions,
  serves: ["drflow"],
  needsModel: false,
  run: (context, opts) => run(opts, context),
});

/** The offline extractive agent (no model). It reads only what the environment serves. */
export function extractive(
  overrides: z.input<typeof ExtractiveOptions> | Record<string, unknown> = {},
): Agent {
  return EXTRACTIVE.create(overrides);
}
