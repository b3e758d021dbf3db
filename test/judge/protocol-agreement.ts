/**
 * @module Agreement between the LLM judge's two protocols (the paper's per-step prompts, drflow's batched ones), measured
 * with scripted judges behind the scripted OpenAI-compatible server — no LLM runs here, so what these figures check is
 * the protocols' plumbing and the information each prompt carries, never a model's judgment:
 * - `keyedDecider` answers every question from the id (or claim text) of the item asked about, through a hash: the two
 *   protocols agree exactly when every batched verdict returns to the item it was asked about.
 * - `readingDecider` answers from the texts the prompt shows for that item (term overlap, the lexical judge's terms):
 *   where a batched prompt shows an item other evidence than its per-step prompt, the two can disagree.
 * Both parse the N.1–N.5 prompts and the batched ones into questions and answer in the format each asks for.
 */
import type { EvaluationResult } from "../../src/judge/index.ts";
import { terms } from "../../src/judge/judges/lexical/terms.ts";
import type { RecordedRequest, ScriptedReply } from "../support/scripted-server.ts";

type Block = { id: string; text: string };
/** One question a prompt asks, with the texts a reader would judge it by. */
type Question =
  | { kind: "precision" | "recall"; id: string; text: string; candidates: Block[] }
  | { kind: "factuality"; id: string; text: string; context: string }
  | { kind: "condition"; id: string; expected: string; pred: string }
  | { kind: "comprehensiveness"; id: string; expected: string; pred: string };

export type Decider = {
  align(q: Extract<Question, { kind: "precision" | "recall" }>): { target: string | null };
  factual(q: Extract<Question, { kind: "factuality" }>): boolean;
  condition(q: Extract<Question, { kind: "condition" }>): 0 | 0.5 | 1;
  comprehensiveness(q: Extract<Question, { kind: "comprehensiveness" }>): number;
};

/** The text between two markers (their surrounding whitespace, a space or a line break, does not matter). */
const between = (s: string, from: string, until: string) => {
  const [f, u] = [from.trim(), until.trim()];
  const a = s.indexOf(f);
  const b = s.indexOf(u, a + f.length);
  return a < 0 || b < 0 ? "" : s.slice(a + f.length, b).trim();
};
/** `### <id>` blocks; `header` matches the id after `### `. */
function blocks(text: string, header: RegExp): Block[] {
  const parts = text.split(new RegExp(`^### ${header.source}`, "m"));
  const out: Block[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) out.push({ id: parts[i]!, text: parts[i + 1]!.trim() });
  return out;
}
const GOLD = /(WORKFLOW_STEP_\d+)\n/;
const ITEM = /Item (\d+)\n/;

/** The questions of one judge prompt, and whether it is a batched one. */
export function questionsOf(p: string): { batched: boolean; questions: Question[] } {
  if (p.startsWith("You are evaluating whether a predicted workflow step semantically")) {
    const pred = between(p, "## Predicted Step ", " ## Golden Workflow Steps ");
    const id = /- Item: (\d+)/.exec(pred)?.[1] ?? "";
    const candidates = blocks(between(p, "## Golden Workflow Steps ", " ## Instructions"), GOLD);
    // The item number (N.2: the golden id) is the block's header in the batched prompt: not the step's text in either.
    const text = pred.replace(/^- Item: \d+\s+/, "");
    return { batched: false, questions: [{ kind: "precision", id, text, candidates }] };
  }
  if (p.startsWith("You are evaluating, for EACH predicted")) {
    const preds = blocks(between(p, "## Predicted Steps ", " ## Golden Workflow Steps "), ITEM);
    const candidates = blocks(between(p, "## Golden Workflow Steps ", " ## Instructions"), GOLD);
    return {
      batched: true,
      questions: preds.map((b) => ({ kind: "precision", id: b.id, text: b.text, candidates })),
    };
  }
  if (p.startsWith("You are evaluating whether a ground truth")) {
    const gold = between(p, "## Ground Truth Step ", " ## Predicted Workflow Steps ");
    const id = /- ID: (WORKFLOW_STEP_\d+)/.exec(gold)?.[1] ?? "";
    const candidates = blocks(between(p, "## Predicted Workflow Steps ", " ## Instructions"), ITEM);
    const text = gold.replace(/^- ID: WORKFLOW_STEP_\d+\s+/, "");
    return { batched: false, questions: [{ kind: "recall", id, text, candidates }] };
  }
  if (p.startsWith("You are evaluating, for EACH ground truth")) {
    const golds = blocks(between(p, "## Ground Truth Steps ", " ## Predicted Workflow Steps "), GOLD);
    const candidates = blocks(between(p, "## Predicted Workflow Steps ", " ## Instructions"), ITEM);
    return {
      batched: true,
      questions: golds.map((b) => ({ kind: "recall", id: b.id, text: b.text, candidates })),
    };
  }
  if (p.startsWith("You are evaluating whether a predicted workflow step properly resolves")) {
    const id = /\((WORKFLOW_STEP_\d+)\) has the following/.exec(p)?.[1] ?? "";
    const expected = between(p, "specific situation is: ", " ## Justification for the correct resolution");
    const pred = between(p, "corresponds to this golden step is: ", " ## Evaluation Criteria");
    return { batched: false, questions: [{ kind: "condition", id, expected, pred }] };
  }
  if (p.startsWith("You are evaluating, for EACH golden")) {
    const list = between(p, "and Their Predicted Steps ", " ## Evaluation Criteria");
    const questions = blocks(list, /(WORKFLOW_STEP_\d+): /).map(
      (b): Question => ({
        kind: "condition",
        id: b.id,
        expected: /- Expected resolution \(from golden answer\): (.*)/.exec(b.text)?.[1]?.trim() ?? "",
        pred: b.text.slice(b.text.indexOf("- Predicted step: ") + 18),
      }),
    );
    return { batched: true, questions };
  }
  if (p.startsWith("You are evaluating the comprehensiveness")) {
    const id = /## Predicted Step\s+- Item: (\d+)/.exec(p)?.[1] ?? "";
    const expected = between(p, "- Expected Detailed Answer: ", " - Justification: ");
    const pred = between(p, "## Predicted Step", "## Evaluation Dimensions").replace(/^- /, "");
    return { batched: false, questions: [{ kind: "comprehensiveness", id, expected, pred }] };
  }
  if (p.startsWith("You are evaluating, for EACH pair")) {
    const list = between(p, "## Pairs (Golden Step and Predicted Step) ", " ## Evaluation Dimensions");
    const questions = blocks(list, /Predicted Item (\d+) ↔ WORKFLOW_STEP_\d+\n/).map(
      (b): Question => ({
        kind: "comprehensiveness",
        id: b.id,
        expected: between(b.text, "Expected Detailed Answer: ", " - Justification: "),
        pred: b.text.slice(b.text.indexOf("- Predicted Step: ") + 18),
      }),
    );
    return { batched: true, questions };
  }
  if (p.startsWith("Given the following relevant source context from multiple sources and an insight")) {
    const context = between(p, "Relevant Source Materials (from multiple sources): ", " Atomic Claim: ");
    const text = between(p, " Atomic Claim: ", " EVALUATION CRITERIA:");
    return { batched: false, questions: [{ kind: "factuality", id: text, text, context }] };
  }
  if (p.startsWith("Given the following relevant source context from multiple sources and a list")) {
    // Each claim is judged against the sources listed for it, as N.3 judges it against its own.
    const context = between(p, "Relevant Source Materials (from multiple sources): ", " Atomic Claims: ");
    const sources = context.split(/(?:^|\n\n)Source (\d+): /).slice(1);
    const source = new Map<string, string>();
    for (let i = 0; i + 1 < sources.length; i += 2) source.set(sources[i]!, sources[i + 1]!);
    const claims = blocks(
      between(p, " Atomic Claims: ", " EVALUATION CRITERIA:"),
      /(CLAIM_\d+ \(sources [\d, ]+\))\n/,
    );
    return {
      batched: true,
      questions: claims.map((c) => {
        const [, id, listed] = /^(CLAIM_\d+) \(sources ([\d, ]+)\)$/.exec(c.id)!;
        const own = listed!.split(", ").map((n) => source.get(n) ?? "");
        return { kind: "factuality", id: id!, text: c.text, context: own.join("\n\n") };
      }),
    };
  }
  return { batched: false, questions: [] };
}

/** What a reply says besides its decision: realistic lengths make the token figures realistic. */
export type ReplyText = { justification: string; missing: string[] };
const SHORT: ReplyText = { justification: "Judged from the texts shown for this item.", missing: [] };

/** The reply a judge with `decider` gives to one prompt, in the format that prompt asks for. */
export function deciderReply(decider: Decider, text: ReplyText = SHORT) {
  const JUSTIFICATION = text.justification;
  return (req: RecordedRequest): ScriptedReply => {
    if (!req.path.endsWith("/chat/completions")) return {};
    const p = (req.body as { messages: { content: string }[] }).messages[0]!.content;
    const { batched, questions } = questionsOf(p);
    const answers = questions.map((q) => {
      switch (q.kind) {
        case "precision": {
          const { target } = decider.align(q);
          return {
            pred_item: Number(q.id),
            matched: target !== null,
            matched_gold_id: target,
            confidence: target === null ? 0.3 : 0.95,
            justification: JUSTIFICATION,
          };
        }
        case "recall": {
          const { target } = decider.align(q);
          return {
            gold_id: q.id,
            matched: target !== null,
            matched_pred_item: target === null ? null : Number(target),
            confidence: target === null ? 0.3 : 0.95,
            justification: JUSTIFICATION,
          };
        }
        case "condition": {
          const score = decider.condition(q);
          const level = score === 1 ? "resolved" : score === 0.5 ? "partially_resolved" : "unresolved";
          return { gold_id: q.id, score, level, justification: JUSTIFICATION };
        }
        case "comprehensiveness": {
          const x = decider.comprehensiveness(q);
          return {
            pred_item: Number(q.id),
            specificity: x,
            personalization: x,
            completeness: x,
            actionability: x,
            overall_score: x,
            justification: JUSTIFICATION,
            missing_details: text.missing,
          };
        }
        default:
          return { claim_id: q.id, factual: decider.factual(q), explanation: JUSTIFICATION };
      }
    });
    const [first] = answers;
    if (!batched && first && "factual" in first)
      return {
        content: `<factual>${first.factual}</factual> <explanation>${first.explanation}</explanation>`,
      };
    // A per-step reply is the one answer (its id field is extra, and the reader ignores it).
    if (!batched) return { content: JSON.stringify(first ?? {}) };
    const kind = questions[0]?.kind;
    const list =
      kind === "comprehensiveness"
        ? "ratings"
        : kind === "factuality" || kind === "condition"
          ? "verdicts"
          : "decisions";
    return { content: JSON.stringify({ [list]: answers }) };
  };
}

/** FNV-1a: a stable number from a text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Answers fixed by the item's id (or claim text): agreement between protocols checks that verdicts return to their item. */
export const keyedDecider: Decider = {
  align(q) {
    const i = hash(`${q.kind}:${q.id}`) % (q.candidates.length + 1);
    return { target: q.candidates[i]?.id ?? null };
  },
  factual: (q) => hash(q.text) % 3 !== 0,
  condition: (q) => ([0, 0.5, 1] as const)[hash(q.id) % 3]!,
  comprehensiveness: (q) => (hash(q.id) % 11) / 10,
};

const termSet = (text: string) => new Set(terms(text, { keepNumbers: true }));
/** Share of `a`'s terms found in `b`. */
const coverage = (a: string, b: string) => {
  const x = termSet(a);
  const y = termSet(b);
  return x.size === 0 ? 0 : [...x].filter((t) => y.has(t)).length / x.size;
};
const overlap = (a: Set<string>, b: Set<string>) =>
  a.size === 0 || b.size === 0 ? 0 : [...a].filter((t) => b.has(t)).length / Math.sqrt(a.size * b.size);

/** Answers read from the texts the prompt shows for the item: term overlap, with fixed bars. */
export const readingDecider: Decider = {
  align(q) {
    const mine = termSet(q.text);
    let best: { id: string; s: number } | null = null;
    for (const c of q.candidates) {
      const s = overlap(mine, termSet(c.text));
      if (!best || s > best.s) best = { id: c.id, s };
    }
    return { target: best && best.s >= 0.3 ? best.id : null };
  },
  factual: (q) => coverage(q.text, q.context) >= 0.6,
  condition(q) {
    const c = coverage(q.expected, q.pred);
    return c >= 0.5 ? 1 : c >= 0.25 ? 0.5 : 0;
  },
  comprehensiveness: (q) => Math.round(coverage(q.expected, q.pred) * 100) / 100,
};

/** Embedding vectors that carry meaning: each of a text's terms hashed into one of `dim` buckets, normalized. */
export function termVector(text: string, dim = 256): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const t of terms(text, { keepNumbers: true })) v[hash(t) % dim]! += 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** The scripted server's reply function for a decider: chat answers from it, embeddings from `termVector`. */
export function scriptedJudge(decider: Decider, text?: ReplyText) {
  const chat = deciderReply(decider, text);
  return (req: RecordedRequest): ScriptedReply => {
    if (req.path.endsWith("/embeddings")) {
      const input = (req.body as { input: string | string[] }).input;
      return { embeddings: (Array.isArray(input) ? input : [input]).map((t) => termVector(t)) };
    }
    return chat(req);
  };
}

export type Agreement = { agree: number; total: number };

/**
 * Per metric, how many item decisions two evaluations of one report share: alignment rows by proposal and outcome,
 * other metrics' items by score (unscored counts as its own outcome).
 */
export function itemAgreement(a: EvaluationResult, b: EvaluationResult): Map<string, Agreement> {
  const out = new Map<string, Agreement>();
  const add = (metric: string, same: boolean) => {
    const e = out.get(metric) ?? { agree: 0, total: 0 };
    e.total++;
    if (same) e.agree++;
    out.set(metric, e);
  };
  for (const dir of ["precision", "recall"] as const) {
    const rows = new Map(b.alignment[dir].map((r) => [r.source, r]));
    for (const r of a.alignment[dir]) {
      const s = rows.get(r.source);
      add(dir, !!s && s.proposed === r.proposed && s.outcome === r.outcome);
    }
  }
  for (const m of a.metrics) {
    if (!["factuality", "condition_resolution", "personalized_comprehensiveness"].includes(m.metric))
      continue;
    const other = new Map(b.metrics.find((x) => x.metric === m.metric)?.items.map((i) => [i.id, i.score]));
    for (const item of m.items) {
      const s = other.get(item.id);
      add(
        m.metric,
        s !== undefined &&
          (s === item.score || (s !== null && item.score !== null && Math.abs(s - item.score) < 1e-9)),
      );
    }
  }
  return out;
}
