/**
 * @module Judges against people: a judge (the lexical one, or an LLM judge through a model handle) scores every
 * labelled report of a judge-validation set (default `../shared/judge-validation`, the team's; any set in that layout,
 * `--set DIR`), and its F1, condition resolution, personalized comprehensiveness and factuality are compared with the
 * annotators' under the paper's rubrics: per metric Pearson's r, the mean absolute difference and the within-task
 * preference agreement against the annotator average; the annotators' own agreement (Fleiss' κ, pairwise); factuality
 * per step. Per packet and in total; the figures come from `humanAgreement` (src/analysis/human-agreement.ts), the
 * function the studio's campaign dashboard reports from. The judge sees the report and the task only: no label is
 * passed to it.
 *
 *   bun scripts/bench/judge-humans.ts [--judge lexical|<handle>] [--protocol per-step|batched] [--packets Q01,Q08]
 *       [--set DIR] [--timeout SECONDS] [--embedder <handle>] [--json FILE]
 */
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import {
  type HumanAgreement,
  humanAgreement,
  type JudgeScores,
  LABELLED_METRICS,
  type LabelledMetric,
} from "../../src/analysis/human-agreement.ts";
import { loadLabelledSet } from "../../src/analysis/labelled-set.ts";
import { Report } from "../../src/core/index.ts";
import { textTable } from "../../src/core/text-table.ts";
import { evaluate, Protocol } from "../../src/judge/index.ts";
import { metricLabel } from "../../src/judge/metrics/index.ts";
import { createModel } from "../../src/llm/index.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { benchArgs, type Figures, headline, intOption, usageError } from "./support/bench.ts";

const USAGE = `
bun scripts/bench/judge-humans.ts [options]
  A judge's F1, condition resolution, personalized comprehensiveness and factuality against human labels (the paper's
  rubrics F.1, N.4, N.5 and the factuality guide): per metric Pearson r, mean absolute difference (MAD) and the
  annotators' preferred report within each task, per packet and in total, with the annotators' own agreement.

  --judge <lexical|handle>   the lexical judge (default) or an LLM judge, e.g.
                             "compat:http://127.0.0.1:18950/v1#relay?structured=json_schema"
  --protocol <p>             LLM judge protocol: per-step (the paper's) or batched (default batched)
  --packets <ids>            comma-separated packet ids (default: every packet of the set)
  --set <dir>                a labelled set in the judge-validation layout (default ../shared/judge-validation
                             relative to the repository root)
  --timeout <seconds>        an LLM request's timeout (default the model layer's, 120)
  --embedder <handle>        the model that embeds claims and passages for the LLM judge's factuality ranking
                             (default DRFLOW_EMBEDDER_MODEL)
  --json <file>              also write the full comparison as JSON
  -h, --help                 this text
`;

const NAME = "judge-humans";
const values = benchArgs(NAME, USAGE, {
  judge: { type: "string", default: "lexical" },
  protocol: { type: "string", default: "batched" },
  packets: { type: "string" },
  set: { type: "string" },
  timeout: { type: "string" },
  embedder: { type: "string" },
  json: { type: "string" },
});

/** `../shared/judge-validation` beside the repository (a worktree deeper down finds the one above it). */
function defaultSet(): string {
  let dir = resolve(import.meta.dir, "../..");
  for (;;) {
    const candidate = join(dir, "..", "shared", "judge-validation");
    if (existsSync(candidate) || dirname(dir) === dir) return resolve(candidate);
    dir = dirname(dir);
  }
}
const setDir = resolve(values.set ?? defaultSet());
const protocol = Protocol.safeParse(values.protocol);
if (!protocol.success)
  usageError(NAME, USAGE, `--protocol: expected per-step or batched, got "${values.protocol}"`);
const only = values.packets
  ?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
let set: ReturnType<typeof loadLabelledSet>;
try {
  set = loadLabelledSet(setDir, only);
} catch (error) {
  usageError(NAME, USAGE, (error as Error).message);
}
const timeoutMs = values.timeout ? intOption(NAME, USAGE, "timeout", values.timeout) * 1000 : undefined;
const judgeSpec =
  values.judge === "lexical"
    ? ("lexical" as const)
    : createModel(values.judge, timeoutMs ? { timeoutMs } : {});
const embedder = values.embedder ? createModel(values.embedder, timeoutMs ? { timeoutMs } : {}) : undefined;
const judgeName = values.judge === "lexical" ? "lexical" : `llm:${protocol.data}`;

const started = performance.now();
const scores: Record<string, JudgeScores> = {};
for (const packet of set.packets) {
  const loaded = await loadTask(set.tasksRoot, `${set.suite}/${packet.task}`);
  const report = Report.parse(JSON.parse(await Bun.file(packet.reportPath).text()));
  const result = await evaluate(report, loaded, {
    judge: judgeSpec,
    protocol: protocol.data,
    metrics: [...LABELLED_METRICS],
    ...(embedder ? { llm: { embedder } } : {}),
  });
  const s: JudgeScores = {};
  for (const m of result.metrics)
    if ((LABELLED_METRICS as readonly string[]).includes(m.metric)) s[m.metric as LabelledMetric] = m.value;
  const fact = result.metrics.find((m) => m.metric === "factuality");
  s.factualitySteps = Object.fromEntries(
    (fact?.items ?? []).map((i) => [Number(i.id.split("_").pop()), i.score]),
  );
  scores[packet.id] = s;
  process.stderr.write(`  judged ${packet.id} (${packet.task}, ${packet.source})\n`);
}
const seconds = (performance.now() - started) / 1000;
const agreement: HumanAgreement = humanAgreement(set.packets, { [judgeName]: scores });

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : (x * 100).toFixed(1));
const num = (x: number | null | undefined, digits = 3) =>
  x === null || x === undefined ? "—" : x.toFixed(digits);
const short = Object.fromEntries(LABELLED_METRICS.map((m) => [m, metricLabel(m).short])) as Record<
  LabelledMetric,
  string
>;

console.log(
  `${judgeName} judge against the annotators on ${set.packets.length} packets of ${setDir} (suite ${set.suite}); judged in ${seconds.toFixed(1)} s`,
);
console.log(
  textTable(
    [
      "packet",
      "task",
      "report",
      ...LABELLED_METRICS.flatMap((m) => [
        `human ${short[m]}`,
        `${judgeName === "lexical" ? "lexical" : "llm"} ${short[m]}`,
      ]),
    ],
    agreement.packets.map((r) => [
      r.id,
      r.task,
      r.source ?? "",
      ...LABELLED_METRICS.flatMap((m) => [pct(r.human[m]), pct(r.judges[judgeName]?.[m])]),
    ]),
    { right: (i) => i >= 3 },
  ),
);

console.log("\nagainst the annotator average (total):");
console.log(
  textTable(
    ["metric", "n", "Pearson r", "MAD", "preferred report (within task)"],
    LABELLED_METRICS.map((m) => {
      const a = agreement.metrics[m][judgeName]!;
      return [
        metricLabel(m).long,
        String(a.n),
        num(a.pearson),
        num(a.meanAbsoluteDifference),
        a.preference.pairs ? `${a.preference.agree} of ${a.preference.pairs}` : "no strict preference",
      ];
    }),
    { right: (i) => i >= 1 && i <= 3 },
  ),
);
const steps = agreement.factualitySteps[judgeName]!;
console.log(
  `factuality per step: ${steps.agree} of ${steps.steps} verdicts agree with the annotator${steps.kappa === null ? "" : ` (Cohen's κ ${num(steps.kappa, 2)})`}`,
);

const ann = agreement.annotators;
console.log(`\nannotators (${ann.annotators.join(", ")}):`);
console.log(
  `  step matching: Fleiss' κ ${num(ann.match.kappa)} on ${ann.match.subjects} decisions; pairwise ${ann.match.pairwise.map((p) => `${p.a}/${p.b} ${pct(p.agreement)}%`).join(", ")}`,
);
console.log(
  `  condition resolution: Fleiss' κ ${num(ann.conditionResolution.kappa)} on ${ann.conditionResolution.subjects} steps; pairwise ${ann.conditionResolution.pairwise.map((p) => `${p.a}/${p.b} ${pct(p.agreement)}%`).join(", ")}`,
);
console.log(
  `  comprehensiveness: mean pairwise |difference| ${ann.comprehensiveness.pairs.map((p) => `${p.a}/${p.b} ${num(p.meanAbsoluteDifference)}`).join(", ")}`,
);
if (ann.factuality.subjects > 0)
  console.log(
    `  factuality: ${ann.factuality.pairwise.length ? `Fleiss' κ ${num(ann.factuality.kappa)} on ${ann.factuality.subjects} steps` : `one annotator, ${ann.factuality.subjects} steps`}`,
  );

if (values.json) writeFileSync(values.json, `${JSON.stringify(agreement, null, 2)}\n`);

const figures: Figures = { packets: set.packets.length, seconds: Math.round(seconds * 10) / 10 };
const parts: string[] = [];
for (const m of LABELLED_METRICS) {
  const a = agreement.metrics[m][judgeName]!;
  figures[`${m}_pearson`] = a.pearson === null ? null : Math.round(a.pearson * 1000) / 1000;
  figures[`${m}_mad`] =
    a.meanAbsoluteDifference === null ? null : Math.round(a.meanAbsoluteDifference * 1000) / 1000;
  figures[`${m}_preferred`] = a.preference.pairs ? `${a.preference.agree}/${a.preference.pairs}` : null;
  parts.push(
    `${short[m]} r ${num(a.pearson, 2)} MAD ${num(a.meanAbsoluteDifference, 3)}${a.preference.pairs ? ` pref ${a.preference.agree}/${a.preference.pairs}` : ""}`,
  );
}
headline(NAME, `${judgeName} vs annotators on ${set.packets.length} packets: ${parts.join("; ")}`, figures);
