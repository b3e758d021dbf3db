/** @module Assemble the task folder from the stage outputs and realized artifacts: task.json (evidence texts are the carriers, verbatim), the manifest and the rendered files. */
import {
  type AdjacentCase,
  type ArtifactEntry,
  type ArtifactManifest,
  type EvidenceUnit,
  type GenericStep,
  type Person,
  type PersonalizedStep,
  secretDigest,
  Task,
} from "../../core/index.ts";
import type { TaskFile } from "../../store/task-store.ts";
import { realize } from "../realize/index.ts";
import type { Realized } from "./files/context.ts";
import type { Modality } from "./files/modality.ts";
import type { PlannedArtifact } from "./plan.ts";
import type { SeedRecord } from "./stages/s1-seeds.ts";
import { toTaskSeed } from "./stages/s1-seeds.ts";
import type { Contexts } from "./stages/s2-contexts.ts";
import type { UserInsight } from "./stages/s5-user.ts";
import type { AdjacentQuestions, Scene } from "./stages/s6-adjacent.ts";

const FOLDER: Record<"company" | "user", Partial<Record<Modality, string>>> = {
  company: { pdf: "drive", docx: "drive", md: "drive" },
  user: { pdf: "files", docx: "files", md: "files", chat: "chat", email: "email" },
};
const APP = { drive: "drive", files: "files", chat: "chat", email: "email" } as const;
const EXT: Record<Modality, string> = { pdf: "pdf", docx: "docx", md: "md", chat: "json", email: "eml" };
const FORMAT = { pdf: "pdf", docx: "docx", md: "md", chat: "chat", email: "eml" } as const;

export type AssemblyInputs = {
  seed: SeedRecord;
  contexts: Contexts;
  gold: GenericStep[];
  personalized: PersonalizedStep[];
  userInsights: readonly UserInsight[];
  adjacentQuestions: AdjacentQuestions | null;
  scenes: readonly Scene[];
  plan: readonly PlannedArtifact[];
  realized: ReadonlyMap<string, Realized>;
  generatorSeed: number;
  /** The suite's secret: only its digest is recorded (provenance). */
  secret?: string;
};

function evidenceUnits(a: PlannedArtifact, carrier: string, inputs: AssemblyInputs): EvidenceUnit[] {
  const base = { role: a.role, side: a.side, text: carrier };
  const t = a.target;
  const qa =
    t.kind === "fact" ? { question: t.question, answer: t.answer, justification: t.justification } : {};
  if (a.role === "insight" && a.side === "company") {
    const item = Number(a.evidence[0]!.slice(3));
    return [
      {
        ...base,
        id: a.evidence[0]!,
        question: "",
        answer: "",
        justification: "",
        supports_steps: [item],
        resolves_conditions: [],
        selects_branch: null,
        case_id: null,
      },
    ];
  }
  if (a.role === "insight" && a.side === "user") {
    const insight = inputs.userInsights.find(
      (u) => t.kind === "fact" && u.answer === t.answer && u.question === t.question,
    );
    const resolutions = insight?.resolves ?? [];
    return a.evidence.map((id, k) => {
      const r = resolutions[k];
      const step = r ? inputs.gold.find((g) => g.condition?.id === r.condition) : undefined;
      return {
        ...base,
        ...qa,
        id,
        supports_steps: step ? [step.item] : [],
        resolves_conditions: r ? [r.condition] : [],
        selects_branch: r ? r.branch : null,
        case_id: null,
      } as EvidenceUnit;
    });
  }
  const caseId = a.caseIndex !== null ? (inputs.scenes[a.caseIndex]?.case_id ?? null) : null;
  return a.evidence.map(
    (id) =>
      ({
        ...base,
        ...qa,
        id,
        question: qa.question ?? "",
        answer: qa.answer ?? "",
        justification: qa.justification ?? "",
        supports_steps: [],
        resolves_conditions: [],
        selects_branch: null,
        case_id: caseId,
      }) as EvidenceUnit,
  );
}

/** Build task.json, the manifest and the files; every artifact's bytes come from the shared writers in `realize/`. */
export async function assembleTask(
  inputs: AssemblyInputs,
): Promise<{ task: Task; manifest: ArtifactManifest; files: TaskFile[] }> {
  const taskId = inputs.seed.task_id;
  const entries: ArtifactEntry[] = [];
  const files: TaskFile[] = [];
  const evidence: EvidenceUnit[] = [];
  const usedPaths = new Set<string>();
  const people = new Map<string, Person>();
  const channels = new Set<string>();
  const addPerson = (p: { name: string; email: string; username: string; role: string }) => {
    const key = p.email.toLowerCase();
    if (!people.has(key))
      people.set(key, { name: p.name || p.username, email: p.email, username: p.username, role: p.role });
  };
  /** The name task.json lists for a name, username or email (the first registration of a person wins). */
  const personName = (who: string): string => {
    const key = who.toLowerCase();
    for (const p of people.values())
      if (p.email.toLowerCase() === key || p.username === who || p.name === who) return p.name;
    return who;
  };
  const s = inputs.seed;
  addPerson({
    name: s.user_name,
    email: s.user_email,
    username: s.user_email.split("@")[0]!.toLowerCase(),
    role: s.user_role,
  });
  addPerson({
    name: s.company_persona,
    email: s.company_persona_email,
    username: s.company_persona_email.split("@")[0]!.toLowerCase(),
    role: s.company_persona_role,
  });
  for (const a of inputs.plan) {
    const r = inputs.realized.get(a.id);
    if (!r) throw new Error(`${taskId}: artifact ${a.id} was planned but not realized`);
    const folder = FOLDER[a.side === "company" ? "company" : "user"][r.modality]!;
    let path = `${folder}/${r.stem}.${EXT[r.modality]}`;
    for (let k = 2; usedPaths.has(path); k++) path = `${folder}/${r.stem}-${k}.${EXT[r.modality]}`;
    usedPaths.add(path);
    for (const p of r.people) addPerson(p);
    files.push({ path: `artifacts/${path}`, bytes: await realize(r.content, FORMAT[r.modality]) });
    entries.push({
      id: a.id,
      role: a.role,
      side: a.side,
      app: APP[folder as keyof typeof APP],
      format: FORMAT[r.modality],
      path,
      title: r.title,
      evidence: a.evidence,
      author: personName(r.author),
      date: r.date,
    });
    evidence.push(...evidenceUnits(a, r.carrier, inputs));
    for (const c of r.channels) channels.add(c);
  }
  const adjacent_cases: AdjacentCase[] = (inputs.adjacentQuestions?.drs ?? []).map((d, ci) => {
    const scene = inputs.scenes[ci]!;
    return {
      case_id: scene.case_id,
      question: d.dr_question,
      // K.18 profiles a case without naming its subject; the case is identified by its id.
      subject: `case ${scene.case_id}`,
      cast: scene.cast.map((c) => `${c.first_name} ${c.last_name}`),
      timeline_anchor: scene.timeline_anchor,
      evidence: evidence.filter((e) => e.case_id === scene.case_id).map((e) => e.id),
    };
  });
  const task = Task.parse({
    id: taskId,
    kind: "drflow",
    seed: toTaskSeed(inputs.seed),
    generic_context: inputs.contexts.generic_context,
    personal_context: inputs.contexts.personal_context,
    people: [...people.values()],
    channels: [...channels],
    generic_workflow: inputs.gold,
    personalized_workflow: inputs.personalized,
    evidence,
    adjacent_cases,
    provenance: {
      generator: "llm",
      family: inputs.seed.domain,
      seed: inputs.generatorSeed,
      version: "1",
      ...(inputs.secret ? { secret_digest: secretDigest(inputs.secret) } : {}),
    },
  });
  return { task, manifest: { task_id: taskId, artifacts: entries }, files };
}
