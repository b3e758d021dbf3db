/** @module The offline `procedural` generator: one seeded task (S1–S6) with its planned artifacts, truth known by construction. */
import type {
  AppName,
  ArtifactEntry,
  ArtifactFormat,
  ArtifactManifest,
  ArtifactRole,
  Domain,
  EvidenceSide,
  EvidenceUnit,
  Task,
} from "../../core/index.ts";
import { artifactId } from "../../core/index.ts";
import type {
  ArtifactContent,
  ChatContent,
  DocumentContent,
  EmailContent,
  Section,
} from "../realize/content.ts";
import {
  anchorDate,
  type CaseProfile,
  DAY_MS,
  drawCase,
  isoDate,
  type Member,
  NameDraw,
  spokenDate,
} from "./cast.ts";
import { DOMAINS } from "./domains/index.ts";
import { FAMILIES } from "./families/index.ts";
import type { BranchSpec, FamilySpec } from "./family.ts";
import { hash32, Rng } from "./prng.ts";
import { fill, phrase, sentence } from "./template.ts";
import {
  ADJACENT_INTROS,
  ADJACENT_STATUS,
  CHAT_ACKS,
  CHAT_ASKS,
  CHAT_OPENERS,
  CHAT_SMALL_TALK,
  EMAIL_ASKS,
  EMAIL_CLOSERS,
  EMAIL_GREETINGS,
  GENERIC_FILLERS,
  NOTE_TODOS,
} from "./voice.ts";
import { genericSteps, type PlacedStep, personalizedSteps, selectSteps, stepParagraph } from "./workflow.ts";

export const GENERATOR_VERSION = "1";
/** Adjacent artifacts per look-alike case (two cases → the paper's 24 mixed documents). */
export const ADJACENT_PER_CASE = 12;

export type PlannedArtifact = { entry: ArtifactEntry; content: ArtifactContent };
export type GeneratedTask = { task: Task; manifest: ArtifactManifest; artifacts: PlannedArtifact[] };
export type ProceduralOptions = { taskId: string; domain: Domain; seed: number; family?: string };

type Carrier = "email" | "chat" | "md" | "docx";

/** Families of a domain, in declaration order. */
export function familiesOf(domain: Domain): FamilySpec[] {
  return FAMILIES.filter((f) => f.domain === domain);
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "file"
  );
}

/** Generate one task: seed, contexts, gold workflows, evidence units, adjacent cases and every artifact's content. */
export function generateProceduralTask(options: ProceduralOptions): GeneratedTask {
  const { taskId, domain, seed } = options;
  const root = new Rng(`procedural/${GENERATOR_VERSION}/${seed}/${taskId}`);
  const candidates = familiesOf(domain);
  const family = options.family
    ? candidates.find((f) => f.id === options.family)
    : candidates.length > 0
      ? root.fork("family").pick(candidates)
      : undefined;
  if (!family) {
    throw new Error(
      `no workflow family "${options.family ?? ""}" in domain ${domain}; expected one of ${candidates.map((f) => f.id).join(", ")}`,
    );
  }
  return new TaskBuilder(taskId, family, seed, root).build();
}

/** Slots of a template that are case variables (not the shared subject, case id, people or date slots). */
function caseSlots(template: string): Set<string> {
  const common = new Set([
    "subject",
    "subject_first",
    "subject_last",
    "subject_ref",
    "subject_kind",
    "case_id",
    "date",
    "user",
    "user_first",
    "colleague",
    "company",
  ]);
  return new Set([...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!).filter((k) => !common.has(k)));
}

/** Share of case evidence that also spells out the deciding fact in the policy's terms (the rest must be inferred). */
export const CUE_RATE = 0.75;

/**
 * A colleague's sentence about the case, and usually the policy-term reading of it ("…, so the patient has received
 * sedating medication in the last four hours"), so a careful reader can match it to the branch.
 */
function withCue(rng: Rng, evidence: string, when: string): string {
  if (!rng.chance(CUE_RATE)) return sentence(evidence);
  const e = phrase(evidence);
  return rng.pick([
    `${e}, so ${when}.`,
    `${e}, which means ${when}.`,
    `${sentence(e)} In other words, ${when}.`,
  ]);
}

/** Draw the case variables that selected branches constrain (an amount above a threshold, a seat count…). */
function constrain(c: CaseProfile, branches: Iterable<BranchSpec>, rng: Rng): void {
  for (const b of branches)
    for (const [key, values] of Object.entries(b.set ?? {})) c.vars[key] = rng.pick(values);
}

/**
 * Pick one branch per condition. A condition that `follows` another takes the branch its leader's branch maps to, so a
 * case never holds facts that contradict each other. With `differFrom`, at least one free decision differs from it.
 */
function chooseBranches(
  conditional: readonly PlacedStep[],
  rng: Rng,
  differFrom?: ReadonlyMap<string, BranchSpec>,
): Map<string, BranchSpec> {
  const out = new Map<string, BranchSpec>();
  const free = conditional.map((p) => p.spec.condition!).filter((c) => !c.follows);
  for (const c of free) out.set(c.id, rng.pick(c.branches));
  if (differFrom && free.length > 0 && free.every((c) => out.get(c.id) === differFrom.get(c.id))) {
    const flip = rng.pick(free);
    out.set(flip.id, flip.branches.find((b) => b !== differFrom.get(flip.id))!);
  }
  for (const p of conditional) {
    const c = p.spec.condition!;
    if (!c.follows) continue;
    const leader = out.get(c.follows.condition);
    const target = leader ? c.follows.branches[leader.id] : undefined;
    const branch = target ? c.branches.find((b) => b.id === target) : rng.pick(c.branches);
    if (!branch)
      throw new Error(
        `condition ${c.id}: follows ${c.follows.condition} but maps to unknown branch "${target}"`,
      );
    out.set(c.id, branch);
  }
  return out;
}

class TaskBuilder {
  private readonly dom;
  private readonly company;
  private readonly user: Member;
  private readonly persona: Member;
  private readonly colleagues: Member[];
  private readonly anchor: number;
  private readonly userCase: CaseProfile;
  private readonly adjacent: CaseProfile[];
  private readonly evidence: EvidenceUnit[] = [];
  private readonly artifacts: PlannedArtifact[] = [];
  private readonly counters: Record<ArtifactRole, number> = { insight: 0, distractor: 0, adjacent: 0 };
  private readonly usedPaths = new Set<string>();
  private messageCount = 0;

  constructor(
    private readonly taskId: string,
    private readonly family: FamilySpec,
    private readonly seed: number,
    private readonly rng: Rng,
  ) {
    this.dom = DOMAINS[family.domain];
    const fitting = this.dom.companies.filter((c) => !family.companies || family.companies.includes(c.name));
    if (fitting.length === 0)
      throw new Error(`family ${family.id}: none of its companies is in domain ${family.domain}`);
    this.company = rng.fork("company").pick(fitting);
    const names = new NameDraw(rng.fork("names"));
    this.user = names.member(family.user.role, this.company.domain);
    this.persona = names.member(family.persona.role, this.company.domain);
    this.colleagues = rng
      .fork("colleague-roles")
      .sample(this.dom.colleagueRoles, 4)
      .map((role) => names.member(role, this.company.domain));
    this.anchor = anchorDate(rng.fork("calendar"));
    const orgs = family.organizations ? rng.fork("organizations").sample(family.organizations, 3) : [];
    this.userCase = drawCase(family, names, rng.fork("case/user"), this.anchor, orgs[0]);
    this.adjacent = [1, 2].map((k) =>
      drawCase(family, names, rng.fork(`case/adjacent-${k}`), this.anchor + k * 3 * DAY_MS, orgs[k]),
    );
  }

  private vars(
    c: CaseProfile,
    colleague: Member,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    return {
      ...c.vars,
      subject: c.subject,
      subject_first: c.subjectFirst,
      subject_last: c.subjectLast,
      subject_ref: c.subjectRef,
      subject_kind: this.family.subjectKind,
      case_id: c.caseId,
      date: spokenDate(c.eventMs),
      user: this.user.name,
      user_first: this.user.first,
      colleague: colleague.first,
      company: this.company.name,
      ...extra,
    };
  }

  build(): GeneratedTask {
    const rng = this.rng;
    const placed = selectSteps(this.family, rng.fork("steps"));
    const generic = genericSteps(placed);
    const conditional = placed.filter((p) => p.spec.condition);
    const branchRng = rng.fork("branches");
    const chosen = chooseBranches(conditional, branchRng);
    constrain(this.userCase, chosen.values(), branchRng);
    const baseVars = this.vars(this.userCase, this.colleagues[0]!);

    const stepDoc = this.companyInsights(placed);
    const conditionSource = this.userInsights(conditional, chosen);
    const factSource = this.userFacts(placed);
    this.companyDistractors();
    this.userDistractors();
    const adjacentCases = this.adjacentCases(conditional, chosen);

    const personalized = personalizedSteps(placed, generic, chosen, baseVars, {
      stepDoc,
      conditionSource,
      factSource,
    });
    const task: Task = {
      id: this.taskId,
      kind: "drflow",
      seed: {
        question: this.family.question,
        domain: this.family.domain,
        company: {
          name: this.company.name,
          industry: this.dom.industry,
          description: this.company.description,
          ...this.companySize(),
        },
        company_persona: this.personaOf(this.persona, this.family.persona),
        user: this.personaOf(this.user, this.family.user),
      },
      generic_context: this.genericContext(placed),
      personal_context: this.personalContext(conditional, chosen, baseVars),
      people: [this.user, this.persona, ...this.colleagues].map(({ name, email, username, role }) => ({
        name,
        email,
        username,
        role,
      })),
      channels: [...this.family.channels, "town-square"],
      generic_workflow: generic,
      personalized_workflow: personalized,
      evidence: this.evidence,
      adjacent_cases: adjacentCases,
      user_case: {
        case_id: this.userCase.caseId,
        subject: this.userCase.subject,
        timeline_anchor: isoDate(this.userCase.eventMs),
      },
      provenance: {
        generator: "procedural",
        family: this.family.id,
        seed: this.seed,
        version: GENERATOR_VERSION,
      },
    };
    const manifest: ArtifactManifest = {
      task_id: this.taskId,
      artifacts: this.artifacts.map((a) => a.entry),
    };
    return { task, manifest, artifacts: this.artifacts };
  }

  private personaOf(m: Member, role: { role: string; description: string }) {
    return { name: m.name, email: m.email, role: role.role, role_description: role.description };
  }

  private companySize() {
    const r = this.rng.fork("size");
    const employees = r.pick([180, 420, 950, 2300, 6800, 14500]);
    const size = employees < 500 ? "small" : employees < 5000 ? "medium" : "large";
    const revenue = Math.round((employees * r.int(90, 260)) / 1000);
    return {
      size,
      employee_count: String(employees),
      annual_revenue: revenue >= 1000 ? `$${(revenue / 1000).toFixed(1)}B` : `$${revenue}M`,
    };
  }

  private genericContext(placed: readonly PlacedStep[]): string {
    const steps = placed.map((p) => `(${p.item}) ${p.spec.title}`).join("; ");
    const decisions = placed
      .filter((p) => p.spec.condition)
      .map((p) => `at step ${p.item} ${p.spec.condition!.question.replace(/\?$/, "").toLowerCase()}`)
      .join("; ");
    return `${this.company.name}'s "${this.family.policy}" sets out ${placed.length} steps: ${steps}. The workflow branches ${decisions}.`;
  }

  private personalContext(
    conditional: readonly PlacedStep[],
    chosen: ReadonlyMap<string, BranchSpec>,
    vars: Record<string, string>,
  ): string {
    const facts = conditional.map((p) => sentence(fill(chosen.get(p.spec.condition!.id)!.when, vars)));
    return `${this.user.name} (${this.family.user.role}) at ${this.company.name} is handling the case of ${this.userCase.subject} (${this.family.subjectKind}, ${this.userCase.caseId}), due ${vars.date}. In this case: ${facts.join(" ")}`;
  }

  // ---- evidence and artifacts -------------------------------------------------------------

  private unit(
    partial: Partial<EvidenceUnit> & Pick<EvidenceUnit, "id" | "role" | "side" | "text">,
  ): EvidenceUnit {
    const unit: EvidenceUnit = {
      question: "",
      answer: "",
      justification: "",
      supports_steps: [],
      resolves_conditions: [],
      selects_branch: null,
      case_id: null,
      ...partial,
    };
    this.evidence.push(unit);
    return unit;
  }

  private add(
    role: ArtifactRole,
    side: EvidenceSide,
    content: ArtifactContent,
    format: ArtifactFormat,
    meta: { title: string; author: string; dateMs: number; pathHint: string },
    evidence: string[],
  ): ArtifactEntry {
    const app: AppName =
      format === "eml" ? "email" : format === "chat" ? "chat" : side === "company" ? "drive" : "files";
    const ext = format === "chat" ? "json" : format;
    const folder = app;
    let base = slug(meta.pathHint);
    let path = `${folder}/${base}.${ext}`;
    for (let k = 2; this.usedPaths.has(path); k++) path = `${folder}/${base}-${k}.${ext}`;
    this.usedPaths.add(path);
    base = path;
    const entry: ArtifactEntry = {
      id: artifactId(this.taskId, role, ++this.counters[role]),
      role,
      side,
      app,
      format,
      path,
      title: meta.title,
      evidence,
      author: meta.author,
      date: isoDate(meta.dateMs),
    };
    this.artifacts.push({ entry, content });
    return entry;
  }

  private document(
    rng: Rng,
    meta: { title: string; subtitle: string; author: string; dateMs: number },
    injected: Section,
    fillerCount: [number, number],
  ): DocumentContent {
    const pool = [
      ...this.dom.fillers,
      ...GENERIC_FILLERS.map((f) => ({
        heading: f.heading,
        text: fill(f.text, { company: this.company.name }),
      })),
    ];
    // keep the pool's order (scope first, revision history last) so the skeleton reads like a real document
    const fillers = rng
      .sample(pool, rng.int(fillerCount[0], fillerCount[1]))
      .sort((a, b) => pool.indexOf(a) - pool.indexOf(b));
    const at = rng.int(1, Math.max(1, fillers.length - 1));
    const sections: Section[] = fillers.map((f) => ({ heading: f.heading, paragraphs: [f.text] }));
    sections.splice(at, 0, injected);
    return {
      kind: "document",
      title: meta.title,
      subtitle: meta.subtitle,
      author: meta.author,
      date: isoDate(meta.dateMs),
      sections,
    };
  }

  private docCode(rng: Rng): string {
    const letters = this.family.id
      .replace(/[^a-z]/g, "")
      .slice(0, 2)
      .toUpperCase();
    return `${letters}-${rng.int(100, 899)}`;
  }

  /** Company insights: steps spread over several policy documents, each injected into one section of a realistic skeleton. */
  private companyInsights(placed: readonly PlacedStep[]): Map<number, string> {
    const rng = this.rng.fork("company-insights");
    const userInsights = placed.filter((p) => p.spec.condition).length + this.family.facts.length;
    const target = rng.int(12, 19);
    const docs = Math.min(placed.length, Math.max(Math.ceil(placed.length / 3), target - userInsights));
    const groups: PlacedStep[][] = [];
    const cuts = new Set(
      rng.sample(
        Array.from({ length: placed.length - 1 }, (_, i) => i + 1),
        docs - 1,
      ),
    );
    let group: PlacedStep[] = [];
    placed.forEach((p, i) => {
      if (cuts.has(i)) {
        groups.push(group);
        group = [];
      }
      group.push(p);
    });
    groups.push(group);
    const stepDoc = new Map<number, string>();
    const owner = this.persona;
    for (const g of groups) {
      const paragraphs: string[] = [];
      const ids: string[] = [];
      for (const p of g) {
        const text = stepParagraph(rng, p, placed);
        const unit = this.unit({
          id: `ev_step_${String(p.item).padStart(2, "0")}`,
          role: "insight",
          side: "company",
          text,
          question: `What does step ${p.item} of "${this.family.policy}" require?`,
          answer: p.spec.task,
          supports_steps: [p.item],
          resolves_conditions: p.spec.condition ? [p.spec.condition.id] : [],
        });
        paragraphs.push(text);
        ids.push(unit.id);
      }
      const kind = rng.pick(this.dom.docKinds);
      const code = this.docCode(rng);
      const title = `${this.family.policy}: ${g[0]!.spec.title}${g.length > 1 ? " and Related Steps" : ""}`;
      const heading = rng.pick([
        "Procedure",
        "Required Actions",
        "Operating Procedure",
        "Process Requirements",
        "How the Process Runs",
      ]);
      const dateMs = this.anchor - rng.int(60, 700) * DAY_MS;
      const content = this.document(
        rng,
        {
          title,
          subtitle: `${kind} ${code} | ${this.company.name} | Owner: ${owner.name}`,
          author: owner.name,
          dateMs,
        },
        { heading, paragraphs },
        [3, 5],
      );
      this.add(
        "insight",
        "company",
        content,
        rng.chance(0.5) ? "pdf" : "docx",
        { title, author: owner.name, dateMs, pathHint: `${code} ${g[0]!.spec.title}` },
        ids,
      );
      for (const p of g) stepDoc.set(p.item, title);
    }
    return stepDoc;
  }

  /** The carrier text for one user-side sentence: an email reply, a chat exchange or a personal note. */
  private carry(
    rng: Rng,
    carrier: Carrier,
    c: CaseProfile,
    text: string,
    role: ArtifactRole,
    side: EvidenceSide,
    unitIds: string[],
    topic: string,
  ): ArtifactEntry {
    const colleague = rng.pick(this.colleagues);
    const other = rng.pick(this.colleagues.filter((m) => m !== colleague));
    const vars = this.vars(c, colleague);
    const dayMs = this.anchor - rng.int(0, 9) * DAY_MS;
    const startMs = dayMs + rng.int(8 * 60, 16 * 60) * 60_000;
    if (carrier === "email") {
      const subject = fill(topic, vars);
      const ask = this.message(
        this.user,
        [colleague],
        [],
        startMs,
        subject,
        fill(rng.pick(EMAIL_ASKS), vars),
      );
      const reply = this.message(
        colleague,
        [this.user],
        rng.chance(0.3) ? [other] : [],
        startMs + rng.int(20, 300) * 60_000,
        `Re: ${subject}`,
        [
          fill(rng.pick(EMAIL_GREETINGS), vars),
          text,
          fill(rng.pick(EMAIL_CLOSERS), vars),
          `${colleague.first}`,
        ].join("\n\n"),
      );
      const content: EmailContent = { kind: "email", thread: [ask, reply] };
      return this.add(
        role,
        side,
        content,
        "eml",
        {
          title: reply.subject,
          author: colleague.name,
          dateMs: startMs,
          pathHint: `${isoDate(startMs)} ${subject}`,
        },
        unitIds,
      );
    }
    if (carrier === "chat") {
      const channel = rng.pick(this.family.channels);
      const lines: [Member, string][] = [];
      if (rng.chance(0.6)) lines.push([other, fill(rng.pick(CHAT_OPENERS), vars)]);
      lines.push([this.user, fill(rng.pick(CHAT_ASKS), vars)]);
      lines.push([colleague, text]);
      lines.push([this.user, rng.pick(CHAT_ACKS)]);
      if (rng.chance(0.5)) lines.push([other, fill(rng.pick(CHAT_SMALL_TALK), vars)]);
      const content = this.chat(channel, lines, startMs, rng);
      return this.add(
        role,
        side,
        content,
        "chat",
        {
          title: `#${channel} ${isoDate(startMs)}`,
          author: colleague.name,
          dateMs: startMs,
          pathHint: `${channel} ${isoDate(startMs)}`,
        },
        unitIds,
      );
    }
    const title =
      carrier === "md"
        ? `Notes - ${c.subjectRef} (${c.caseId})`
        : `Case summary - ${c.subjectRef} (${c.caseId})`;
    const todos = rng.sample(NOTE_TODOS, 2).map((t) => fill(t, vars));
    const content: DocumentContent = {
      kind: "document",
      title,
      subtitle: `${this.family.subjectKind} case ${c.caseId}`,
      author: this.user.name,
      date: isoDate(dayMs),
      sections: [
        {
          heading: "What I heard",
          paragraphs: [`From ${colleague.name} (${colleague.role}), ${spokenDate(dayMs)}:`, text],
        },
        { heading: "Open items", paragraphs: todos },
      ],
    };
    return this.add(
      role,
      side,
      content,
      carrier === "md" ? "md" : "docx",
      { title, author: this.user.name, dateMs: dayMs, pathHint: title },
      unitIds,
    );
  }

  private message(from: Member, to: Member[], cc: Member[], ms: number, subject: string, body: string) {
    const n = ++this.messageCount;
    const id = `${hash32(`${this.taskId}/${n}`).toString(16).padStart(8, "0")}.${n}.${this.taskId}@mail.${this.company.domain}`;
    const addr = (m: Member) => ({ name: m.name, email: m.email });
    return {
      messageId: id,
      from: addr(from),
      to: to.map(addr),
      cc: cc.map(addr),
      date: new Date(ms).toISOString(),
      subject,
      body,
    };
  }

  private chat(channel: string, lines: [Member, string][], startMs: number, rng: Rng): ChatContent {
    const users = [...new Map(lines.map(([m]) => [m.username, m])).values()];
    let t = startMs;
    return {
      kind: "chat",
      team: { name: slug(this.company.name), display_name: this.company.name },
      channel: {
        name: channel,
        display_name: channel.replace(/-/g, " "),
        purpose: `${this.family.subjectKind} cases and team coordination`,
      },
      users: users.map((m) => ({
        username: m.username,
        email: m.email,
        first_name: m.first,
        last_name: m.last,
      })),
      posts: lines.map(([m, message]) => {
        t += rng.int(1, 25) * 60_000;
        return { user: m.username, message, create_at: t };
      }),
    };
  }

  /** Names the case in the sentence when a template does not, so every case fact is tied to its case. */
  private anchored(text: string, c: CaseProfile): string {
    return text.includes(c.subjectLast) || text.includes(c.caseId)
      ? text
      : `For ${c.subjectRef} (${c.caseId}): ${text}`;
  }

  /** User insights that resolve each condition, written in a colleague's voice in emails, chats or notes. */
  private userInsights(
    conditional: readonly PlacedStep[],
    chosen: ReadonlyMap<string, BranchSpec>,
  ): Map<string, string> {
    const rng = this.rng.fork("user-insights");
    const carriers = this.carriers(rng, conditional.length, ["email", "chat", "md"]);
    const source = new Map<string, string>();
    conditional.forEach((p, i) => {
      const cond = p.spec.condition!;
      const branch = chosen.get(cond.id)!;
      const colleague = this.colleagues[i % this.colleagues.length]!;
      const vars = this.vars(this.userCase, colleague);
      const text = this.anchored(
        withCue(rng, fill(rng.pick(branch.evidence), vars), fill(branch.when, vars)),
        this.userCase,
      );
      const unit = this.unit({
        id: `ev_cond_${cond.id}`,
        role: "insight",
        side: "user",
        text,
        question: cond.question,
        answer: sentence(fill(branch.when, this.vars(this.userCase, colleague))),
        justification: `Selects "${phrase(branch.action)}" at step ${p.item}.`,
        supports_steps: [p.item],
        resolves_conditions: [cond.id],
        selects_branch: branch.id,
      });
      const entry = this.carry(
        rng,
        carriers[i]!,
        this.userCase,
        text,
        "insight",
        "user",
        [unit.id],
        rng.pick([
          "{case_id} - {subject_ref}",
          "Question on {case_id}",
          "{subject_ref} file",
          "Update: {subject_ref}",
        ]),
      );
      const kind = entry.format === "eml" ? "email" : entry.format === "chat" ? "chat message" : "note";
      source.set(cond.id, `The ${kind} "${entry.title}" (${entry.id})`);
    });
    return source;
  }

  /** Case facts (dates, people, specifics) that personalize unconditional steps. */
  private userFacts(placed: readonly PlacedStep[]): Map<number, string> {
    const rng = this.rng.fork("user-facts");
    const carriers = this.carriers(rng, this.family.facts.length, ["md", "email", "chat"]);
    const source = new Map<number, string>();
    this.family.facts.forEach((template, i) => {
      const colleague = rng.pick(this.colleagues);
      const text = this.anchored(
        sentence(fill(template, this.vars(this.userCase, colleague))),
        this.userCase,
      );
      // a fact supports the steps whose personalized wording uses one of its case variables
      const own = caseSlots(template);
      const supports = placed
        .filter((p) => p.spec.personal && [...caseSlots(p.spec.personal)].some((slot) => own.has(slot)))
        .map((p) => p.item);
      const unit = this.unit({
        id: `ev_fact_${i + 1}`,
        role: "insight",
        side: "user",
        text,
        supports_steps: supports,
      });
      const entry = this.carry(
        rng,
        carriers[i]!,
        this.userCase,
        text,
        "insight",
        "user",
        [unit.id],
        rng.pick(["{subject_ref} - details", "{case_id} logistics", "{case_id} heads-up"]),
      );
      for (const item of supports) if (!source.has(item)) source.set(item, `"${entry.title}" (${entry.id})`);
    });
    return source;
  }

  private carriers(rng: Rng, n: number, kinds: Carrier[]): Carrier[] {
    const out: Carrier[] = [];
    while (out.length < n) out.push(...rng.shuffle(kinds));
    return out.slice(0, n);
  }

  private distractorCounts(): { company: number; user: number } {
    const rng = this.rng.fork("distractor-count");
    const total = rng.int(7, 13);
    const company = Math.min(this.dom.distractorDocs.length, Math.ceil(total / 2) + rng.int(-1, 1));
    return { company, user: Math.min(this.dom.userDistractors.length, total - company) };
  }

  /** Company distractors: adjacent procedures and metrics, each injected into its own realistic document. */
  private companyDistractors(): void {
    const rng = this.rng.fork("company-distractors");
    const { company } = this.distractorCounts();
    rng.sample(this.dom.distractorDocs, company).forEach((d, i) => {
      const text = fill(d.text, { company: this.company.name });
      const unit = this.unit({ id: `ev_dc_${i + 1}`, role: "distractor", side: "company", text });
      const author = rng.pick([this.persona, ...this.colleagues]);
      const dateMs = this.anchor - rng.int(30, 500) * DAY_MS;
      const kind = rng.pick(this.dom.docKinds);
      const code = this.docCode(rng);
      const content = this.document(
        rng,
        { title: d.title, subtitle: `${kind} ${code} | ${this.company.name}`, author: author.name, dateMs },
        { heading: d.heading, paragraphs: [text] },
        [2, 4],
      );
      this.add(
        "distractor",
        "company",
        content,
        rng.chance(0.5) ? "pdf" : "docx",
        { title: d.title, author: author.name, dateMs, pathHint: `${code} ${d.title}` },
        [unit.id],
      );
    });
  }

  /** User distractors: workplace events in the user's mail and chat that do not bear on the question. */
  private userDistractors(): void {
    const rng = this.rng.fork("user-distractors");
    const { user } = this.distractorCounts();
    const carriers = this.carriers(rng, user, ["email", "chat"]);
    rng.sample(this.dom.userDistractors, user).forEach((d, i) => {
      const colleague = rng.pick(this.colleagues);
      const text = fill(d.text, {
        company: this.company.name,
        colleague: colleague.first,
        user_first: this.user.first,
      });
      const unit = this.unit({ id: `ev_du_${i + 1}`, role: "distractor", side: "user", text });
      const dayMs = this.anchor - rng.int(0, 20) * DAY_MS;
      const startMs = dayMs + rng.int(8 * 60, 17 * 60) * 60_000;
      if (carriers[i] === "email") {
        const msg = this.message(
          colleague,
          [this.user],
          [],
          startMs,
          d.topic,
          [`Hi ${this.user.first},`, text, `${colleague.first}`].join("\n\n"),
        );
        this.add(
          "distractor",
          "user",
          { kind: "email", thread: [msg] },
          "eml",
          {
            title: d.topic,
            author: colleague.name,
            dateMs: startMs,
            pathHint: `${isoDate(startMs)} ${d.topic}`,
          },
          [unit.id],
        );
      } else {
        const channel = rng.pick([...this.family.channels, "town-square"]);
        const lines: [Member, string][] = [
          [colleague, text],
          [this.user, rng.pick(CHAT_ACKS)],
        ];
        this.add(
          "distractor",
          "user",
          this.chat(channel, lines, startMs, rng),
          "chat",
          {
            title: `#${channel} ${isoDate(startMs)}`,
            author: colleague.name,
            dateMs: startMs,
            pathHint: `${channel} ${isoDate(startMs)}`,
          },
          [unit.id],
        );
      }
    });
  }

  /** Two look-alike cases: same family, another subject, case id and dates, at least one different branch. */
  private adjacentCases(
    conditional: readonly PlacedStep[],
    chosen: ReadonlyMap<string, BranchSpec>,
  ): Task["adjacent_cases"] {
    return this.adjacent.map((c, k) => {
      const rng = this.rng.fork(`adjacent-${k + 1}`);
      const branches = chooseBranches(conditional, rng, chosen);
      constrain(c, branches.values(), rng);
      const colleague = this.colleagues[(k + 1) % this.colleagues.length]!;
      const question = fill(rng.pick(this.family.adjacentQuestions), this.vars(c, colleague));
      const vars = this.vars(c, colleague, { question });
      const texts: { text: string; cond?: string; branch?: BranchSpec }[] = [];
      texts.push({ text: fill(rng.pick(ADJACENT_INTROS), vars) });
      for (const p of conditional) {
        const b = branches.get(p.spec.condition!.id)!;
        texts.push({
          text: withCue(rng, fill(b.evidence[0]!, vars), fill(b.when, vars)),
          cond: p.spec.condition!.id,
          branch: b,
        });
      }
      for (const f of this.family.facts) texts.push({ text: sentence(fill(f, vars)) });
      for (const p of conditional) {
        const b = branches.get(p.spec.condition!.id)!;
        if (b.evidence.length > 1)
          texts.push({ text: sentence(fill(b.evidence[1]!, vars)), cond: p.spec.condition!.id, branch: b });
      }
      for (const s of rng.shuffle(ADJACENT_STATUS)) texts.push({ text: fill(s, vars) });
      const picked = texts.slice(0, ADJACENT_PER_CASE);
      const carriers = this.carriers(rng, picked.length, ["email", "chat", "md", "email", "chat", "docx"]);
      const ids: string[] = [];
      picked.forEach((t, i) => {
        const text = this.anchored(t.text, c);
        const unit = this.unit({
          id: `ev_adj${k + 1}_${String(i + 1).padStart(2, "0")}`,
          role: "adjacent",
          side: "adjacent",
          text,
          resolves_conditions: t.cond ? [t.cond] : [],
          selects_branch: t.branch?.id ?? null,
          case_id: c.caseId,
        });
        ids.push(unit.id);
        this.carry(
          rng,
          carriers[i]!,
          c,
          text,
          "adjacent",
          "adjacent",
          [unit.id],
          rng.pick([
            "{case_id} - {subject_ref}",
            "{subject_ref} ({case_id})",
            "New case {case_id}",
            "About {subject_ref}",
          ]),
        );
      });
      return {
        case_id: c.caseId,
        question,
        subject: c.subject,
        cast: [this.user.name, colleague.name],
        timeline_anchor: isoDate(c.eventMs),
        evidence: ids,
      };
    });
  }
}
