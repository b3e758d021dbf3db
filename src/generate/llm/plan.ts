/** @module The artifact plan of a task: which evidence each file carries, its role, side and modality (seeded), and the evidence units it yields. */
import { type ArtifactRole, artifactId, type EvidenceSide, type GenericStep } from "../../core/index.ts";
import { Rng } from "../procedural/prng.ts";
import {
  type Modality,
  type ModalityConfig,
  sampleDistinctModalities,
  sampleModality,
} from "./files/modality.ts";
import type { FactTarget, StepTarget } from "./files/targets.ts";
import type { DistractorStep } from "./stages/s3-company.ts";
import type { S5Distractors, UserInsight } from "./stages/s5-user.ts";
import type { AdjacentInsights } from "./stages/s6-adjacent.ts";

export type PlannedArtifact = {
  id: string;
  role: ArtifactRole;
  side: EvidenceSide;
  modality: Modality;
  target: StepTarget | FactTarget;
  /** Evidence unit ids the file carries (all share its carrier text). */
  evidence: string[];
  /** Adjacent artifacts: index of their case. */
  caseIndex: number | null;
};

export type PlanInputs = {
  taskId: string;
  gold: readonly GenericStep[];
  companyDistractors: readonly DistractorStep[];
  userInsights: readonly UserInsight[];
  userDistractors: S5Distractors["items"];
  adjacent: readonly AdjacentInsights[];
  /** The case id of each adjacent case (from its K.19 scene), named in every artifact of the case. */
  adjacentCaseIds: readonly string[];
  modalities: ModalityConfig;
  /** Formats each adjacent fact is realized in (K.19: one scene reused across pdf, docx, chat, email). */
  adjacentFormats: number;
  seed: number;
  /** The suite's secret (keys the draws; empty: none). */
  secret?: string;
};

function stepTarget(s: {
  title: string;
  task: string;
  task_description: string;
  subtask_description?: string;
  condition_description?: string;
  prerequisite_description?: string;
}): StepTarget {
  return {
    kind: "step",
    title: s.title,
    task: s.task,
    task_description: s.task_description,
    subtask_description: s.subtask_description ?? s.condition_description ?? "",
    prerequisite_description: s.prerequisite_description ?? "",
  };
}

/** Evidence ids of a user insight: one unit per condition it resolves (`ui_3`, `ui_3_2`, …), or one when it resolves none. */
export function userInsightUnitIds(n: number, insight: UserInsight): string[] {
  const count = Math.max(1, insight.resolves.length);
  return Array.from({ length: count }, (_, k) => (k === 0 ? `ui_${n}` : `ui_${n}_${k + 1}`));
}

/** The plan, in a fixed order (company insights, user insights, company then user distractors, adjacent cases). */
export function planArtifacts(p: PlanInputs): PlannedArtifact[] {
  const rng = Rng.suite(`${p.seed}/${p.taskId}/modalities`, p.secret);
  const counters: Record<ArtifactRole, number> = { insight: 0, distractor: 0, adjacent: 0 };
  const next = (role: ArtifactRole) => artifactId(p.taskId, role, ++counters[role]);
  const out: PlannedArtifact[] = [];
  for (const s of p.gold) {
    out.push({
      id: next("insight"),
      role: "insight",
      side: "company",
      modality: sampleModality(p.modalities.company, rng, "company"),
      target: stepTarget(s),
      evidence: [`ci_${s.item}`],
      caseIndex: null,
    });
  }
  p.userInsights.forEach((u, i) => {
    out.push({
      id: next("insight"),
      role: "insight",
      side: "user",
      modality: sampleModality(p.modalities.user, rng, "user"),
      target: { kind: "fact", ...u },
      evidence: userInsightUnitIds(i + 1, u),
      caseIndex: null,
    });
  });
  p.companyDistractors.forEach((s, i) => {
    out.push({
      id: next("distractor"),
      role: "distractor",
      side: "company",
      modality: sampleModality(p.modalities.company, rng, "company"),
      target: stepTarget(s),
      evidence: [`cd_${i + 1}`],
      caseIndex: null,
    });
  });
  p.userDistractors.forEach((e, i) => {
    out.push({
      id: next("distractor"),
      role: "distractor",
      side: "user",
      modality: sampleModality(p.modalities.user, rng, "user"),
      target: { kind: "fact", ...e },
      evidence: [`ud_${i + 1}`],
      caseIndex: null,
    });
  });
  p.adjacent.forEach((c, ci) => {
    c.items.forEach((it, k) => {
      const caseId = p.adjacentCaseIds[ci];
      if (!caseId) throw new Error(`${p.taskId}: adjacent case ${ci + 1} has no scene (case id)`);
      const target: FactTarget = {
        kind: "fact",
        question: it.question,
        answer: `Case ${caseId}: ${it.answer}`,
        justification: it.justification,
        mustName: [caseId],
      };
      sampleDistinctModalities(p.modalities.user, rng, "user", p.adjacentFormats).forEach((modality, f) => {
        out.push({
          id: next("adjacent"),
          role: "adjacent",
          side: "adjacent",
          modality,
          target,
          evidence: [`ad_${ci + 1}_${k + 1}_${f + 1}`],
          caseIndex: ci,
        });
      });
    });
  });
  return out;
}
