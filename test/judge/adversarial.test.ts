/**
 * Degenerate and adversarial reports meet the score ranges a sound judge gives them: with the lexical judge on the
 * fixture and two demo tasks, and with the LLM judge's prompt and parsing path over HTTP against a scripted judge that
 * agrees with everything (what holds there is what the metrics' structure guarantees).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type MetricName, metricStatus, Report } from "../../src/core/index.ts";
import { evaluate, MAX_JUDGED_STEPS, ReportTooLarge } from "../../src/judge/index.ts";
import { createModel } from "../../src/llm/index.ts";
import type { LoadedTask } from "../../src/store/task-store.ts";
import { startScriptedServer } from "../support/scripted-server.ts";
import {
  type Adversarial,
  adversarialReports,
  describeBound,
  LEXICAL_EXPECTATIONS,
  meets,
} from "./adversarial.ts";
import { agreeableReply } from "./agreeable-judge.ts";
import { goldReport } from "./construct.ts";
import { validationTasks } from "./tasks.ts";

const tasks = await validationTasks({ demoLimit: 2 });

async function scores(
  loaded: LoadedTask,
  reports: Adversarial[],
  judge: Parameters<typeof evaluate>[2]["judge"],
) {
  const out = new Map<string, Map<MetricName, number | null>>();
  for (const a of reports) {
    const r = await evaluate(a.report, loaded, { judge });
    out.set(a.name, new Map(r.metrics.map((m) => [m.metric, m.value])));
  }
  return out;
}

for (const loaded of tasks) {
  describe(`adversarial reports on ${loaded.task.id}, lexical judge`, () => {
    test("every construction meets its expected range", async () => {
      const reports = await adversarialReports(loaded);
      const values = await scores(loaded, reports, "lexical");
      const misses: string[] = [];
      for (const e of LEXICAL_EXPECTATIONS) {
        const v = values.get(e.name);
        // The fixture's three policy documents hold about twenty sentences: too few to flood (the demo test below).
        if (!v || (e.name === "flooding" && loaded.task.id === "fixture_01")) continue;
        for (const b of e.bounds) {
          const value = v.get(b.metric) ?? null;
          const ref = e.reference ? (values.get(e.reference)!.get(b.metric) ?? null) : null;
          if (!meets(b, value, ref))
            misses.push(`${e.name} ${b.metric}=${value} (want ${describeBound(b)}, ref ${ref})`);
        }
      }
      expect(misses).toEqual([]);
    }, 120_000);
  });
}

test("flooding stays under F1 25 on the demo tasks (the fixture's policies are too short to flood)", async () => {
  for (const loaded of tasks.slice(1)) {
    const flood = (await adversarialReports(loaded)).find((a) => a.name === "flooding")!;
    const r = await evaluate(flood.report, loaded, { judge: "lexical", metrics: ["f1"] });
    expect(r.metrics.find((m) => m.metric === "f1")!.value!).toBeLessThanOrEqual(0.25);
  }
}, 120_000);

test("an empty report is applicable and 0 on every metric its task applies, so it lowers any mean it enters", async () => {
  const loaded = tasks[0]!;
  const r = await evaluate(Report.parse({ task_id: loaded.task.id }), loaded, { judge: "lexical" });
  for (const m of r.metrics)
    expect(`${m.metric}: ${metricStatus(m)} ${m.value}`).toBe(`${m.metric}: scored 0`);
});

test("a report naming another task is judged with a warning; one past the step cap is refused clearly", async () => {
  const loaded = tasks[0]!;
  const gold = goldReport(loaded);
  const r = await evaluate({ ...gold, task_id: "legal_07" }, loaded, {
    judge: "lexical",
    metrics: ["recall"],
  });
  expect(r.warnings).toEqual([
    `the report names task "legal_07" but is judged against task "${loaded.task.id}"`,
  ]);
  const huge = {
    ...gold,
    personalized_workflow: Array.from({ length: MAX_JUDGED_STEPS + 1 }, (_, i) => ({
      ...gold.personalized_workflow[0]!,
      item: i + 1,
    })),
  };
  const refused = evaluate(huge, loaded, { judge: "lexical" });
  await expect(refused).rejects.toBeInstanceOf(ReportTooLarge);
  await expect(refused).rejects.toThrow(
    `the report has ${MAX_JUDGED_STEPS + 1} steps; the judge reads at most 5000`,
  );
});

test("--explain data: aligned pairs with similarity, claims with their cited chunk, specifics credited", async () => {
  const loaded = tasks[0]!;
  const r = await evaluate(goldReport(loaded), loaded, { judge: "lexical" });
  const by = (m: MetricName) => r.explanation.metrics.find((x) => x.metric === m)!;
  const pair = by("precision").decisions[0]!;
  expect(pair.matched).toBe("WORKFLOW_STEP_1");
  expect(pair.similarity).toBeGreaterThan(0.3);
  expect(pair.title.length).toBeGreaterThan(0);
  const claim = by("factuality").decisions[0]!;
  expect(claim.evidence?.text).toContain(loaded.task.personalized_workflow[0]!.title);
  expect(claim.evidence?.support?.length).toBeGreaterThan(20);
  const credited = by("personalized_comprehensiveness").decisions.flatMap((d) => d.evidence?.credited ?? []);
  expect(credited.length).toBeGreaterThan(0);
  const conditions = by("condition_resolution");
  expect(conditions.status).toBe("scored");
});

describe("adversarial reports through the LLM judge's parsing path (scripted judge that agrees with everything)", () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer({ reply: agreeableReply });
  });
  afterAll(() => server.close());

  test("structure still decides: empty 0, echo and uncited unsupported, duplicates capped by one-to-one", async () => {
    const loaded = tasks[0]!;
    const model = createModel(`compat:${server.url}#judge-model`, { cache: null, retry: { maxRetries: 0 } });
    const wanted = ["empty", "question echo", "uncited steps", "duplicated steps", "gold"];
    const reports = (await adversarialReports(loaded)).filter((a) => wanted.includes(a.name));
    const v = await scores(loaded, reports, model);
    for (const [metric, value] of v.get("empty")!)
      expect(`empty ${metric}=${value}`).toBe(`empty ${metric}=0`);
    expect(v.get("question echo")!.get("factuality")).toBe(0);
    expect(v.get("uncited steps")!.get("factuality")).toBe(0);
    expect(v.get("duplicated steps")!.get("precision")).toBe(0.5);
    expect(v.get("duplicated steps")!.get("recall")).toBe(1);
    expect(v.get("gold")!.get("factuality")).toBe(1);
  }, 120_000);
});
