/**
 * The LLM judge's two protocols over real HTTP against the provider emulator: the batched one asks each metric's
 * questions in one request (factuality: one per set of claims sharing a cited source) with drflow's prompts, which
 * quote the paper's rules verbatim; the per-step one sends the paper's prompt per question, several in flight at once.
 * A batched reply that leaves an item out, names an id that was not asked, or answers an item twice differently never
 * becomes a score: the open items are asked once more, and are unscored with the reason if still open.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { EvaluationResult } from "../../src/judge/index.ts";
import { evaluate } from "../../src/judge/index.ts";
import { factualityBatches, MAX_BATCH_CHUNKS } from "../../src/judge/judges/llm/index.ts";
import {
  BATCHED_COMPREHENSIVENESS_TEMPLATE,
  COMPREHENSIVENESS_DIMENSIONS,
  COMPREHENSIVENESS_STRICTNESS,
} from "../../src/judge/prompts/batched-comprehensiveness.ts";
import {
  BATCHED_CONDITION_RESOLUTION_TEMPLATE,
  CONDITION_CRITERIA,
} from "../../src/judge/prompts/batched-condition-resolution.ts";
import {
  BATCHED_FACTUALITY_TEMPLATE,
  FACTUALITY_CRITERIA,
} from "../../src/judge/prompts/batched-factuality.ts";
import { COMPREHENSIVENESS_TEMPLATE } from "../../src/judge/prompts/comprehensiveness.ts";
import { CONDITION_RESOLUTION_TEMPLATE } from "../../src/judge/prompts/condition-resolution.ts";
import { FACTUALITY_TEMPLATE } from "../../src/judge/prompts/factuality.ts";
import { createModel } from "../../src/llm/index.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import {
  type EmulatorReply,
  type ProviderEmulator,
  startProviderEmulator,
} from "../support/provider-emulator.ts";
import type { RecordedRequest } from "../support/scripted-server.ts";
import { constructions, goldReport } from "./construct.ts";
import { loadFixtureTask } from "./fixture.ts";
import {
  itemAgreement,
  keyedDecider,
  questionsOf,
  readingDecider,
  scriptedJudge,
} from "./protocol-agreement.ts";

/** Batched prompts by opening, with the reply's list field and the entries' id field. */
const BATCHED = {
  precision: { opening: "You are evaluating, for EACH predicted", list: "decisions", id: "pred_item" },
  condition: { opening: "You are evaluating, for EACH golden", list: "verdicts", id: "gold_id" },
  comprehensiveness: { opening: "You are evaluating, for EACH pair", list: "ratings", id: "pred_item" },
  factuality: {
    opening: "Given the following relevant source context from multiple sources and a list",
    list: "verdicts",
    id: "claim_id",
  },
} as const;
type Kind = keyof typeof BATCHED;

const promptOf = (req: RecordedRequest) =>
  (req.body as { messages?: { content: string }[] }).messages?.[0]?.content ?? "";

let emulator: ProviderEmulator;
let loaded: LoadedTask;
let decide = scriptedJudge(readingDecider);
/** Rewrites the entries of batched replies of one kind; `round` counts that kind's requests from 1. */
let mutate: { kind: Kind; edit: (entries: Record<string, unknown>[], round: number) => unknown[] } | null =
  null;
let rounds = 0;
let inFlight = 0;
let peak = 0;

async function reply(req: RecordedRequest): Promise<EmulatorReply> {
  if (req.path.endsWith("/embeddings")) return {};
  inFlight++;
  peak = Math.max(peak, inFlight);
  await Bun.sleep(5);
  inFlight--;
  const base = decide(req);
  const kind = mutate?.kind;
  if (!mutate || !kind || !promptOf(req).startsWith(BATCHED[kind].opening)) return base;
  rounds++;
  const list = BATCHED[kind].list;
  const parsed = JSON.parse(base.content!) as Record<string, Record<string, unknown>[]>;
  return { content: JSON.stringify({ [list]: mutate.edit(parsed[list]!, rounds) }) };
}

beforeAll(async () => {
  loaded = await loadFixtureTask();
  emulator = await startProviderEmulator({ profile: "local", reply });
});
afterAll(() => emulator.close());

const judgeModel = () => createModel(`compat:${emulator.url}#qwen2.5-7b`, { cache: null });
const embedder = () => createModel(`compat:${emulator.url}#nomic-embed-text`, { cache: null });
const chats = () => emulator.requests.filter((r) => r.path.endsWith("/chat/completions")).map(promptOf);

async function judge(protocol: "per-step" | "batched"): Promise<EvaluationResult> {
  emulator.requests.length = 0;
  return evaluate(goldReport(loaded), loaded, {
    judge: judgeModel(),
    protocol,
    llm: { embedder: embedder() },
  });
}

function reset(m: typeof mutate = null, decider = readingDecider) {
  mutate = m;
  rounds = 0;
  decide = scriptedJudge(decider);
}

const metric = (r: EvaluationResult, name: string) => r.metrics.find((m) => m.metric === name)!;

describe("batched protocol", () => {
  test("each metric's questions go out in one request; per-step sends the paper's prompt per question, concurrently", async () => {
    reset();
    peak = 0;
    const perStep = await judge("per-step");
    const sentPerStep = chats();
    expect(peak).toBeGreaterThan(1);
    const batched = await judge("batched");
    const sent = chats();
    const count = (opening: string) => sent.filter((p) => p.startsWith(opening)).length;
    expect(count(BATCHED.precision.opening)).toBe(1);
    expect(count("You are evaluating, for EACH ground truth")).toBe(1);
    expect(count(BATCHED.condition.opening)).toBe(1);
    expect(count(BATCHED.comprehensiveness.opening)).toBe(1);
    const citedSources = new Set(metric(batched, "factuality").items.map((i) => i.matched));
    expect(count(BATCHED.factuality.opening)).toBeGreaterThanOrEqual(1);
    expect(count(BATCHED.factuality.opening)).toBeLessThanOrEqual(citedSources.size);
    expect(sent.length).toBeLessThan(sentPerStep.length / 3);
    // Per-step: one N.4 per judged condition, one N.5 per aligned pair, one N.3 per judged claim.
    const n = (opening: string) => sentPerStep.filter((p) => p.startsWith(opening)).length;
    expect(n("You are evaluating whether a predicted workflow step properly resolves")).toBe(
      metric(perStep, "condition_resolution").items.filter((i) => i.matched !== null).length,
    );
    expect(n("You are evaluating the comprehensiveness")).toBe(
      metric(perStep, "personalized_comprehensiveness").items.length,
    );
    expect(n("Given the following relevant source context from multiple sources and an insight")).toBe(
      metric(perStep, "factuality").items.filter((i) => i.matched !== null).length,
    );
    expect(batched.tokens).toBeLessThan(perStep.tokens / 2);
    expect(batched.protocol).toBe("batched");
    expect(metric(batched, "factuality").judge.prompt_hash).not.toBe(
      metric(perStep, "factuality").judge.prompt_hash,
    );
  });

  test("the batched prompts quote the paper's N.3, N.4 and N.5 rules verbatim", () => {
    for (const [paper, quote, batched, words] of [
      [
        FACTUALITY_TEMPLATE,
        FACTUALITY_CRITERIA,
        BATCHED_FACTUALITY_TEMPLATE,
        "Focus on the substantive factual",
      ],
      [CONDITION_RESOLUTION_TEMPLATE, CONDITION_CRITERIA, BATCHED_CONDITION_RESOLUTION_TEMPLATE, "Score 0.5"],
      [
        COMPREHENSIVENESS_TEMPLATE,
        COMPREHENSIVENESS_DIMENSIONS,
        BATCHED_COMPREHENSIVENESS_TEMPLATE,
        "Actionability",
      ],
      [
        COMPREHENSIVENESS_TEMPLATE,
        COMPREHENSIVENESS_STRICTNESS,
        BATCHED_COMPREHENSIVENESS_TEMPLATE,
        "Be strict.",
      ],
    ] as const) {
      expect(paper).toContain(quote);
      expect(batched).toContain(quote);
      expect(quote).toContain(words);
      expect(quote.length).toBeGreaterThan(100);
    }
  });

  test("with answers keyed by item id, both protocols give every item the same decision (the plumbing)", async () => {
    reset(null, keyedDecider);
    const a = await judge("per-step");
    const b = await judge("batched");
    const agreement = [...itemAgreement(a, b).values()];
    expect(agreement.reduce((s, e) => s + e.total, 0)).toBeGreaterThan(20);
    for (const e of agreement) expect(e.agree).toBe(e.total);
    expect(b.metrics.map((m) => m.value)).toEqual(a.metrics.map((m) => m.value));
    expect(b.explanation).toEqual(a.explanation);
  });
});

test("with answers read from the texts each prompt shows an item, the protocols agree on the fixture's construction set", async () => {
  reset();
  const total = new Map<string, { agree: number; total: number }>();
  for (const c of constructions(loaded)) {
    const run = (protocol: "per-step" | "batched") =>
      evaluate(c.report, loaded, { judge: judgeModel(), protocol, llm: { embedder: embedder() } });
    for (const [m, e] of itemAgreement(await run("per-step"), await run("batched"))) {
      const t = total.get(m) ?? { agree: 0, total: 0 };
      total.set(m, { agree: t.agree + e.agree, total: t.total + e.total });
    }
  }
  expect([...total.keys()].sort()).toEqual(
    ["condition_resolution", "factuality", "personalized_comprehensiveness", "precision", "recall"].sort(),
  );
  for (const [, e] of total) expect(e.agree).toBe(e.total);
  // The reader parsed real texts: its decisions vary with the construction (not one constant answer).
  const scores = new Set<number | null>();
  for (const c of constructions(loaded).slice(0, 6))
    for (const i of metric(
      await evaluate(c.report, loaded, {
        judge: judgeModel(),
        protocol: "batched",
        llm: { embedder: embedder() },
      }),
      "condition_resolution",
    ).items)
      scores.add(i.score);
  expect(scores.size).toBeGreaterThan(1);
}, 120_000);

test("factuality batches: claims linked by a shared cited source go together, split at MAX_BATCH_CHUNKS shown chunks", () => {
  const policy = Array.from({ length: 40 }, (_, i) => `[policy] chunk ${i}`);
  const email = ["[email] one", "[email] two"];
  const other = ["[other] only"];
  const both = [...policy, ...email];
  const claims = [
    { text: "a", chunks: policy },
    { text: "b", chunks: both },
    { text: "c", chunks: email },
    { text: "d", chunks: other },
  ];
  const top = [[0, 1, 2, 3, 4], [5, 6, 40, 41, 7], [0, 1], [0]];
  const batches = factualityBatches(claims, top);
  // a–b share the policy, b–c the e-mail: one linked set; d cites a source no other claim cites.
  expect(batches.map((b) => b.members)).toEqual([[0, 1, 2], [3]]);
  expect(batches[0]!.shown).toHaveLength(10);
  expect(batches[1]!.shown).toEqual(["[other] only"]);
  // Many claims with disjoint top chunks: no request shows more than MAX_BATCH_CHUNKS.
  const many = Array.from({ length: 20 }, (_, i) => ({ text: `c${i}`, chunks: policy }));
  const spread = many.map((_, i) => [0, 1, 2, 3, 4].map((j) => (i * 5 + j) % 40));
  const split = factualityBatches(many, spread);
  expect(split.length).toBeGreaterThan(1);
  expect(split.every((b) => b.shown.length <= MAX_BATCH_CHUNKS)).toBe(true);
  expect(split.flatMap((b) => b.members).sort((x, y) => x - y)).toEqual(many.map((_, i) => i));
});

describe("bad batched replies never become scores", () => {
  const metricOf: Record<Kind, string> = {
    precision: "precision",
    condition: "condition_resolution",
    comprehensiveness: "personalized_comprehensiveness",
    factuality: "factuality",
  };
  /** The item id in the result for the entry id a reply names. */
  const resultId = (kind: Kind, id: unknown, r: EvaluationResult) => {
    if (kind === "factuality") {
      const items = metric(r, "factuality").items.filter((i) => i.matched !== null);
      return items[Number(String(id).split("_").pop()) - 1]?.id;
    }
    if (kind === "condition") return String(id);
    return `PRED_STEP_${id}`;
  };

  for (const kind of Object.keys(BATCHED) as Kind[]) {
    const { id } = BATCHED[kind];
    test(`${kind}: an item left out is asked again once, and scored from the retry`, async () => {
      let dropped: unknown;
      reset({
        kind,
        edit: (entries, round) => {
          if (round > 1) return entries;
          dropped = entries[0]![id];
          return entries.slice(1);
        },
      });
      const r = await judge("batched");
      expect(rounds).toBe(2);
      // The retry asks only the open item.
      const retry = chats().filter((p) => p.startsWith(BATCHED[kind].opening))[1]!;
      expect(questionsOf(retry).questions.map((q) => q.id)).toEqual([String(dropped)]);
      const m = metric(r, metricOf[kind]);
      expect(m.unscored).toBe(0);
      expect(dropped).toBeDefined();
    });

    test(`${kind}: an item missing twice, or answered under an unknown id, is unscored with the reason`, async () => {
      let dropped: unknown;
      reset({
        kind,
        edit: (entries) => {
          dropped ??= entries[0]![id];
          const rest = entries.filter((e) => e[id] !== dropped);
          const unknown = kind === "condition" ? "WORKFLOW_STEP_99" : kind === "factuality" ? "CLAIM_99" : 99;
          return [...rest, { ...entries[0], [id]: unknown }];
        },
      });
      const r = await judge("batched");
      expect(rounds).toBe(2);
      const m = metric(r, metricOf[kind]);
      if (kind === "precision") {
        const row = r.alignment.precision.find((x) => x.source === `PRED_STEP_${dropped}`)!;
        expect(row.outcome).toBe("unscored");
        expect(row.justification).toContain(`gave no verdict for ${dropped}`);
        expect(row.justification).toContain("ids not asked: 99");
        expect(m.unscored).toBe(1);
        return;
      }
      const item = m.items.find((i) => i.id === resultId(kind, dropped, r))!;
      expect(item.score).toBeNull();
      expect(item.justification).toStartWith("unscored: the batched reply gave no verdict for");
      expect(item.justification).toContain("ids not asked:");
      expect(item.justification).toContain("asked again in a batch of the open items");
      expect(m.unscored).toBe(1);
      expect(m.value).not.toBeNull();
      // Nothing was scored under the unknown id.
      expect(m.items.some((i) => /99$/.test(i.id))).toBe(false);
    });

    test(`${kind}: two different verdicts for one item leave it unscored`, async () => {
      reset({
        kind,
        edit: (entries) => {
          const first = entries[0]!;
          const flipped =
            kind === "precision"
              ? { ...first, matched: false, matched_gold_id: null }
              : kind === "condition"
                ? { ...first, score: first.score === 0 ? 1 : 0 }
                : kind === "comprehensiveness"
                  ? { ...first, specificity: 0.01 }
                  : { ...first, factual: !first.factual };
          return [...entries, flipped];
        },
      });
      const r = await judge("batched");
      const m = metric(r, metricOf[kind]);
      expect(m.unscored).toBe(1);
      const why =
        kind === "precision"
          ? r.alignment.precision.find((x) => x.outcome === "unscored")!.justification
          : m.items.find((i) => i.score === null)!.justification;
      expect(why).toContain("2 different verdicts for");
    });
  }

  test("a batched reply that is not the expected JSON is repaired once, then every item is unscored, never 0", async () => {
    reset({ kind: "comprehensiveness", edit: () => "not a list" as unknown as unknown[] });
    const r = await judge("batched");
    const m = metric(r, "personalized_comprehensiveness");
    expect(m.value).toBeNull();
    expect(m.scored).toBe(0);
    expect(
      m.items.every((i) => i.justification.startsWith("unscored: reply unreadable after 2 attempts")),
    ).toBe(true);
    // The repair turn, not a second batch: one conversation of two turns.
    expect(chats().filter((p) => p.startsWith(BATCHED.comprehensiveness.opening))).toHaveLength(2);
  });

  test("the judge sends no response-format schema (the prompts ask for JSON in text), so none needs the strict check", async () => {
    reset();
    await judge("batched");
    const bodies = emulator.requests
      .filter((r) => r.path.endsWith("/chat/completions"))
      .map((r) => r.body as Record<string, unknown>);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((b) => b.response_format === undefined)).toBe(true);
  });
});
