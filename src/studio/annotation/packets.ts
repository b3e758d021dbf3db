/**
 * @module A campaign's labels as labelled packets, the shape the human-agreement bench reads from a judge-validation
 * set (`src/analysis/labelled-set.ts`): per workflow its gold steps (conditional or not), its predicted steps and every
 * annotator's labels (matching, condition resolution by gold step, comprehensiveness and factuality by predicted
 * step), with each judge's stored scores. The dashboard hands them to `humanAgreement`, the function the bench
 * reports from, so a campaign's figures are the bench's for the same labels.
 */
import type { JudgeScores, LabelledPacket, PacketLabels } from "../../analysis/human-agreement.ts";
import type { LabelRow } from "./store.ts";
import type { CampaignWorkflow } from "./workflows.ts";

export type CampaignPackets = {
  packets: LabelledPacket[];
  /** Judge name → workflow item → what that judge scored. */
  judges: Record<string, Record<string, JudgeScores>>;
};

export function campaignPackets(
  workflows: readonly CampaignWorkflow[],
  labels: readonly LabelRow[],
): CampaignPackets {
  const packets: LabelledPacket[] = [];
  const judges: CampaignPackets["judges"] = {};
  for (const w of workflows) {
    if (w.problem) continue;
    const byAnnotator: Record<string, PacketLabels> = {};
    for (const l of labels.filter((x) => x.item_id === w.item)) {
      const mine = byAnnotator[l.annotator_id] ?? { match: {}, cr: {}, pc: {}, factuality: {} };
      byAnnotator[l.annotator_id] = mine;
      mine.match[l.step] = l.gold_step;
      if (l.gold_step !== null && l.cr !== null) mine.cr[l.gold_step] = l.cr;
      if (l.gold_step !== null && l.pc !== null) mine.pc[l.step] = l.pc;
      if (l.supported !== null) mine.factuality![l.step] = l.supported;
    }
    packets.push({
      id: w.item,
      task: w.task,
      source: w.agent,
      gold: w.gold.map((g) => ({ step: g.item, conditional: g.condition !== null })),
      predicted: w.predicted.map((_, i) => i + 1),
      labels: byAnnotator,
    });
    for (const [name, scores] of Object.entries(w.scores)) {
      judges[name] = { ...judges[name], [w.item]: scores };
    }
  }
  return { packets, judges };
}
