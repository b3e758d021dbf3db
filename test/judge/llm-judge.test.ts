/**
 * The LLM judge over real HTTP against the scripted OpenAI-compatible server: the paper's templates with their slots
 * filled, the one-to-one constraint, condition resolution scoring, unreadable replies left unscored, the batched
 * protocol's token count, factuality's evidence, DRBench's gold + 5 cutoff, and agreement between repeats.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { goldSteps } from "../../src/judge/gold.ts";
import { evaluate } from "../../src/judge/index.ts";
import { ALIGNMENT_ADAPTER, withAlignmentAdapter } from "../../src/judge/prompts/alignment-adapter.ts";
import { PRECISION_TEMPLATE } from "../../src/judge/prompts/precision.ts";
import { RECALL_TEMPLATE } from "../../src/judge/prompts/recall.ts";
import { createModel } from "../../src/llm/index.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import { type RecordedRequest, type ScriptedReply, startScriptedServer } from "../support/scripted-server.ts";
import { goldReport } from "./construct.ts";
import { loadFixtureTask } from "./fixture.ts";

type Handler = (prompt: string, req: RecordedRequest) => ScriptedReply;
let handler: Handler = () => ({ content: "" });
let server: Awaited<ReturnType<typeof startScriptedServer>>;
let loaded: LoadedTask;

const promptOf = (req: RecordedRequest) => {
  const body = req.body as { messages?: { role: string; content: string }[] };
  return body.messages?.[0]?.content ?? "";
};
const chats = () => server.requests.filter((r) => r.path.endsWith("/chat/completions"));
const model = () =>
  createModel(`compat:${server.url}#judge-model`, { cache: null, retry: { maxRetries: 0 } });

const isPrecision = (p: string) => p.startsWith("You are evaluating whether a predicted workflow step");
const isRecall = (p: string) => p.startsWith("You are evaluating whether a ground truth workflow step");
const predItem = (p: string) => Number(/- Item: (\d+)\s+- Title:/.exec(p)?.[1]);
const goldId = (p: string) => /- ID: (WORKFLOW_STEP_\d+)/.exec(p)?.[1] ?? "";
const json = (x: unknown, usage = { prompt_tokens: 900, completion_tokens: 60 }): ScriptedReply => ({
  content: JSON.stringify(x),
  usage,
});

/** A judge that aligns every step to its own item with high confidence. */
const identityReplies: Handler = (p) => {
  if (isPrecision(p))
    return json({
      matched: true,
      matched_gold_id: `WORKFLOW_STEP_${predItem(p)}`,
      matched_gold_title: "x",
      confidence: 0.95,
      justification: "same",
    });
  if (isRecall(p))
    return json({
      matched: true,
      matched_pred_item: Number(goldId(p).split("_").pop()),
      confidence: 0.9,
      justification: "covered",
    });
  return { content: "" };
};

beforeAll(async () => {
  loaded = await loadFixtureTask();
  server = await startScriptedServer({ reply: (req) => handler(promptOf(req), req) });
});
afterAll(async () => {
  await server.close();
});

function reset(h: Handler) {
  handler = h;
  server.requests.length = 0;
}

describe("LLM judge (scripted server)", () => {
  test("the N.1 and N.2 prompts sent are the paper's templates with their slots filled", async () => {
    reset(identityReplies);
    const report = goldReport(loaded);
    const r = await evaluate(report, loaded, { judge: model(), metrics: ["precision", "recall"] });
    const sent = chats().map(promptOf);
    expect(sent.filter(isPrecision)).toHaveLength(8);
    expect(sent.filter(isRecall)).toHaveLength(8);

    const step = report.personalized_workflow[2]!;
    const gold = goldSteps(loaded.task);
    const goldText = gold
      .map((g) =>
        [
          `### ${g.id}`,
          `- Title: ${g.title}`,
          `- Task: ${g.task}`,
          `- Description: ${g.task_description}`,
          `- Conditions: ${g.condition_description || "None"}`,
        ].join("\n"),
      )
      .join("\n\n");
    // The paper's N.1 verbatim, with drflow's adapter line after its matching rules (alignment-adapter.txt).
    const expected = withAlignmentAdapter(PRECISION_TEMPLATE, "## Predicted Step")
      .replace("{pred_item}", String(step.item))
      .replace("{pred_title}", step.title)
      .replace("{pred_task}", step.task)
      .replace("{pred_desc}", step.task_description)
      .replace("{pred_subtask if pred_subtask else 'None'}", "None")
      .replace("{gold_steps_text}", goldText)
      .replaceAll("{{", "{")
      .replaceAll("}}", "}");
    expect(sent.find((p) => isPrecision(p) && predItem(p) === 3)).toBe(expected);
    expect(expected).toContain("Reserve **high confidence (≥0.88)** only for clear same-procedure alignment");
    expect(expected).toContain('{ "matched": true or false, "matched_gold_id":');

    const recallPrompt = sent.find((p) => isRecall(p) && goldId(p) === "WORKFLOW_STEP_5")!;
    const recallTemplate = withAlignmentAdapter(RECALL_TEMPLATE, "## Ground Truth Step");
    expect(recallPrompt).toStartWith(recallTemplate.slice(0, recallTemplate.indexOf("{gold_id}")));
    // Without the adapter line, what is sent is the paper's template.
    for (const p of [sent.find((x) => isPrecision(x))!, recallPrompt]) {
      expect(p.split(ALIGNMENT_ADAPTER)).toHaveLength(2);
      expect(p.replace(`${ALIGNMENT_ADAPTER}\n\n`, "")).not.toContain("Adapter (drflow");
    }
    expect(recallPrompt).toContain(
      `- Title: ${gold[4]!.title}\n- Task: ${gold[4]!.task}\n- Expected Answer: ${gold[4]!.personalized_task}`,
    );
    expect(recallPrompt).toContain("Use confidence **≥0.83** only when coverage is substantive");

    const body = chats()[0]!.body as { temperature: number; seed: number; model: string };
    expect(body.model).toBe("judge-model");
    expect(body.temperature).toBe(0);
    expect(body.seed).toBe(0);
    const p = r.metrics.find((m) => m.metric === "precision")!;
    expect(p.value).toBe(1);
    expect(p.judge).toMatchObject({
      judge: "llm",
      model: `compat:${server.url}#judge-model`,
      temperature: 0,
      seed: 0,
      protocol: "per-step",
    });
    expect(p.judge.prompt_hash).toMatch(/^[0-9a-f]{16}$/);
    expect(p.tokens).toBe(8 * 960);
  });

  test("the one-to-one constraint keeps the strongest alignment, and the bar rejects weak ones", async () => {
    reset((p) => {
      if (!isPrecision(p)) return identityReplies(p, {} as RecordedRequest);
      const item = predItem(p);
      if (item === 1)
        return json({
          matched: true,
          matched_gold_id: "WORKFLOW_STEP_1",
          confidence: 0.9,
          justification: "weaker claim",
        });
      if (item === 2)
        return json({
          matched: true,
          matched_gold_id: "WORKFLOW_STEP_1",
          confidence: 0.97,
          justification: "stronger claim",
        });
      if (item === 3)
        return json({
          matched: true,
          matched_gold_id: "WORKFLOW_STEP_3",
          confidence: 0.87,
          justification: "below the 0.88 bar",
        });
      return json({
        matched: true,
        matched_gold_id: `WORKFLOW_STEP_${item}`,
        confidence: 0.95,
        justification: "same",
      });
    });
    const r = await evaluate(goldReport(loaded), loaded, {
      judge: model(),
      metrics: ["precision", "topology"],
    });
    const rows = new Map(r.alignment.precision.map((a) => [a.source, a]));
    expect(rows.get("PRED_STEP_2")).toMatchObject({
      aligned: "WORKFLOW_STEP_1",
      outcome: "aligned",
      confidence: 0.97,
    });
    expect(rows.get("PRED_STEP_1")).toMatchObject({
      proposed: "WORKFLOW_STEP_1",
      aligned: null,
      outcome: "taken",
    });
    expect(rows.get("PRED_STEP_3")).toMatchObject({
      proposed: "WORKFLOW_STEP_3",
      aligned: null,
      outcome: "below_bar",
    });
    expect(r.metrics.find((m) => m.metric === "precision")!.value).toBe(6 / 8);
    // Pred 2 → gold 1 sits before pred 4 → gold 4 etc.: all pairs stay concordant.
    expect(r.metrics.find((m) => m.metric === "topology")!.value).toBe(1);
  });

  test("condition resolution: 1 / 0.5 / 0 from N.4 on matched conditional steps, 0 without a call when unmatched", async () => {
    const scores: Record<string, number> = { WORKFLOW_STEP_3: 1, WORKFLOW_STEP_5: 0.5 };
    reset((p, req) => {
      if (p.startsWith("You are evaluating whether a predicted workflow step properly resolves")) {
        const id = /\((WORKFLOW_STEP_\d+)\)/.exec(p)![1]!;
        return json({
          score: scores[id],
          level: scores[id] === 1 ? "resolved" : "partially_resolved",
          justification: `for ${id}`,
        });
      }
      // Step 6 is not matched by precision.
      if (isPrecision(p) && predItem(p) === 6)
        return json({ matched: false, matched_gold_id: null, confidence: 0.2, justification: "no" });
      return identityReplies(p, req);
    });
    const r = await evaluate(goldReport(loaded), loaded, {
      judge: model(),
      metrics: ["condition_resolution"],
    });
    const cr = r.metrics.find((m) => m.metric === "condition_resolution")!;
    expect(cr.items.map((i) => [i.id, i.score])).toEqual([
      ["WORKFLOW_STEP_3", 1],
      ["WORKFLOW_STEP_5", 0.5],
      ["WORKFLOW_STEP_6", 0],
    ]);
    expect(cr.value).toBe(0.5);
    const n4 = chats()
      .map(promptOf)
      .filter((p) => p.includes("properly resolves the conditions"));
    expect(n4).toHaveLength(2);
    const step3 = n4.find((p) => p.includes("(WORKFLOW_STEP_3)"))!;
    expect(step3).toContain(
      `has the following conditions that require resolution: ${loaded.task.generic_workflow[2]!.condition_description}\n\n## Expected Resolution`,
    );
    expect(step3).toContain(
      "The correct resolution for the user's specific situation is: Book a certified medical interpreter for Spanish",
    );
    // Precision ran first (dependency order) so condition resolution could use its alignment.
    expect(r.metrics.map((m) => m.metric)).toEqual(["precision", "condition_resolution"]);
  });

  test("a reply unreadable after repair is unscored and counted, never folded into no-match", async () => {
    reset((p, req) => {
      if (isPrecision(p) && predItem(p) === 4) return { content: "I think it matches step four, probably." };
      return identityReplies(p, req);
    });
    const r = await evaluate(goldReport(loaded), loaded, { judge: model(), metrics: ["precision"] });
    const p = r.metrics.find((m) => m.metric === "precision")!;
    expect(p.unscored).toBe(1);
    expect(p.scored).toBe(7);
    expect(p.value).toBe(1);
    expect(p.items.find((i) => i.id === "PRED_STEP_4")).toMatchObject({ score: null });
    expect(r.alignment.precision.find((a) => a.source === "PRED_STEP_4")!.outcome).toBe("unscored");
    const step4 = chats().filter((q) => isPrecision(promptOf(q)) && predItem(promptOf(q)) === 4);
    expect(step4).toHaveLength(2);
    const repair = (step4[1]!.body as { messages: { role: string; content: string }[] }).messages;
    expect(repair.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(repair[2]!.content).toContain("Your previous reply could not be used");
  });

  test("a repaired reply is scored", async () => {
    const seen = new Set<number>();
    reset((p, req) => {
      if (isPrecision(p) && predItem(p) === 2 && !seen.has(2)) {
        seen.add(2);
        return { content: '{"matched": true, "matched_gold_id": "WORKFLOW_STEP_99", "confidence": 0.95}' };
      }
      return identityReplies(p, req);
    });
    const r = await evaluate(goldReport(loaded), loaded, { judge: model(), metrics: ["precision"] });
    expect(r.metrics[0]!.unscored).toBe(0);
    expect(r.metrics[0]!.value).toBe(1);
  });

  test("the batched protocol aligns all steps in one call per direction and reports its tokens", async () => {
    reset((p) => {
      if (p.startsWith("You are evaluating, for EACH predicted")) {
        const items = [...p.matchAll(/### Item (\d+)/g)].map((m) => Number(m[1]));
        return json(
          {
            decisions: items.map((i) => ({
              pred_item: i,
              matched: true,
              matched_gold_id: `WORKFLOW_STEP_${i}`,
              confidence: 0.93,
              justification: "same",
            })),
          },
          { prompt_tokens: 3000, completion_tokens: 400 },
        );
      }
      if (p.startsWith("You are evaluating, for EACH ground truth")) {
        const ids = [...p.matchAll(/### (WORKFLOW_STEP_\d+)/g)].map((m) => m[1]!);
        return json(
          {
            decisions: ids.map((id) => ({
              gold_id: id,
              matched: true,
              matched_pred_item: Number(id.split("_").pop()),
              confidence: 0.9,
              justification: "covered",
            })),
          },
          { prompt_tokens: 3100, completion_tokens: 420 },
        );
      }
      return { content: "" };
    });
    const r = await evaluate(goldReport(loaded), loaded, {
      judge: model(),
      metrics: ["f1"],
      protocol: "batched",
    });
    expect(chats()).toHaveLength(2);
    expect(r.protocol).toBe("batched");
    expect(r.metrics.map((m) => [m.metric, m.value])).toEqual([
      ["precision", 1],
      ["recall", 1],
      ["f1", 1],
    ]);
    expect(r.tokens).toBe(3400 + 3520);
    expect(promptOf(chats()[0]!)).toContain(
      "Reserve **high confidence (≥0.88)** only for clear same-procedure alignment",
    );
  });

  test("factuality: N.3 with the top-5 cited chunks; a step without citations is non-factual without a call", async () => {
    reset((p) =>
      p.startsWith("Given the following relevant source context")
        ? { content: "<factual>true</factual> <explanation>Source 1 states it.</explanation>" }
        : { content: "" },
    );
    const report = goldReport(loaded);
    report.personalized_workflow[0] = { ...report.personalized_workflow[0]!, citations: [] };
    const r = await evaluate(report, loaded, { judge: model(), metrics: ["factuality"] });
    const f = r.metrics[0]!;
    expect(f.items[0]).toMatchObject({
      id: "PRED_STEP_1",
      score: 0,
      justification: "no citation: non-factual",
    });
    expect(f.value).toBe(7 / 8);
    const n3 = chats().map(promptOf);
    expect(n3).toHaveLength(7);
    for (const p of n3) {
      expect(p).toContain("Atomic Claim: ");
      const sources = p.match(/Source \d+: \[fixture_01_(IN|DI)_\d+\]/g) ?? [];
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.length).toBeLessThanOrEqual(5);
    }
  });

  test("factuality ranks a long cited source's chunks by embedding similarity and sends the top 5", async () => {
    const paragraphs = Array.from({ length: 14 }, (_, i) =>
      i % 4 === 1
        ? `Paragraph ${i}: needle — consent forms are countersigned by the coordinator. ${"Detail. ".repeat(90)}`
        : `Paragraph ${i}: unrelated facilities text about parking. ${"Filler. ".repeat(90)}`,
    );
    reset((_prompt, req) => {
      if (req.path.endsWith("/embeddings")) {
        const input = (req.body as { input: string[] }).input;
        return {
          embeddings: input.map((t, i) =>
            i === 0 || t.includes("needle") ? [1, 0, 0] : [0, 1, 0.1 * (i % 3)],
          ),
        };
      }
      return { content: "<factual>false</factual> <explanation>not supported</explanation>" };
    });
    const report = goldReport(loaded);
    report.personalized_workflow = report.personalized_workflow.slice(0, 1);
    const embedder = createModel(`compat:${server.url}#embedding-model`, {
      cache: null,
      retry: { maxRetries: 0 },
    });
    const r = await evaluate(report, loaded, {
      judge: model(),
      llm: { embedder },
      metrics: ["factuality"],
      sources: async (id) => ({
        id,
        title: "Long policy",
        app: "drive",
        path: "drive/long.md",
        text: paragraphs.join("\n\n"),
      }),
    });
    const embeddings = server.requests.filter((q) => q.path.endsWith("/embeddings"));
    expect(embeddings.length).toBeGreaterThan(0);
    // The embedder role embeds; the judge's chat model never does.
    expect(embeddings.map((q) => (q.body as { model: string }).model)).toEqual(
      embeddings.map(() => "embedding-model"),
    );
    const prompt = promptOf(chats()[0]!);
    const sources = prompt.match(/Source \d+: /g) ?? [];
    expect(sources).toHaveLength(5);
    // Only chunks holding a needle paragraph (embedded next to the claim) are sent, out of many more.
    const segments = prompt.split(/Source \d+: /).slice(1);
    expect(segments.every((seg) => seg.includes("needle"))).toBe(true);
    const embedded = (
      server.requests.find((q) => q.path.endsWith("/embeddings"))!.body as { input: string[] }
    ).input;
    expect(embedded.length - 1).toBeGreaterThan(10);
    expect(r.metrics[0]!.value).toBe(0);
    expect(r.metrics[0]!.unscored).toBe(0);
  });

  test("DRBench insight recall considers only the first gold + 5 report insights", async () => {
    const goldUnits = loaded.task.evidence.filter((e) => e.role === "insight");
    const k = goldUnits.length + 5;
    // The report yields k + 3 insights; the insight that states gold unit U3 comes last, past the cutoff.
    const insights = [
      ...Array.from({ length: k }, (_, i) => ({ text: `Filler insight number ${i + 1}.`, citations: [] })),
      { text: "Filler after the cutoff.", citations: [] },
      { text: "Another filler after the cutoff.", citations: [] },
      { text: goldUnits.find((u) => u.id === "U3")!.text, citations: ["src_1"] },
    ];
    reset((p) => {
      if (p.startsWith("You are decomposing")) return json({ insights });
      if (p.startsWith("You are checking whether an insight")) {
        const insight = /## Insight (.*) Return ONLY/.exec(p)![1]!;
        if (insight === "Filler insight number 1.") {
          const fact = [...p.matchAll(/- (F\d+): (.*)/g)].find((m) => m[2] === goldUnits[0]!.text)![1];
          return json({ matched: true, fact_id: fact, justification: "same fact" });
        }
        return json({ matched: false, fact_id: null, justification: "no" });
      }
      return { content: "" };
    });
    const r = await evaluate(goldReport(loaded), loaded, {
      judge: model(),
      metrics: ["insight_recall", "distractor_avoidance"],
    });
    const matchCalls = chats().filter((q) => promptOf(q).startsWith("You are checking whether an insight"));
    expect(matchCalls).toHaveLength(k);
    const ir = r.metrics.find((m) => m.metric === "insight_recall")!;
    expect(ir.value).toBe(1 / goldUnits.length);
    expect(ir.items.find((i) => i.id === "U3")!.score).toBe(0);
    expect(r.metrics.find((m) => m.metric === "distractor_avoidance")!.value).toBe(1);
  });

  test("DRBench decomposition works on the shared reader's numbered claims; insights inherit their claim's citations", async () => {
    const report = [
      "# Findings",
      "",
      "Interpreters are booked two days ahead. [IN_3/interpreter-policy.md]",
      "",
      "- Ana Ruiz prefers Spanish for every document [1]",
      "",
      "## References",
      "1. fixture_01_IN_4",
    ].join("\n");
    let prompt = "";
    reset((p) => {
      if (!p.startsWith("You are decomposing"))
        return json({ matched: false, fact_id: null, justification: "no" });
      prompt = p;
      return json({
        insights: [
          { text: "Interpreters are booked two days ahead.", claim: 1 },
          { text: "Ana Ruiz prefers Spanish.", claim: 2 },
        ],
      });
    });
    const drbench = { ...loaded, task: { ...loaded.task, kind: "drbench" as const } };
    const r = await evaluate(report, drbench, { judge: model(), metrics: ["factuality", "insight_recall"] });
    expect(prompt).toContain("1. Interpreters are booked two days ahead.");
    expect(prompt).toContain("2. Ana Ruiz prefers Spanish for every document");
    expect(prompt).not.toContain("[IN_3/"); // citations are parsed once, by the shared reader, not by the model
    const fact = r.metrics.find((m) => m.metric === "factuality")!;
    expect(fact.items.map((i) => i.id)).toEqual(["INSIGHT_1", "INSIGHT_2"]);
    expect(fact.items[1]!.matched).toBe("fixture_01_IN_4");
  });

  test("--judge-repeats: agreement between repeats and the spread of each metric", async () => {
    let call = 0;
    reset((p, req) => {
      if (isPrecision(p) && predItem(p) === 8) {
        call++;
        // The second repeat changes its mind on step 8.
        return call === 1
          ? json({
              matched: true,
              matched_gold_id: "WORKFLOW_STEP_8",
              confidence: 0.95,
              justification: "same",
            })
          : json({ matched: false, matched_gold_id: null, confidence: 0.3, justification: "not sure" });
      }
      return identityReplies(p, req);
    });
    const r = await evaluate(goldReport(loaded), loaded, {
      judge: model(),
      metrics: ["precision", "recall"],
      repeats: 2,
    });
    const rep = r.repeats!;
    expect(rep.repeats).toBe(2);
    expect(rep.decisions).toBe(16);
    expect(rep.alignment_agreement).toBe(15 / 16);
    const p = rep.spread.find((s) => s.metric === "precision")!;
    expect(p.values).toEqual([1, 7 / 8]);
    expect(p.max! - p.min!).toBeCloseTo(1 / 8, 10);
    const repeats = chats().map((q) => (q.body as { messages: unknown[] }).messages.length);
    expect(repeats.every((n) => n === 1)).toBe(true);
  });
});
