/** @module The offline `procedural` generator: one seeded task (S1–S6) with its planned artifacts, truth known by construction. */
import type { z } from "zod";
import { type ArtifactManifest, type Domain, EvidenceUnit, type Task } from "../../core/index.ts";
import { ArtifactPlanner, type PlannedArtifact } from "./artifacts.ts";
import { caseSlots, chooseBranches, constrain, withCue } from "./branches.ts";
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
import {
  DOC_LABELS,
  DOC_STYLES,
  distractorLayout,
  PROCEDURE_HEADINGS,
  procedureParagraphs,
  RULES_HEADING,
  type StepPlace,
  wordStep,
} from "./policy-text.ts";
import { Rng } from "./prng.ts";
import { fill, phrase, sentence } from "./template.ts";
import { ADJACENT_INTROS, ADJACENT_STATUS, CHAT_ACKS, EMAIL_TOPIC_ASKS } from "./voice.ts";
import { genericSteps, type PlacedStep, personalizedSteps, selectSteps } from "./workflow.ts";

export const GENERATOR_VERSION = "1";
/** Adjacent artifacts per look-alike case (two cases → the paper's 24 mixed documents). */
export const ADJACENT_PER_CASE = 12;

export type { PlannedArtifact } from "./artifacts.ts";
export type GeneratedTask = { task: Task; manifest: ArtifactManifest; artifacts: PlannedArtifact[] };
export type ProceduralOptions = { taskId: string; domain: Domain; seed: number; family?: string };

/** Families of a domain, in declaration order. */
export function familiesOf(domain: Domain): FamilySpec[] {
  return FAMILIES.filter((f) => f.domain === domain);
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
  private readonly files: ArtifactPlanner;

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
    this.files = new ArtifactPlanner({
      taskId,
      family,
      dom: this.dom,
      company: this.company,
      user: this.user,
      colleagues: this.colleagues,
      anchor: this.anchor,
      vars: (c, colleague) => this.vars(c, colleague),
    });
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
      artifacts: this.files.artifacts.map((a) => a.entry),
    };
    return { task, manifest, artifacts: this.files.artifacts };
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

  /** An evidence unit with the schema's defaults for every field not given. */
  private unit(partial: z.input<typeof EvidenceUnit>): EvidenceUnit {
    const unit = EvidenceUnit.parse(partial);
    this.evidence.push(unit);
    return unit;
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
    const wording = new Map(placed.map((p) => [p.item, wordStep(rng, p.spec)]));
    const placeOf = new Map<number, StepPlace>();
    const labels = rng.sample(DOC_LABELS, Math.min(DOC_LABELS.length, groups.length));
    groups.forEach((g, docIndex) => {
      const style = rng.pick(DOC_STYLES);
      const kind = rng.pick(this.dom.docKinds);
      const code = this.files.docCode(rng);
      for (const [k, p] of g.entries()) placeOf.set(p.item, { code, section: 0, item: k + 1, docIndex });
      const { stepTexts, paragraphs, rules } = procedureParagraphs(
        rng,
        style,
        g,
        placed,
        wording,
        placeOf,
        docIndex,
      );
      const ids = g.map((p, k) => {
        const unit = this.unit({
          id: `ev_step_${String(p.item).padStart(2, "0")}`,
          role: "insight",
          side: "company",
          text: stepTexts[k]!,
          question: `What does step ${p.item} of "${this.family.policy}" require?`,
          answer: p.spec.task,
          supports_steps: [p.item],
          resolves_conditions: p.spec.condition ? [p.spec.condition.id] : [],
        });
        return unit.id;
      });
      // topical titles and file names: the policy and the document's part, never a step
      const label = labels[docIndex % labels.length]!;
      const title = rng.pick([
        `${this.family.policy}: ${label} (${code})`,
        `${label} ${code} - ${this.family.policy}`,
        `${kind} ${code}: ${this.family.policy}, ${label}`,
      ]);
      const injected = {
        heading: rng.pick(PROCEDURE_HEADINGS[style]),
        paragraphs,
      };
      const dateMs = this.anchor - rng.int(60, 700) * DAY_MS;
      const content = this.files.document(
        rng,
        {
          title,
          subtitle: `${kind} ${code} | ${this.company.name} | Owner: ${owner.name}`,
          author: owner.name,
          dateMs,
        },
        injected,
        [3, 5],
        rules.length > 0 ? { heading: RULES_HEADING, paragraphs: rules } : undefined,
      );
      const section = content.sections.findIndex((s) => s.paragraphs === injected.paragraphs) + 1;
      for (const p of g) placeOf.get(p.item)!.section = section;
      this.files.add(
        "insight",
        "company",
        content,
        rng.chance(0.5) ? "pdf" : "docx",
        { title, author: owner.name, dateMs, pathHint: `${code} ${kind} ${label}` },
        ids,
      );
      for (const p of g) stepDoc.set(p.item, title);
    });
    return stepDoc;
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
    const carriers = this.files.carriers(rng, conditional.length, ["email", "chat", "md"]);
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
      const entry = this.files.carry(
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
    const carriers = this.files.carriers(rng, this.family.facts.length, ["md", "email", "chat"]);
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
      const entry = this.files.carry(
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
      const paragraphs = distractorLayout(rng, fill(d.text, { company: this.company.name }));
      const text = paragraphs.join(" ");
      const unit = this.unit({ id: `ev_dc_${i + 1}`, role: "distractor", side: "company", text });
      const author = rng.pick([this.persona, ...this.colleagues]);
      const dateMs = this.anchor - rng.int(30, 500) * DAY_MS;
      const kind = rng.pick(this.dom.docKinds);
      const code = this.files.docCode(rng);
      const content = this.files.document(
        rng,
        // the same subtitle shape as the policies (an "Owner:" line on policies only would mark them)
        {
          title: d.title,
          subtitle: `${kind} ${code} | ${this.company.name} | Owner: ${author.name}`,
          author: author.name,
          dateMs,
        },
        { heading: d.heading, paragraphs },
        [2, 4],
      );
      this.files.add(
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
    const carriers = this.files.carriers(rng, user, ["email", "chat"]);
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
        // a reply in a thread the user opened, shaped like the case threads: a standalone message would mark it
        const ask = this.files.message(
          this.user,
          [colleague],
          [],
          startMs - rng.int(20, 300) * 60_000,
          d.topic,
          fill(rng.pick(EMAIL_TOPIC_ASKS), { colleague: colleague.first }),
        );
        const msg = this.files.message(
          colleague,
          [this.user],
          [],
          startMs,
          `Re: ${d.topic}`,
          [`Hi ${this.user.first},`, text, `${colleague.first}`].join("\n\n"),
        );
        this.files.add(
          "distractor",
          "user",
          { kind: "email", thread: [ask, msg] },
          "eml",
          {
            title: msg.subject,
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
        this.files.add(
          "distractor",
          "user",
          this.files.chat(channel, lines, startMs, rng),
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
    // the two look-alike cases ask the family's two phrasings, in a seeded order
    const questions = this.rng.fork("adjacent-questions").shuffle(this.family.adjacentQuestions);
    const adjacentQuestion = (k: number) => questions[k % questions.length]!;
    return this.adjacent.map((c, k) => {
      const rng = this.rng.fork(`adjacent-${k + 1}`);
      const branches = chooseBranches(conditional, rng, chosen);
      const before = [this.userCase, ...this.adjacent.slice(0, k)].map((x) => x.vars);
      constrain(c, branches.values(), rng, before, this.family.vars);
      const colleague = this.colleagues[(k + 1) % this.colleagues.length]!;
      const question = fill(adjacentQuestion(k), this.vars(c, colleague));
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
      const carriers = this.files.carriers(rng, picked.length, [
        "email",
        "chat",
        "md",
        "email",
        "chat",
        "docx",
      ]);
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
        this.files.carry(
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
