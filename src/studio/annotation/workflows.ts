/**
 * @module What a campaign annotates, read from the run store and the tasks: per item its run, the task's gold steps,
 * the judged predicted steps and each judge's F1; and the order one annotator sees them in (tasks, then a task's
 * workflows, shuffled by a seed derived from campaign and annotator, so the order is stable for them and tells
 * nothing about the agent).
 */
import { createHash } from "node:crypto";
import { type JudgeScores, LABELLED_METRICS, type LabelledMetric } from "../../analysis/human-agreement.ts";
import type { ReportStep, RunRecord } from "../../core/index.ts";
import { seededRandom, shuffled } from "../../core/random.ts";
import { type GoldStep, goldSteps } from "../../judge/gold.ts";
import { predStepId } from "../../judge/metrics/precision.ts";
import { judgedSteps } from "../../judge/predicted.ts";
import type { StudioContext } from "../context.ts";
import type { ItemRow } from "./store.ts";

export type JudgeF1 = { name: string; lexical: boolean; f1: number };

export type CampaignWorkflow = {
  item: string;
  runId: string;
  /** The run's task ref (`suite/task`) and agent spec; "" when the run is gone. */
  task: string;
  agent: string;
  run: RunRecord | null;
  question: string;
  gold: GoldStep[];
  predicted: ReportStep[];
  /** F1 of each judge that scored the run (one entry per judge name). */
  judges: JudgeF1[];
  /**
   * Per judge, what it scored on the labelled metrics (F1, condition resolution, comprehensiveness, factuality) and its
   * factuality verdict per predicted step (keyed by position, as the labels are).
   */
  scores: Record<string, JudgeScores>;
  /** Why the workflow cannot be annotated (run, report or task missing), else null. */
  problem: string | null;
};

/** A judge as the dashboard names it: `lexical`, or `llm:<model>`. */
export function judgeName(judge: { judge: string; model: string }): string {
  return judge.model ? `${judge.judge}:${judge.model}` : judge.judge;
}

export async function campaignWorkflows(
  ctx: StudioContext,
  items: readonly ItemRow[],
): Promise<CampaignWorkflow[]> {
  const out: CampaignWorkflow[] = [];
  for (const item of items) {
    const run = await ctx.store.getRun(item.run_id);
    const base = {
      item: item.id,
      runId: item.run_id,
      question: "",
      gold: [],
      predicted: [],
      judges: [],
      scores: {},
    };
    if (!run) {
      out.push({
        ...base,
        task: "",
        agent: "",
        run: null,
        problem: `run ${item.run_id} is no longer in the store`,
      });
      continue;
    }
    const report = await ctx.store.getReport(run.id);
    const task = await ctx.task(run.task);
    const predicted = report ? judgedSteps(report) : [];
    const position = new Map(predicted.map((s, i) => [predStepId(s.item), i + 1]));
    const judges = new Map<string, JudgeF1>();
    const scores: Record<string, JudgeScores> = {};
    for (const m of await ctx.store.metrics({ run: run.id })) {
      const metric = m.result.metric as LabelledMetric;
      if (!LABELLED_METRICS.includes(metric)) continue;
      const name = judgeName(m.result.judge);
      const s = scores[name] ?? {};
      scores[name] = s;
      s[metric] = m.result.value;
      if (metric === "f1" && m.result.value !== null)
        judges.set(name, { name, lexical: m.result.judge.protocol === "lexical", f1: m.result.value });
      if (metric === "factuality")
        s.factualitySteps = Object.fromEntries(
          m.result.items.flatMap((i) => (position.has(i.id) ? [[position.get(i.id)!, i.score]] : [])),
        );
    }
    out.push({
      item: item.id,
      runId: run.id,
      task: run.task,
      agent: run.agent,
      run,
      question: task?.task.seed.question ?? "",
      gold: task ? goldSteps(task.task) : [],
      predicted,
      judges: [...judges.values()],
      scores,
      problem: !report
        ? `run ${run.id} has no report`
        : !task
          ? `task ${run.task} is not in the tasks folder`
          : null,
    });
  }
  return out;
}

/** The seed of an annotator's order: the first 32 bits of SHA-256(campaign, annotator). */
function orderSeed(campaignId: string, annotatorId: string): number {
  return createHash("sha256").update(`${campaignId}\u0000${annotatorId}`).digest().readUInt32BE(0);
}

/** The workflows in the order this annotator sees them: tasks shuffled, then each task's workflows shuffled. */
export function annotatorOrder<W extends { item: string; task: string }>(
  campaignId: string,
  annotatorId: string,
  workflows: readonly W[],
): W[] {
  const random = seededRandom(orderSeed(campaignId, annotatorId));
  const byTask = new Map<string, W[]>();
  for (const w of [...workflows].sort((a, b) => a.item.localeCompare(b.item))) {
    const list = byTask.get(w.task) ?? [];
    list.push(w);
    byTask.set(w.task, list);
  }
  const tasks = shuffled([...byTask.keys()].sort(), random);
  return tasks.flatMap((t) => shuffled(byTask.get(t)!, random));
}
