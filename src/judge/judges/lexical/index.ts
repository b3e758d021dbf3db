/** @module The `lexical` judge: deterministic decisions from TF-IDF/BM25 over Porter stems, optimal one-to-one alignment, term and detail coverage. */
import { figures, type JudgeInfo, type ReportStep } from "../../../core/index.ts";
import { maxAssignment } from "../../alignment/hungarian.ts";
import type { CaseEvidence, FactualityContext } from "../../case-evidence.ts";
import type { GoldStep } from "../../gold.ts";
import { judgedSteps } from "../../predicted.ts";
import { promptHash } from "../../prompts/template.ts";
import type { Claim } from "../../reading/document.ts";
import { echoesQuestion, type ReadReport } from "../../reading/report.ts";
import { withoutCitations } from "../../report/citations.ts";
import { parseReportMarkdown } from "../../report/parse.ts";
import type {
  AlignmentBatch,
  AtomicInsight,
  Candidate,
  ClaimToCheck,
  Comprehensiveness,
  ConditionScore,
  DecisionKind,
  Judge,
  Judged,
  QualityDimensions,
  StepPair,
  Support,
  Verdict,
  Verdicts,
} from "../types.ts";
import { lexicalComprehensiveness } from "./comprehensiveness.ts";
import { scoreResolution } from "./condition.ts";
import { lexicalSupport } from "./factuality.ts";
import { freeformQuality } from "./quality.ts";
import { terms, words } from "./terms.ts";
import { cosine, similarityMatrix, TfIdf } from "./tfidf.ts";
import { LEXICAL_THRESHOLDS } from "./thresholds.ts";

export { LEXICAL_THRESHOLDS };

const RULES: Record<DecisionKind, string> = {
  precision:
    "tfidf(porter, synonyms, no numbers) cosine; hungarian max-sum assignment; match if cosine >= align",
  recall:
    "tfidf(porter, synonyms, no numbers) cosine; hungarian max-sum assignment; match if cosine >= align",
  condition_resolution:
    "distinguishing terms of each branch; name if share >= 0.5, commit if sole or leading by 0.3, a kept multi-branch condition text lists; 1 commit+reason, 0.5 list/no reason, 0 other/none",
  personalized_comprehensiveness:
    "specific details (names, ids, dates, amounts, codes), personal details grounded in user evidence, content terms, action terms; each times placement = credited / (credited + case specifics belonging elsewhere)",
  factuality:
    "per sentence: every concrete detail (codes, numbers, dates, names, acronyms) in the cited documents (all passages, titles); lemma/WordNet support >= support in the sentence's bm25 top-5 passages; a branch choice needs the case's deciding fact in a cited document",
  insights:
    "shared reader's claims (sentences, bullets, table rows; DRFlow: summary, findings, steps, condition evidence) with >= minInsightTerms terms, deduplicated, question restatements dropped",
  insight_match:
    "tfidf(porter, numbers kept) cosine; best candidate if >= insight, plus each compound part's best if >= insight",
  report_quality:
    "lexical proxies. DRFlow: description length, question coverage, persona mention, prerequisites, table consistency, sections. Free-form: specifics per claim, question coverage by non-echo claims, persona coverage, sectioning, repeated claims, citation share",
};

function stepText(s: ReportStep): string {
  return withoutCitations([s.title, s.task, s.task_description].join(". "));
}
function goldText(g: GoldStep): string {
  return [g.title, g.task, g.task_description, g.personalized_task, g.personalized_description].join(". ");
}

function scale(share: number): number {
  return Math.round((1 + 9 * Math.max(0, Math.min(1, share))) * 100) / 100;
}

/**
 * The parts of a compound claim that state a fact each: split at `;` or `, and` / `, while` / `, whereas` when every
 * part has a figure of its own and enough content terms; [] when the claim is not compound.
 */
export function compoundParts(text: string): string[] {
  const parts = text.split(/;\s+|,\s+(?:and|while|whereas)\s+/);
  if (parts.length < 2) return [];
  const ok = parts.every(
    (p) => figures(p).length > 0 && terms(p).length >= LEXICAL_THRESHOLDS.minInsightTerms - 1,
  );
  return ok ? parts.map((p) => p.trim()) : [];
}

/** Condition resolution by the branch the predicted step takes, in any wording (see condition.ts). */
function resolveCondition(gold: GoldStep, pred: ReportStep, cases?: CaseEvidence): Judged<ConditionScore> {
  const { condition, resolved_branch } = gold;
  if (!condition || !resolved_branch)
    return { value: null, justification: "the golden step has no resolved condition to compare with" };
  const { score, why } = scoreResolution({ ...gold, condition, resolved_branch }, pred, cases);
  return { value: score, justification: why };
}

export class LexicalJudge implements Judge {
  readonly name = "lexical";
  readonly bars = { precision: LEXICAL_THRESHOLDS.align, recall: LEXICAL_THRESHOLDS.align };

  info(kind: DecisionKind): JudgeInfo {
    return {
      judge: "lexical",
      model: "",
      temperature: null,
      seed: null,
      prompt_hash: promptHash(`lexical:${kind}`, RULES[kind], JSON.stringify(LEXICAL_THRESHOLDS)),
      protocol: "lexical",
    };
  }

  private align(
    sources: string[],
    targets: string[],
    sourceItems: number[],
    targetItems: number[],
  ): AlignmentBatch {
    const sim = similarityMatrix(sources, targets);
    const assignment = maxAssignment(sim);
    const decisions = sourceItems.map((item, i) => {
      const j = assignment[i] ?? -1;
      const score = j >= 0 ? sim[i]![j]! : 0;
      const target = j >= 0 ? targetItems[j]! : null;
      const rounded = Math.round(score * 1000) / 1000;
      return {
        source: item,
        target: target !== null && score > 0 ? target : null,
        confidence: rounded,
        justification:
          target === null || score === 0
            ? "no step left with shared terms"
            : `optimal assignment → ${target} at cosine ${rounded}${score >= LEXICAL_THRESHOLDS.align ? "" : " (below threshold)"}`,
        unscored: false,
      };
    });
    return { decisions, tokens: 0 };
  }

  async alignPrecision(pred: readonly ReportStep[], gold: readonly GoldStep[]): Promise<AlignmentBatch> {
    return this.align(
      pred.map(stepText),
      gold.map(goldText),
      pred.map((p) => p.item),
      gold.map((g) => g.item),
    );
  }

  async alignRecall(gold: readonly GoldStep[], pred: readonly ReportStep[]): Promise<AlignmentBatch> {
    return this.align(
      gold.map(goldText),
      pred.map(stepText),
      gold.map((g) => g.item),
      pred.map((p) => p.item),
    );
  }

  async resolveConditions(
    pairs: readonly StepPair[],
    cases?: CaseEvidence,
  ): Promise<Verdicts<ConditionScore>> {
    return { verdicts: pairs.map(({ gold, pred }) => resolveCondition(gold, pred, cases)), tokens: 0 };
  }

  async comprehensiveness(
    pairs: readonly StepPair[],
    cases?: CaseEvidence,
  ): Promise<Verdicts<Comprehensiveness>> {
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    const verdicts = pairs.map(({ gold, pred }): Judged<Comprehensiveness> => {
      const value = lexicalComprehensiveness(gold, pred, cases);
      const misplaced = value.evidence?.misplaced ?? [];
      return {
        value,
        justification: `specificity ${pct(value.specificity)}, personalization ${pct(value.personalization)}, completeness ${pct(value.completeness)}, actionability ${pct(value.actionability)}${misplaced.length ? `; placement ${pct(value.evidence?.similarity ?? 1)} (${misplaced.length} case specifics belong elsewhere: ${misplaced.slice(0, 4).join(", ")})` : ""}`,
      };
    });
    return { verdicts, tokens: 0 };
  }

  /** Each claim, sentence by sentence, against every passage of its cited documents (see factuality.ts). */
  async factuality(
    claims: readonly ClaimToCheck[],
    _k: number,
    context?: FactualityContext,
  ): Promise<Verdicts<Support>> {
    const verdicts = claims.map(({ text, chunks }): Judged<Support> => {
      const { factual, why, shown } = lexicalSupport(text, chunks, context);
      return { value: { factual, shown }, justification: why };
    });
    return { verdicts, tokens: 0 };
  }

  async insights(claims: readonly Claim[], question: string): Promise<Verdict<AtomicInsight[]>> {
    const out: AtomicInsight[] = [];
    const seen = new Set<string>();
    let echoes = 0;
    for (const c of claims) {
      const key = terms(c.text, { keepNumbers: true }).join(" ");
      if (terms(c.text).length < LEXICAL_THRESHOLDS.minInsightTerms || seen.has(key)) continue;
      if (question && echoesQuestion(c.text, question)) {
        echoes++;
        continue;
      }
      seen.add(key);
      out.push({ text: c.text, citations: c.citations });
    }
    return {
      value: out,
      justification: `${out.length} of ${claims.length} claims kept as atomic insights${echoes ? ` (${echoes} restating the question dropped)` : ""}`,
      tokens: 0,
    };
  }

  async matchInsight(
    insight: string,
    candidates: readonly Candidate[],
  ): Promise<Verdict<{ id: string | null; also?: string[] }>> {
    const model = new TfIdf([insight, ...candidates.map((c) => c.text)], { keepNumbers: true });
    const bestFor = (text: string) => {
      const v = model.vector(text);
      let best: { id: string; sim: number } | null = null;
      for (const c of candidates) {
        const sim = cosine(v, model.vector(c.text));
        if (!best || sim > best.sim) best = { id: c.id, sim };
      }
      return best;
    };
    const best = bestFor(insight);
    const hit = best && best.sim >= LEXICAL_THRESHOLDS.insight ? best.id : null;
    // A compound insight ("turnover averaged 12% …, and employees received 12 hours of training …") may state one fact
    // per part: each part's best candidate counts too.
    const parts = compoundParts(insight)
      .map(bestFor)
      .filter((b): b is { id: string; sim: number } => b !== null && b.sim >= LEXICAL_THRESHOLDS.insight);
    const ids = [...new Set([...(hit ? [hit] : []), ...parts.map((p) => p.id)])];
    return {
      value: { id: ids[0] ?? null, also: ids.slice(1) },
      justification: best
        ? `best ${best.id} at cosine ${best.sim.toFixed(3)}${parts.length ? `; parts: ${parts.map((p) => `${p.id} at ${p.sim.toFixed(3)}`).join(", ")}` : ""}`
        : "no candidates",
      tokens: 0,
    };
  }

  async reportQuality(
    reading: ReadReport,
    reportText: string,
    question: string,
    persona: string,
    company = "",
    considered?: number,
  ): Promise<Verdict<QualityDimensions>> {
    if (reading.kind === "freeform") return freeformQuality(reading, question, persona, company, considered);
    const { report, problems } = parseReportMarkdown(reportText);
    const steps = judgedSteps(report);
    const avgWords = steps.length
      ? steps.reduce((s, p) => s + words(p.task_description).length, 0) / steps.length
      : 0;
    const have = new Set(terms(reportText));
    const cover = (text: string) => {
      const t = [...new Set(terms(text))];
      return t.length === 0 ? 1 : t.filter((x) => have.has(x)).length / t.length;
    };
    const items = new Set(steps.map((s) => s.item));
    const goodPrereq = steps.filter(
      (s) => !s.prerequisite || (items.has(Number(s.prerequisite)) && Number(s.prerequisite) < s.item),
    );
    const stepTexts = steps.map((s) => new Set(terms(`${s.title} ${s.task} ${s.task_description}`)));
    const resolved = report.condition_resolution.filter((r) => r.resolved);
    const consistent = resolved.filter((r) => {
      const path = terms(r.resolution.replace(/^\W*resolved:?/i, ""));
      return stepTexts.some(
        (st) => path.length > 0 && path.filter((t) => st.has(t)).length / path.length >= 0.5,
      );
    });
    const sectionsMissing = new Set(problems.filter((p) => !p.path).map((p) => p.section)).size;
    const value: QualityDimensions = {
      depth: scale(avgWords / 40),
      relevance: scale(cover(question)),
      persona_consistency: scale(cover(persona)),
      // Coherence: prerequisites that point back to earlier steps, and the report's sections present.
      coherence: scale(
        0.5 * (steps.length ? goodPrereq.length / steps.length : 0) + 0.5 * (1 - sectionsMissing / 7),
      ),
      non_contradiction: scale(resolved.length ? consistent.length / resolved.length : 1),
    };
    return { value, justification: `lexical proxies over ${steps.length} steps`, tokens: 0 };
  }
}

export function lexicalJudge(): LexicalJudge {
  return new LexicalJudge();
}

export { lexicalSupport } from "./factuality.ts";
