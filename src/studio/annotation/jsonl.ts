/**
 * @module A campaign's labels as JSONL (one `LabelLine` per line) and its adjudications (one `AdjudicationLine` per
 * line): export, and the labels' import checked line by line against
 * the campaign (its annotators, runs, each run's predicted and gold steps, the one-to-one rule) before anything is
 * written. Errors name the line and the field.
 */
import { type AdjudicationLine, LabelLine } from "./schema.ts";
import type { AdjudicationRow, AnnotatorRow, LabelRow, NewLabel } from "./store.ts";
import type { CampaignWorkflow } from "./workflows.ts";

export class LabelImportError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `labels not imported (nothing was written): ${problems.length} problem${problems.length === 1 ? "" : "s"}\n${problems.join("\n")}`,
    );
  }
}

/** At most this many problems are listed. */
const MAX_PROBLEMS = 50;

/** A campaign's adjudications as JSONL, one final decision a line, with each annotator's own choice beside it. */
export function exportAdjudications(
  campaignId: string,
  adjudications: readonly AdjudicationRow[],
  labels: readonly LabelRow[],
  annotators: readonly AnnotatorRow[],
  workflows: readonly CampaignWorkflow[],
): string {
  const names = new Map(annotators.map((a) => [a.id, a.name]));
  const byItem = new Map(workflows.map((w) => [w.item, w]));
  return adjudications
    .map((a) => {
      const w = byItem.get(a.item_id);
      const line: AdjudicationLine = {
        campaign: campaignId,
        run: w?.runId ?? "",
        task: w?.task ?? "",
        agent: w?.agent ?? "",
        step: a.step,
        gold: a.gold_step,
        adjudicator: a.adjudicator,
        note: a.note,
        updated_at: a.updated_at,
        annotators: Object.fromEntries(
          labels
            .filter((l) => l.item_id === a.item_id && l.step === a.step)
            .map((l) => [names.get(l.annotator_id) ?? l.annotator_id, l.gold_step]),
        ),
      };
      return `${JSON.stringify(line)}\n`;
    })
    .join("");
}

export function exportLabels(
  campaignId: string,
  labels: readonly LabelRow[],
  annotators: readonly AnnotatorRow[],
  workflows: readonly CampaignWorkflow[],
): string {
  const names = new Map(annotators.map((a) => [a.id, a.name]));
  const byItem = new Map(workflows.map((w) => [w.item, w]));
  return labels
    .map((l) => {
      const w = byItem.get(l.item_id);
      const line: LabelLine = {
        campaign: campaignId,
        annotator: l.annotator_id,
        annotator_name: names.get(l.annotator_id) ?? "",
        run: w?.runId ?? "",
        task: w?.task ?? "",
        agent: w?.agent ?? "",
        step: l.step,
        gold: l.gold_step,
        note: l.note,
        updated_at: l.updated_at,
        cr: l.cr as LabelLine["cr"],
        pc: l.pc,
        supported: l.supported as LabelLine["supported"],
      };
      return `${JSON.stringify(line)}\n`;
    })
    .join("");
}

/**
 * Why a step's metric labels do not fit its decision, or null: condition resolution and comprehensiveness are labels of
 * a matched pair, and condition resolution only of a pair whose gold step is conditional.
 */
export function scoresProblem(
  l: { gold: number | null; cr?: number | null; pc?: unknown },
  w: Pick<CampaignWorkflow, "gold">,
): string | null {
  if ((l.cr ?? null) === null && (l.pc ?? null) === null) return null;
  if (l.gold === null)
    return "cr/pc: condition resolution and comprehensiveness are labels of a matched pair; this step is unmatched";
  const gold = w.gold.find((g) => g.item === l.gold);
  if ((l.cr ?? null) !== null && !gold?.condition)
    return `cr: gold step ${l.gold} is not conditional (condition resolution scores conditional gold steps only)`;
  return null;
}

/** Parse and check an import; returns the labels to write or throws `LabelImportError` naming each bad line. */
export function parseLabelImport(
  text: string,
  campaignId: string,
  annotators: readonly AnnotatorRow[],
  workflows: readonly CampaignWorkflow[],
): NewLabel[] {
  const problems: string[] = [];
  const known = new Set(annotators.map((a) => a.id));
  const byRun = new Map(workflows.map((w) => [w.runId, w]));
  const out: NewLabel[] = [];
  const seen = new Map<string, number>();
  const goldHeld = new Map<string, { line: number; step: number }>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && problems.length < MAX_PROBLEMS; i++) {
    const raw = lines[i]!.trim();
    if (raw === "") continue;
    const n = i + 1;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      problems.push(`line ${n}: not JSON (expected one label object per line)`);
      continue;
    }
    const parsed = LabelLine.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`line ${n}: ${issue.path.join(".") || "(line)"}: ${issue.message}`);
      continue;
    }
    const l = parsed.data;
    if (l.campaign !== campaignId) {
      problems.push(`line ${n}: campaign: "${l.campaign}" is not this campaign (${campaignId})`);
      continue;
    }
    if (!known.has(l.annotator)) {
      problems.push(`line ${n}: annotator: no annotator "${l.annotator}" in this campaign`);
      continue;
    }
    const w = byRun.get(l.run);
    if (!w) {
      problems.push(`line ${n}: run: run "${l.run}" is not part of this campaign`);
      continue;
    }
    if (l.step > w.predicted.length) {
      problems.push(`line ${n}: step: the run has ${w.predicted.length} predicted steps, got step ${l.step}`);
      continue;
    }
    if (l.gold !== null && !w.gold.some((g) => g.item === l.gold)) {
      problems.push(
        `line ${n}: gold: task ${w.task} has no gold step ${l.gold} (gold steps: ${w.gold.map((g) => g.item).join(", ")})`,
      );
      continue;
    }
    const pairProblem = scoresProblem(l, w);
    if (pairProblem) {
      problems.push(`line ${n}: ${pairProblem}`);
      continue;
    }
    const key = `${l.annotator}\u0000${w.item}\u0000${l.step}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(
        `line ${n}: step: annotator ${l.annotator} already labelled step ${l.step} of run ${l.run} on line ${earlier}`,
      );
      continue;
    }
    seen.set(key, n);
    if (l.gold !== null) {
      const goldKey = `${l.annotator}\u0000${w.item}\u0000${l.gold}`;
      const held = goldHeld.get(goldKey);
      if (held) {
        problems.push(
          `line ${n}: gold: gold step ${l.gold} is already matched to step ${held.step} of run ${l.run} on line ${held.line} (one to one)`,
        );
        continue;
      }
      goldHeld.set(goldKey, { line: n, step: l.step });
    }
    out.push({
      annotator_id: l.annotator,
      item_id: w.item,
      step: l.step,
      gold_step: l.gold,
      note: l.note,
      updated_at: l.updated_at,
      cr: l.cr,
      pc: l.pc,
      supported: l.supported,
    });
  }
  if (problems.length) throw new LabelImportError(problems);
  return out;
}
