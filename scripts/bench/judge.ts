/**
 * @module Judge benchmark. (1) The lexical judge's agreement with labels on alignment decisions, printed separately
 * for gold-derived constructions (gold, dropped steps, reversed order, generic and wrong branches, no citations,
 * distractor steps, paraphrases over the demo suite and the judge fixture; condition-resolution labels 1 / 0.5 / 0
 * too) and for the independent set (hand-written reports with hand-written labels, and an offline agent's report;
 * test/judge/independent/labels.json). (2) The adversarial table: degenerate reports (empty, question echo, flooding,
 * stuffing, duplicates, uncited, unrelated citations, adjacent case, shuffled, other layout) with their expected
 * ranges, per metric over the suite; stuffing on the extractive agent's reports; whether an empty report lowers every
 * suite mean it enters (the `drflow eval` rule). (3) The LLM judge's parsing path on the adversarial reports, over
 * HTTP against a scripted judge that agrees with everything. (4) The lexical judge's time on 100 / 1,000 / 2,000-step
 * reports. (5) Judge tokens per task of the per-step and the batched LLM protocols on the demo suite, run over HTTP
 * against the scripted OpenAI-compatible server with realistic-length replies; the server reports no usage, so the
 * model layer counts the real prompts and replies with the o200k BPE.
 *
 * (6) Agreement between the two protocols, with scripted judges (no LLM, so it checks plumbing and what each prompt
 * shows, not judgment): (a) answers keyed by the item's id on the gold reports; (b) answers read from the texts each
 * prompt shows, on the lexical judge's construction set. The last line is the greppable headline (`bench judge: …`).
 *
 *   bun scripts/bench/judge.ts [--suite demo] [--root tasks] [--no-llm] [--help]
 */

import { cpus, loadavg } from "node:os";
import { extractive } from "../../src/agents/extractive/index.ts";
import { runAgent } from "../../src/agents/run.ts";
import { type MetricName, type MetricResult, noRunUsage, Report } from "../../src/core/index.ts";
import { loadEnv } from "../../src/env/load.ts";
import type { CellResult } from "../../src/eval/cells.ts";
import { summarize } from "../../src/eval/summary.ts";
import { evaluate, MAX_JUDGED_STEPS, metricLabel, metricNames } from "../../src/judge/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { countTokens } from "../../src/llm/tokens.ts";
import { type LoadedTask, listTasks, loadTask } from "../../src/store/task-store.ts";
import {
  adversarialReports,
  describeBound,
  LEXICAL_EXPECTATIONS,
  meets,
  personalText,
  stuffed,
  userFilesText,
} from "../../test/judge/adversarial.ts";
import { agreeableReply } from "../../test/judge/agreeable-judge.ts";
import { constructions, genericBranch, goldReport, wrongBranch } from "../../test/judge/construct.ts";
import { loadFixtureTask } from "../../test/judge/fixture.ts";
import { independentAgreement } from "../../test/judge/independent.ts";
import {
  type Agreement,
  itemAgreement,
  keyedDecider,
  readingDecider,
  scriptedJudge,
} from "../../test/judge/protocol-agreement.ts";
import { type ScriptedServerOptions, startScriptedServer } from "../../test/support/scripted-server.ts";
import { benchArgs, type Figures, headline } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/judge.ts [options]
  Lexical judge agreement with labels (gold-derived constructions, independent hand-labelled set), the adversarial
  table, the LLM judge's parsing path, time by report size, judge tokens per task of the per-step and batched LLM
  protocols, and agreement between the two protocols (scripted judges over HTTP; no API key, no network). The last
  line is the headline: "bench judge: … batched …× per-step tokens …, protocol agreement …".

  --suite <name>     suite under --root (default demo)
  --root <dir>       task root (default tasks)
  --no-llm           skip the sections that talk to the scripted LLM judge
  -h, --help         this text
`;

const values = benchArgs("judge", USAGE, {
  suite: { type: "string", default: "demo" },
  root: { type: "string", default: "tasks" },
  llm: { type: "boolean", default: true },
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
console.log(
  `lexical judge vs labels known by construction (gold-derived reports): ${tasks.length} tasks (fixture + ${values.suite})`,
);
for (const [kind, e] of byConstruction)
  console.log(`  ${kind.padEnd(28)} ${pct(e.agree / e.total).padStart(8)}  (${e.agree}/${e.total})`);
console.log(
  `  alignment decisions agreeing, gold-derived constructions: ${pct(agree / total)} (${agree}/${total}), target >= 95%`,
);
console.log(`  condition-resolution labels agreeing: ${pct(crAgree / crTotal)} (${crAgree}/${crTotal})`);

// (1b) The independent set: reports the judge was not derived from, labelled by hand.
const independent = await independentAgreement();
console.log("\nlexical judge vs hand-written labels (independent set: test/judge/independent):");
for (const r of independent)
  console.log(
    `  ${r.file.padEnd(30)} ${pct(r.agree / r.total).padStart(8)}  (${r.agree}/${r.total})  ${r.style}${r.disagreements.length ? `\n      disagree: ${r.disagreements.join("; ")}` : ""}`,
  );
const indAgree = independent.reduce((s, r) => s + r.agree, 0);
const indTotal = independent.reduce((s, r) => s + r.total, 0);
console.log(
  `  alignment decisions agreeing, independent set: ${pct(indAgree / indTotal)} (${indAgree}/${indTotal})`,
);
for (const [label, agent] of [
  ["hand-written reports", false],
  ["offline agent reports", true],
] as const) {
  const part = independent.filter((r) => r.style.includes("agent's report") === agent);
  const a = part.reduce((s, r) => s + r.agree, 0);
  const t = part.reduce((s, r) => s + r.total, 0);
  console.log(`    of which ${label}: ${pct(a / t)} (${a}/${t})`);
}

// (2) The adversarial table.
const METRICS7 = metricNames("drflow");
const fmt = (v: number | null | undefined) => (v === null || v === undefined ? "–" : (v * 100).toFixed(1));
const demo = tasks.slice(1);
const advValues = new Map<string, Map<string, Map<MetricName, number | null>>>(); // construction → task → metric
const notes = new Map<string, string>();
for (const loaded of tasks) {
  for (const a of await adversarialReports(loaded)) {
    const r = await evaluate(a.report, loaded, { judge: "lexical" });
    notes.set(a.name, a.note);
    const byTask = advValues.get(a.name) ?? new Map();
    byTask.set(loaded.task.id, new Map(r.metrics.map((m) => [m.metric, m.value])));
    advValues.set(a.name, byTask);
  }
}
const suiteMean = (name: string, metric: MetricName) => {
  const xs = demo
    .map((t) => advValues.get(name)?.get(t.task.id)?.get(metric))
    .filter((v): v is number => typeof v === "number");
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};
console.log(
  `\nadversarial reports, lexical judge: mean over the ${demo.length} ${values.suite} tasks (×100); bounds checked per task`,
);
console.log(
  `  ${"report".padEnd(20)} ${METRICS7.map((m) => metricLabel(m).short.padStart(11)).join(" ")}   expected (per task)                       met`,
);
for (const [name] of advValues) {
  const e = LEXICAL_EXPECTATIONS.find((x) => x.name === name);
  let met = 0;
  let checked = 0;
  for (const t of demo) {
    const v = advValues.get(name)!.get(t.task.id);
    if (!v || !e) continue;
    checked++;
    const ok = e.bounds.every((b) =>
      meets(
        b,
        v.get(b.metric) ?? null,
        e.reference ? (advValues.get(e.reference)!.get(t.task.id)!.get(b.metric) ?? null) : null,
      ),
    );
    if (ok) met++;
  }
  const expected = e
    ? e.bounds.map((b) => `${metricLabel(b.metric).short} ${describeBound(b)}`).join(", ") +
      (e.reference ? ` (ref: ${e.reference})` : "")
    : "reference";
  console.log(
    `  ${name.padEnd(20)} ${METRICS7.map((m) => fmt(suiteMean(name, m)).padStart(11)).join(" ")}   ${expected.slice(0, 40).padEnd(40)}  ${e ? `${met}/${checked}` : ""}`,
  );
}
const fixtureFlood = advValues.get("flooding")?.get(tasks[0]!.task.id)?.get("f1");
console.log(
  `  (fixture_01, not in the means: flooding F1 ${fmt(fixtureFlood)} — its three policy documents hold too few sentences to flood)`,
);
const floodF1 = demo.map((t) => advValues.get("flooding")!.get(t.task.id)!.get("f1")!);
console.log(
  `  must-show: question echo factuality mean ${fmt(suiteMean("question echo", "factuality"))} (max ${fmt(Math.max(...demo.map((t) => advValues.get("question echo")!.get(t.task.id)!.get("factuality")!)))}); flooding F1 mean ${fmt(suiteMean("flooding", "f1"))} (max ${fmt(Math.max(...floodF1))})`,
);

// Stuffing on the offline extractive agent's reports (the issue's attack: 49.9 → 83.8 before this judge).
const extractiveReports = new Map<string, Report>();
for (const loaded of demo) {
  const env = await loadEnv(loaded, { split: "original" });
  extractiveReports.set(loaded.task.id, (await runAgent(extractive(), env, null)).report);
}
const pc = async (report: Report, loaded: LoadedTask) =>
  (
    await evaluate(report, loaded, { judge: "lexical", metrics: ["personalized_comprehensiveness"] })
  ).metrics.find((m) => m.metric === "personalized_comprehensiveness")!.value!;
for (const [label, textOf] of [
  ["the user's evidence units", async (t: LoadedTask) => personalText(t)],
  ["the text of every user-side file", userFilesText],
] as const) {
  let plain = 0;
  let stuffedSum = 0;
  let worst = Number.NEGATIVE_INFINITY;
  for (const loaded of demo) {
    const report = extractiveReports.get(loaded.task.id)!;
    const a = await pc(report, loaded);
    const b = await pc(stuffed(report, loaded, await textOf(loaded)), loaded);
    plain += a;
    stuffedSum += b;
    worst = Math.max(worst, b - a);
  }
  console.log(
    `  stuffing the extractive agent's reports with ${label}: Pers. Comp. ${fmt(plain / demo.length)} → ${fmt(stuffedSum / demo.length)} (suite mean); largest per-task change ${(worst * 100).toFixed(1)} points (must be ≤ +3)`,
  );
}

// An empty report entering a suite: every mean it enters goes down or stays (the drflow eval summary rule).
const cellOf = (task: string, metrics: MetricResult[]): CellResult => ({
  cell: { task, agent: "extractive", model: "none", split: "original", repeat: 0 },
  runId: task,
  status: "done",
  metrics: Object.fromEntries(metrics.map((m) => [m.metric, m.value])),
  not_applicable: metrics.filter((m) => m.not_applicable).map((m) => m.metric),
  usage: noRunUsage(),
  error: null,
});
const judged = new Map<string, MetricResult[]>();
for (const loaded of demo)
  judged.set(
    loaded.task.id,
    (await evaluate(extractiveReports.get(loaded.task.id)!, loaded, { judge: "lexical" })).metrics,
  );
const base = summarize(demo.map((t) => cellOf(t.task.id, judged.get(t.task.id)!)))[0]!;
let raised = 0;
let lowered = 0;
let unchanged = 0;
for (const loaded of demo) {
  const empty = (await evaluate(Report.parse({ task_id: loaded.task.id }), loaded, { judge: "lexical" }))
    .metrics;
  const row = summarize(
    demo.map((t) => cellOf(t.task.id, t.task.id === loaded.task.id ? empty : judged.get(t.task.id)!)),
  )[0]!;
  for (const m of METRICS7) {
    const before = base.metrics[m]?.mean ?? null;
    const after = row.metrics[m]?.mean ?? null;
    if (before === null || after === null) continue;
    if (after > before + 1e-12) raised++;
    else if (after < before - 1e-12) lowered++;
    else unchanged++;
  }
}
console.log(
  `  an empty report replacing each extractive report in turn (${demo.length} tasks × 7 metrics): suite mean lowered ${lowered}, unchanged ${unchanged} (the replaced report scored 0 there too), raised ${raised}`,
);
console.log(
  `  reports per metric behind the extractive suite means (scored/not applicable/unscored): ${METRICS7.map((m) => `${metricLabel(m).short} ${base.metrics[m]!.counts.scored}/${base.metrics[m]!.counts.not_applicable}/${base.metrics[m]!.counts.unscored}`).join(", ")}`,
);

// (4) Lexical judge time by report size: the gold steps repeated with distinct titles.
console.log("\nlexical judge time by report size (all seven metrics, demo/healthcare_01 when present):");
const timed = demo.find((t) => t.task.id === "healthcare_01") ?? tasks[0]!;
const timedGold = goldReport(timed);
await evaluate(timedGold, timed, { judge: "lexical" }); // warm the source text cache
for (const n of [100, 1_000, 2_000]) {
  const steps = Array.from({ length: n }, (_, i) => {
    const s = timedGold.personalized_workflow[i % timedGold.personalized_workflow.length]!;
    return { ...s, item: i + 1, title: `${s.title} (${i + 1})` };
  });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await evaluate({ ...timedGold, personalized_workflow: steps }, timed, { judge: "lexical" });
  const cpu = process.cpuUsage(c0);
  console.log(
    `  ${String(n).padStart(5)} steps: ${((performance.now() - t0) / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU`,
  );
}
console.log(
  `  (load average while measured: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; wall time includes waiting for a core)`,
);
console.log(`  cap: ${MAX_JUDGED_STEPS} steps per workflow; larger reports are refused with ReportTooLarge`);

// (3) The LLM judge's parsing path on the adversarial reports of the fixture, against a judge that agrees with everything.
if (values.llm) {
  const agreeable = await startScriptedServer({ reply: agreeableReply });
  try {
    const model = createModel(`compat:${agreeable.url}#judge-model`, {
      cache: null,
      retry: { maxRetries: 0 },
    });
    const loaded = tasks[0]!;
    console.log(
      `\nLLM judge parsing path, ${loaded.task.id}, scripted judge agreeing with everything (what structure guarantees), ×100:`,
    );
    console.log(
      `  ${"report".padEnd(20)} ${METRICS7.map((m) => metricLabel(m).short.padStart(11)).join(" ")}`,
    );
    for (const a of await adversarialReports(loaded)) {
      if (a.name === "flooding") continue; // one HTTP call per sentence and direction; the structure is that of duplicates
      const r = await evaluate(a.report, loaded, { judge: model });
      const v = new Map(r.metrics.map((m) => [m.metric, m.value]));
      console.log(`  ${a.name.padEnd(20)} ${METRICS7.map((m) => fmt(v.get(m)).padStart(11)).join(" ")}`);
    }
    console.log(
      "  expected: empty all 0; question echo and uncited factuality 0; duplicated precision 50, recall 100",
    );
  } finally {
    await agreeable.close();
  }
}

const headlineParts = [
  `lexical agreement ${pct(agree / total)} constructions, ${pct(indAgree / indTotal)} independent set`,
];
const figures: Figures = {
  lexical_construction_agreement: Number((agree / total).toFixed(4)),
  lexical_independent_agreement: Number((indAgree / indTotal).toFixed(4)),
};

// (5) Tokens per task, per-step vs batched, over HTTP against the scripted server; (6) agreement between the protocols.
const agreementLine = (label: string, byMetric: Map<string, Agreement>) => {
  const all = [...byMetric.values()].reduce(
    (a, e) => ({ agree: a.agree + e.agree, total: a.total + e.total }),
    {
      agree: 0,
      total: 0,
    },
  );
  console.log(
    `  ${label}: ${pct(all.agree / all.total)} (${all.agree}/${all.total}); ${[...byMetric].map(([m, e]) => `${m} ${e.agree}/${e.total}`).join(", ")}`,
  );
  return all;
};
const addAgreement = (into: Map<string, Agreement>, from: Map<string, Agreement>) => {
  for (const [m, e] of from) {
    const t = into.get(m) ?? { agree: 0, total: 0 };
    into.set(m, { agree: t.agree + e.agree, total: t.total + e.total });
  }
};
if (values.llm) {
  const REPLY = {
    justification:
      "The predicted step performs the same procedural obligation as the golden step: it names the same record, the same system and the same approval, so a reviewer would accept it as the same beat; instance details such as names and dates were ignored as instructed.",
    missing: ["the form code", "the deadline"],
  };
  const judgeOn = async (reply: ScriptedServerOptions["reply"]) => {
    const server = await startScriptedServer({ reply });
    const model = createModel(`compat:${server.url}#judge-model`, { cache: null, retry: { maxRetries: 0 } });
    const run = (
      report: Report,
      loaded: LoadedTask,
      protocol: "per-step" | "batched",
      metrics?: MetricName[],
    ) =>
      evaluate(report, loaded, {
        judge: model,
        llm: { embedder: model },
        protocol,
        ...(metrics ? { metrics } : {}),
      });
    return { server, run };
  };

  const tokensJudge = await judgeOn(scriptedJudge(readingDecider, REPLY));
  let ratio = 0;
  try {
    const ALIGN: MetricName[] = ["precision", "recall"];
    console.log(
      `\njudge tokens per task, ${values.suite} suite gold reports (prompts and replies counted with o200k; embeddings of claims and chunks included, each text once per evaluation in both protocols):`,
    );
    console.log(
      `  ${"task".padEnd(14)} steps  per-step align  batched align  ratio   per-step all 7  batched all 7  ratio  embeddings  requests`,
    );
    const sums = { ps: 0, b: 0, psAll: 0, bAll: 0, psReq: 0, bReq: 0, embed: 0 };
    /** A run's requests, and the o200k tokens of the texts it sent to be embedded (the same in both protocols). */
    const traffic = async (f: () => Promise<unknown>) => {
      const before = tokensJudge.server.requests.length;
      await f();
      const sent = tokensJudge.server.requests.slice(before);
      let embed = 0;
      for (const r of sent.filter((x) => x.path.endsWith("/embeddings")))
        embed += await countTokens([(r.body as { input: string[] }).input].flat().join("\n"));
      return { requests: sent.length, embed };
    };
    for (const loaded of demo) {
      const report = goldReport(loaded);
      const ps = (await tokensJudge.run(report, loaded, "per-step", ALIGN)).tokens;
      const b = (await tokensJudge.run(report, loaded, "batched", ALIGN)).tokens;
      let psAll = 0;
      let bAll = 0;
      const psTraffic = await traffic(async () => {
        psAll = (await tokensJudge.run(report, loaded, "per-step")).tokens;
      });
      const bTraffic = await traffic(async () => {
        bAll = (await tokensJudge.run(report, loaded, "batched")).tokens;
      });
      Object.assign(sums, {
        ps: sums.ps + ps,
        b: sums.b + b,
        psAll: sums.psAll + psAll,
        bAll: sums.bAll + bAll,
        psReq: sums.psReq + psTraffic.requests,
        bReq: sums.bReq + bTraffic.requests,
        embed: sums.embed + bTraffic.embed,
      });
      console.log(
        `  ${loaded.task.id.padEnd(14)} ${String(report.personalized_workflow.length).padStart(5)}  ${String(ps).padStart(14)}  ${String(b).padStart(13)}  ${(ps / b).toFixed(2).padStart(5)}  ${String(psAll).padStart(14)}  ${String(bAll).padStart(13)}  ${(bAll / psAll).toFixed(2).padStart(5)}  ${String(bTraffic.embed).padStart(10)}  ${psTraffic.requests} / ${bTraffic.requests}`,
      );
    }
    const n = demo.length || 1;
    ratio = sums.bAll / sums.psAll;
    console.log(
      `  ${"mean".padEnd(14)} ${"".padStart(5)}  ${String(Math.round(sums.ps / n)).padStart(14)}  ${String(Math.round(sums.b / n)).padStart(13)}  ${(sums.ps / sums.b).toFixed(2).padStart(5)}  ${String(Math.round(sums.psAll / n)).padStart(14)}  ${String(Math.round(sums.bAll / n)).padStart(13)}  ${ratio.toFixed(2).padStart(5)}  ${String(Math.round(sums.embed / n)).padStart(10)}  ${Math.round(sums.psReq / n)} / ${Math.round(sums.bReq / n)}`,
    );
    const chatRatio = (sums.bAll - sums.embed) / (sums.psAll - sums.embed);
    console.log(
      `  batched all-seven tokens: ${ratio.toFixed(3)}× the per-step protocol's (target ≤ 0.333); chat tokens alone (embeddings, the same in both, left out): ${chatRatio.toFixed(3)}×; requests per task (per-step / batched) include embedding requests`,
    );
    headlineParts.push(
      `batched ${ratio.toFixed(2)}× per-step tokens (${Math.round(sums.bAll / n)} vs ${Math.round(sums.psAll / n)} per task)`,
    );
    Object.assign(figures, {
      batched_tokens_per_task: Math.round(sums.bAll / n),
      per_step_tokens_per_task: Math.round(sums.psAll / n),
      all_metrics_ratio: Number(ratio.toFixed(3)),
      chat_only_ratio: Number(chatRatio.toFixed(3)),
      alignment_ratio: Number((sums.ps / sums.b).toFixed(3)),
    });
  } finally {
    await tokensJudge.server.close();
  }

  console.log(
    "\nagreement between the per-step and batched protocols (scripted judges over HTTP, no LLM: this checks plumbing and what each prompt shows, not judgment):",
  );
  // (a) A judge whose every answer is fixed by the id (or claim text) of the item asked about: the protocols agree
  // exactly when every batched verdict returns to its item.
  const keyed = await judgeOn(scriptedJudge(keyedDecider, REPLY));
  const keyedAgreement = new Map<string, Agreement>();
  try {
    for (const loaded of tasks) {
      const report = goldReport(loaded);
      addAgreement(
        keyedAgreement,
        itemAgreement(
          await keyed.run(report, loaded, "per-step"),
          await keyed.run(report, loaded, "batched"),
        ),
      );
    }
  } finally {
    await keyed.server.close();
  }
  const a = agreementLine(
    `(a) scripted server, id-keyed answers, gold reports of fixture + ${values.suite} (${tasks.length} tasks), item decisions`,
    keyedAgreement,
  );
  // (b) A judge that reads the texts each prompt shows for the item (term overlap), on the lexical judge's
  // construction set: where the batched prompts show an item other evidence than its per-step prompt, they can differ.
  const reading = await judgeOn(scriptedJudge(readingDecider));
  const readingAgreement = new Map<string, Agreement>();
  const vsLabels = { "per-step": { agree: 0, total: 0 }, batched: { agree: 0, total: 0 } };
  let reports = 0;
  try {
    for (const loaded of tasks) {
      for (const c of constructions(loaded)) {
        const ps = await reading.run(c.report, loaded, "per-step");
        const b = await reading.run(c.report, loaded, "batched");
        reports++;
        addAgreement(readingAgreement, itemAgreement(ps, b));
        const inverse = new Map([...c.labels].map(([pred, gold]) => [gold, pred]));
        for (const [protocol, r] of [
          ["per-step", ps],
          ["batched", b],
        ] as const) {
          for (const row of r.alignment.precision) {
            vsLabels[protocol].total++;
            if (stepOf(row.aligned) === (c.labels.get(stepOf(row.source)!) ?? null))
              vsLabels[protocol].agree++;
          }
          for (const row of r.alignment.recall) {
            vsLabels[protocol].total++;
            if (stepOf(row.aligned) === (inverse.get(stepOf(row.source)!) ?? null))
              vsLabels[protocol].agree++;
          }
        }
      }
    }
  } finally {
    await reading.server.close();
  }
  const b = agreementLine(
    `(b) lexical construction set (${reports} gold-derived reports over ${tasks.length} tasks), text-reading answers, item decisions`,
    readingAgreement,
  );
  console.log(
    `      alignment decisions agreeing with the construction labels: per-step ${pct(vsLabels["per-step"].agree / vsLabels["per-step"].total)}, batched ${pct(vsLabels.batched.agree / vsLabels.batched.total)} (${vsLabels.batched.total} each)`,
  );
  headlineParts.push(
    `protocol agreement ${pct(a.agree / a.total)} scripted id-keyed, ${pct(b.agree / b.total)} construction set text-reading`,
  );
  Object.assign(figures, {
    protocol_agreement_scripted: Number((a.agree / a.total).toFixed(4)),
    protocol_agreement_construction_set: Number((b.agree / b.total).toFixed(4)),
  });
}
console.log("");
headline("judge", headlineParts.join(", "), figures);
