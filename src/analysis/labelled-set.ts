/**
 * @module A labelled judge-validation set on disk, in the layout of the team's `judge-validation/` folder:
 * `index.json` (suite, packet → task and report), `packets.json` (per packet the gold steps with `conditional` and the
 * predicted steps), `labels/<annotator>.json` (per packet `match`, `cr`, `pc`), `labels/factuality*.json` (per report
 * path, per step `supported`), `tasks/<suite>/<task>/` and the reports. Any set in this layout loads; a file that does
 * not fit is an error naming the file and the field.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import type { LabelledPacket, PacketLabels } from "./human-agreement.ts";

const Index = z.object({
  suite: z.string().min(1),
  packets: z.record(z.string(), z.object({ task: z.string().min(1), report: z.string().min(1) })),
});

const Packets = z.array(
  z.object({
    packet: z.string(),
    gold: z.array(z.object({ gold_step: z.number().int(), conditional: z.boolean() })),
    predicted: z.array(z.object({ pred_step: z.number().int() })),
  }),
);

/** N.5's four dimensions of one matched pair, each in 0–1 (an annotator's comprehensiveness label). */
export const ComprehensivenessDims = z.object({
  specificity: z.number().min(0).max(1),
  personalization: z.number().min(0).max(1),
  completeness: z.number().min(0).max(1),
  actionability: z.number().min(0).max(1),
});

const AnnotatorFile = z.record(
  z.string(),
  z.object({
    match: z.record(z.string(), z.number().int().nullable()),
    cr: z.record(z.string(), z.number().min(0).max(1)).default({}),
    pc: z.record(z.string(), ComprehensivenessDims).default({}),
  }),
);

const FactualityFile = z.record(
  z.string(),
  z.object({ steps: z.record(z.string(), z.object({ supported: z.union([z.literal(0), z.literal(1)]) })) }),
);

export type LabelledSet = {
  dir: string;
  suite: string;
  /** The task root to load the set's tasks from (`loadTask(tasksRoot, suite/task)`). */
  tasksRoot: string;
  packets: (LabelledPacket & { reportPath: string })[];
};

function readJson<S extends z.ZodType>(schema: S, file: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return parsed.data;
}

const numberKeys = <T>(record: Record<string, T>): Record<number, T> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [Number(k), v]));

/** Load a labelled set; `only` keeps those packets (an unknown id is an error naming the ids there are). */
export function loadLabelledSet(dir: string, only?: readonly string[]): LabelledSet {
  for (const need of ["index.json", "packets.json", "labels"])
    if (!existsSync(join(dir, need))) throw new Error(`${dir}: not a labelled set (no ${need})`);
  const index = readJson(Index, join(dir, "index.json"));
  const packets = new Map(readJson(Packets, join(dir, "packets.json")).map((p) => [p.packet, p]));
  const labelFiles = readdirSync(join(dir, "labels"))
    .filter((f) => f.endsWith(".json"))
    .sort();
  const annotators = new Map<string, z.infer<typeof AnnotatorFile>>();
  const factuality = new Map<string, z.infer<typeof FactualityFile>>();
  for (const f of labelFiles) {
    const file = join(dir, "labels", f);
    const name = basename(f, ".json");
    if (name.startsWith("factuality")) factuality.set(name, readJson(FactualityFile, file));
    else annotators.set(name, readJson(AnnotatorFile, file));
  }
  const ids = Object.keys(index.packets).sort();
  for (const id of only ?? [])
    if (!ids.includes(id))
      throw new Error(`packet ${id} is not in ${dir}/index.json (it has ${ids.join(", ")})`);
  const out: LabelledSet["packets"] = [];
  for (const id of only ? ids.filter((i) => only.includes(i)) : ids) {
    const { task, report } = index.packets[id]!;
    const p = packets.get(id);
    if (!p) throw new Error(`${dir}/packets.json: no packet ${id} (index.json names it)`);
    const labels: Record<string, PacketLabels> = {};
    for (const [name, file] of annotators) {
      const l = file[id];
      if (l) labels[name] = { match: numberKeys(l.match), cr: numberKeys(l.cr), pc: numberKeys(l.pc) };
    }
    for (const [name, file] of factuality) {
      const steps = file[report]?.steps;
      if (!steps) continue;
      const verdicts = Object.fromEntries(Object.entries(steps).map(([k, v]) => [Number(k), v.supported]));
      labels[name] = { ...(labels[name] ?? { match: {}, cr: {}, pc: {} }), factuality: verdicts };
    }
    out.push({
      id,
      task,
      source: report.split("/").slice(-2, -1)[0] ?? report,
      gold: p.gold.map((g) => ({ step: g.gold_step, conditional: g.conditional })),
      predicted: p.predicted.map((s) => s.pred_step),
      labels,
      reportPath: join(dir, report),
    });
  }
  return { dir, suite: index.suite, tasksRoot: join(dir, "tasks"), packets: out };
}
