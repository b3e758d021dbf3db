/**
 * @module The independent agreement set: reports the judge was not derived from (hand-written in varied styles, and an
 * offline agent's report), with alignment labels written by hand in `independent/labels.json` (who labelled what, and
 * how, is stated there). Used by `independent.test.ts` and `scripts/bench/judge.ts`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { evaluate } from "../../src/judge/index.ts";
import type { EvaluationResult } from "../../src/judge/result.ts";
import { type LoadedTask, loadTask } from "../../src/store/task-store.ts";
import { loadFixtureTask } from "./fixture.ts";

const DIR = join(import.meta.dir, "independent");
/**
 * The demo tasks the reports were written and labelled on, pinned as they were then (tasks/demo at ec9abd2): the demo
 * suite is regenerated as the generator changes, and the labels name golden steps of these versions.
 */
export const INDEPENDENT_TASK_ROOT = join(import.meta.dir, "../fixtures/independent-tasks");

export const LabelFile = z.object({
  about: z.string().min(1),
  reports: z.array(
    z.object({
      file: z.string().min(1),
      task: z.string().min(1),
      style: z.string(),
      /** predicted item → golden item, or null when the step performs no golden step. */
      labels: z.record(z.string(), z.number().int().nullable()),
    }),
  ),
});

export type LabelledReport = {
  file: string;
  style: string;
  loaded: LoadedTask;
  text: string;
  labels: Map<number, number | null>;
};

export async function independentReports(root = INDEPENDENT_TASK_ROOT): Promise<LabelledReport[]> {
  const file = LabelFile.parse(JSON.parse(await readFile(join(DIR, "labels.json"), "utf8")));
  const out: LabelledReport[] = [];
  for (const r of file.reports) {
    const loaded = r.task === "fixture_01" ? await loadFixtureTask() : await loadTask(root, `demo/${r.task}`);
    out.push({
      file: r.file,
      style: r.style,
      loaded,
      text: await readFile(join(DIR, r.file), "utf8"),
      labels: new Map(Object.entries(r.labels).map(([k, v]) => [Number(k), v])),
    });
  }
  return out;
}

const stepOf = (id: string | null) => (id === null ? null : Number(id.split("_").pop()));

/** Alignment decisions (precision and recall) that agree with the labels. */
export function labelAgreement(
  result: EvaluationResult,
  labels: ReadonlyMap<number, number | null>,
): { agree: number; total: number; disagreements: string[] } {
  const inverse = new Map<number, number>();
  for (const [pred, gold] of labels) if (gold !== null) inverse.set(gold, pred);
  const disagreements: string[] = [];
  let agree = 0;
  const check = (source: string, aligned: string | null, want: number | null) => {
    if (stepOf(aligned) === want) agree++;
    else disagreements.push(`${source} → ${aligned ?? "none"} (label: ${want ?? "none"})`);
  };
  for (const a of result.alignment.precision)
    check(a.source, a.aligned, labels.get(stepOf(a.source)!) ?? null);
  for (const a of result.alignment.recall) check(a.source, a.aligned, inverse.get(stepOf(a.source)!) ?? null);
  return { agree, total: result.alignment.precision.length + result.alignment.recall.length, disagreements };
}

/** Judge every labelled report with the lexical judge; agreement per report. */
export async function independentAgreement(root = INDEPENDENT_TASK_ROOT) {
  const rows = [];
  for (const r of await independentReports(root)) {
    const result = await evaluate(r.text, r.loaded, { judge: "lexical", metrics: ["precision", "recall"] });
    rows.push({
      file: r.file,
      style: r.style,
      problems: result.problems.length,
      ...labelAgreement(result, r.labels),
    });
  }
  return rows;
}
