/**
 * @module Judge benchmark. (1) The lexical judge's agreement with construction labels on alignment decisions (gold,
 * dropped steps, reversed order, generic and wrong branches, no citations, distractor steps, paraphrases) over the
 * demo suite and the judge fixture; target ≥ 0.95. Condition-resolution labels (1 / 0.5 / 0) are checked too.
 * (2) Judge tokens per task of the per-step and the batched LLM protocols on the demo suite, run over HTTP against the
 * scripted OpenAI-compatible server with realistic-length replies; the server reports no usage, so the model layer
 * counts the real prompts and replies with the o200k BPE.
 *
 *   bun scripts/bench/judge.ts [--suite demo] [--root tasks] [--no-llm]
 */
import { parseArgs } from "node:util";
import type { MetricName } from "../../src/core/index.ts";
import { evaluate } from "../../src/judge/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { type LoadedTask, listTasks, loadTask } from "../../src/store/task-store.ts";
import { constructions, genericBranch, goldReport, wrongBranch } from "../../test/judge/construct.ts";
import { loadFixtureTask } from "../../test/judge/fixture.ts";
import { type RecordedRequest, startScriptedServer } from "../../test/support/scripted-server.ts";

const { values } = parseArgs({
  options: {
    suite: { type: "string", default: "demo" },
    root: { type: "string", default: "tasks" },
    llm: { type: "boolean", default: true },
  },
  allowNegative: true,
});

const tasks: LoadedTask[] = [await loadFixtureTask()];
for (const ref of await listTasks(values.root, values.suite))
  tasks.push(await loadTask(values.root, ref.ref));
const stepOf = (id: string | null) => (id === null ? null : Number(id.split("_").pop()));
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

// (1) Lexical agreement with construction labels.
const byConstruction = new Map<string, { agree: number; total: number }>();
let agree = 0;
let total = 0;
let crAgree = 0;
let crTotal = 0;
for (const loaded of tasks) {
  for (const c of constructions(loaded)) {
    const r = await evaluate(c.report, loaded, { judge: "lexical", metrics: ["precision", "recall"] });
    const inverse = new Map([...c.labels].map(([pred, gold]) => [gold, pred]));
    const decisions = [
      ...r.alignment.precision.map((a) => stepOf(a.aligned) === (c.labels.get(stepOf(a.source)!) ?? null)),
      ...r.alignment.recall.map((a) => stepOf(a.aligned) === (inverse.get(stepOf(a.source)!) ?? null)),
    ];
    const kind = c.name.replace(/\d+/g, "k");
    const entry = byConstruction.get(kind) ?? { agree: 0, total: 0 };
    entry.agree += decisions.filter(Boolean).length;
    entry.total += decisions.length;
    byConstruction.set(kind, entry);
    agree += decisions.filter(Boolean).length;
    total += decisions.length;
  }
  const gold = goldReport(loaded);
  for (const g of loaded.task.generic_workflow.filter((s) => s.condition)) {
    for (const [c, want] of [
      [{ report: gold }, 1],
      [genericBranch(gold, loaded.task, g.item), 0.5],
      [wrongBranch(gold, loaded.task, g.item), 0],
    ] as const) {
      const r = await evaluate(c.report, loaded, { judge: "lexical", metrics: ["condition_resolution"] });
      const item = r.metrics
        .find((m) => m.metric === "condition_resolution")!
        .items.find((i) => i.id === `WORKFLOW_STEP_${g.item}`);
      crTotal++;
      if (item?.score === want) crAgree++;
    }
  }
}
console.log(`lexical judge vs construction labels: ${tasks.length} tasks (fixture + ${values.suite})`);
for (const [kind, e] of byConstruction)
  console.log(`  ${kind.padEnd(28)} ${pct(e.agree / e.total).padStart(8)}  (${e.agree}/${e.total})`);
console.log(`  alignment decisions agreeing: ${pct(agree / total)} (${agree}/${total}), target >= 95%`);
console.log(`  condition-resolution labels agreeing: ${pct(crAgree / crTotal)} (${crAgree}/${crTotal})`);

// (2) Tokens per task, per-step vs batched, over HTTP against the scripted server.
if (values.llm) {
  const JUSTIFICATION =
    "The predicted step performs the same procedural obligation as the golden step: it names the same record, the same system and the same approval, so a reviewer would accept it as the same beat; instance details such as names and dates were ignored as instructed.";
  const reply = (req: RecordedRequest) => {
    if (!req.path.endsWith("/chat/completions")) return {};
    const p = (req.body as { messages: { content: string }[] }).messages[0]!.content;
    const item = /- Item: (\d+) - Title:/.exec(p)?.[1];
    const gold = /- ID: WORKFLOW_STEP_(\d+)/.exec(p)?.[1];
    const j = { justification: JUSTIFICATION };
    if (p.startsWith("You are evaluating whether a predicted workflow step semantically"))
      return {
        content: JSON.stringify({
          matched: true,
          matched_gold_id: `WORKFLOW_STEP_${item}`,
          matched_gold_title: "…",
          confidence: 0.93,
          ...j,
        }),
      };
    if (p.startsWith("You are evaluating whether a ground truth"))
      return {
        content: JSON.stringify({ matched: true, matched_pred_item: Number(gold), confidence: 0.9, ...j }),
      };
    if (p.startsWith("You are evaluating, for EACH predicted")) {
      const items = [...p.matchAll(/### Item (\d+)/g)].map((m) => Number(m[1]));
      return {
        content: JSON.stringify({
          decisions: items.map((i) => ({
            pred_item: i,
            matched: true,
            matched_gold_id: `WORKFLOW_STEP_${i}`,
            confidence: 0.93,
            ...j,
          })),
        }),
      };
    }
    if (p.startsWith("You are evaluating, for EACH ground truth")) {
      const ids = [...p.matchAll(/### (WORKFLOW_STEP_\d+)/g)].map((m) => m[1]!);
      return {
        content: JSON.stringify({
          decisions: ids.map((id) => ({
            gold_id: id,
            matched: true,
            matched_pred_item: Number(id.split("_").pop()),
            confidence: 0.9,
            ...j,
          })),
        }),
      };
    }
    if (p.includes("properly resolves the conditions"))
      return { content: JSON.stringify({ score: 1, level: "resolved", ...j }) };
    if (p.includes("comprehensiveness and personalization"))
      return {
        content: JSON.stringify({
          specificity: 0.8,
          personalization: 0.7,
          completeness: 0.8,
          actionability: 0.9,
          overall_score: 0.8,
          ...j,
          missing_details: ["the form code", "the deadline"],
        }),
      };
    return { content: `<factual>true</factual> <explanation>${JUSTIFICATION}</explanation>` };
  };
  const server = await startScriptedServer({ reply, embeddingDim: 64 });
  try {
    const model = createModel(`compat:${server.url}#judge-model`, { cache: null });
    const ALIGN: MetricName[] = ["precision", "recall"];
    console.log(`\njudge tokens per task (prompts and replies counted with o200k), ${values.suite} suite:`);
    console.log(
      `  ${"task".padEnd(14)} steps  per-step align  batched align  ratio   per-step all 7  batched all 7`,
    );
    const sums = { ps: 0, b: 0, psAll: 0, bAll: 0 };
    const demo = tasks.slice(1);
    for (const loaded of demo) {
      const report = goldReport(loaded);
      const run = async (protocol: "per-step" | "batched", metrics?: MetricName[]) =>
        (await evaluate(report, loaded, { judge: model, protocol, ...(metrics ? { metrics } : {}) })).tokens;
      const ps = await run("per-step", ALIGN);
      const b = await run("batched", ALIGN);
      const psAll = await run("per-step");
      const bAll = await run("batched");
      Object.assign(sums, {
        ps: sums.ps + ps,
        b: sums.b + b,
        psAll: sums.psAll + psAll,
        bAll: sums.bAll + bAll,
      });
      console.log(
        `  ${loaded.task.id.padEnd(14)} ${String(report.personalized_workflow.length).padStart(5)}  ${String(ps).padStart(14)}  ${String(b).padStart(13)}  ${(ps / b).toFixed(2).padStart(5)}  ${String(psAll).padStart(14)}  ${String(bAll).padStart(13)}`,
      );
    }
    const n = demo.length || 1;
    console.log(
      `  ${"mean".padEnd(14)} ${"".padStart(5)}  ${String(Math.round(sums.ps / n)).padStart(14)}  ${String(Math.round(sums.b / n)).padStart(13)}  ${(sums.ps / sums.b).toFixed(2).padStart(5)}  ${String(Math.round(sums.psAll / n)).padStart(14)}  ${String(Math.round(sums.bAll / n)).padStart(13)}`,
    );
  } finally {
    await server.close();
  }
}
