/** @module The offline `procedural` generator: one seeded task (S1–S6) with its planned artifacts, truth known by construction. */
import type { z } from "zod";
import {
  type ArtifactEntry,
  type ArtifactManifest,
  type Domain,
  EvidenceUnit,
  secretDigest,
  type Task,
} from "../../core/index.ts";
import type { Section } from "../realize/content.ts";
import { ArtifactPlanner, type PlannedArtifact } from "./artifacts.ts";
import { applyBands, caseSlots, chooseBranches, constrain, maybeRestated } from "./branches.ts";
import {
  anchorDate,
  type CaseProfile,
  caseId,
  DAY_MS,
  drawCase,
  isoDate,
  type Member,
  NameDraw,
  spokenDate,
} from "./cast.ts";
import { companyProfile } from "./company.ts";
import { DOMAINS, FAMILIES } from "./data.ts";
import type { AdjacentSpec, BranchSpec, FamilySpec } from "./family.ts";
import { caseCarriers, drawLabels, driveForm, emailSubject, FORMS, policyTitle } from "./form.ts";
import { distractorLayout, procedureSection, type StepPlace, wordStep } from "./policy-text.ts";
import { POOLS } from "./pools.ts";
import { Rng } from "./prng.ts";
import { GeneratorSettings } from "./settings.ts";
import { fill, phrase, sentence } from "./template.ts";
import { ADJACENT_STATUS, CHAT_TOPIC_ASKS, EMAIL_TOPIC_ASKS } from "./voice.ts";
import { genericSteps, type PlacedStep, personalizedSteps, selectSteps } from "./workflow.ts";

export const GENERATOR_VERSION = "2";

export type { PlannedArtifact } from "./artifacts.ts";
export type GeneratedTask = { task: Task; manifest: ArtifactManifest; artifacts: PlannedArtifact[] };
export type ProceduralOptions = {
  taskId: string;
  domain: Domain;
  seed: number;
  /**
   * The suite's secret (gold-side, never written): keys every draw, so nothing an agent observes leads back to the
   * seed (empty: the plain seeded streams, reproducible from the seed alone).
   */
  secret?: string;
  family?: string;
  /** Families to draw from (default: the shipped data files). */
  families?: readonly FamilySpec[];
  settings?: z.input<typeof GeneratorSettings>;
};

/** Families of a domain, in file order. */
export function familiesOf(domain: Domain, families: readonly FamilySpec[] = FAMILIES): FamilySpec[] {
  return families.filter((f) => f.domain === domain);
}

/** The root stream of one task, keyed by the suite's secret when it has one (`Rng.suite`). */
function taskRng(seed: number, taskId: string, secret = ""): Rng {
  return Rng.suite(`procedural/${GENERATOR_VERSION}/${seed}/${taskId}`, secret);
}

/** A task's calendar anchor (ms): what its documents' and messages' dates count back from (the company corpus's too). */
export function calendarAnchor(seed: number, taskId: string, secret = ""): number {
  return anchorDate(taskRng(seed, taskId, secret).fork("calendar"));
}

/** Generate one task: seed, contexts, gold workflows, evidence units, adjacent cases and every artifact's content. */
export function generateProceduralTask(options: ProceduralOptions): GeneratedTask {
  const { taskId, domain, seed } = options;
  const secret = options.secret ?? "";
  const root = taskRng(seed, taskId, secret);
  const candidates = familiesOf(domain, options.families);
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
  const settings = GeneratorSettings.parse(options.settings ?? {});
  return new TaskBuilder(taskId, family, seed, secret, root, settings).build();
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
  /** Surface realizations drawn, by kind (task provenance, for difficulty statistics). */
  private readonly surface: Record<string, string[]> = {
    layout: [],
    condition: [],
    reference: [],
    restated: [],
    assembly: [],
  };

  constructor(
    private readonly taskId: string,
    private readonly family: FamilySpec,
    private readonly seed: number,
    private readonly secret: string,
    private readonly rng: Rng,
    private readonly settings: GeneratorSettings,
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
    this.anchor = calendarAnchor(seed, taskId, secret);
    const orgs = family.organizations ? rng.fork("organizations").sample(family.organizations, 3) : [];
    this.userCase = drawCase(family, names, rng.fork("case/user"), this.anchor, orgs[0]);
    this.adjacent = [1, 2].map((k) =>
      drawCase(family, names, rng.fork(`case/adjacent-${k}`), this.anchor + k * 3 * DAY_MS, orgs[k]),
    );
    // the company's systems, as its background corpus (and any other task of it) names them
    const profile = companyProfile(this.company, seed, secret);
    this.files = new ArtifactPlanner({
      taskId,
      family,
      dom: this.dom,
      company: this.company,
      user: this.user,
      colleagues: this.colleagues,
      anchor: this.anchor,
      secret,
      owners: [this.persona, ...this.colleagues],
      systems: profile.systems,
      channels: [...family.channels, "town-square"],
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
    const placed = selectSteps(this.family, rng.fork("steps"), [
      this.settings.minConditional,
      this.settings.maxConditional,
    ]);
    const generic = genericSteps(placed);
    const conditional = placed.filter((p) => p.spec.condition);
    const branchRng = rng.fork("branches");
    const chosen = chooseBranches(conditional, branchRng, undefined, true);
    constrain(this.userCase, chosen.values(), branchRng);
    applyBands(this.userCase, this.family, branchRng.fork("bands"));
    const baseVars = this.vars(this.userCase, this.colleagues[0]!);

    const stepDoc = this.companyInsights(placed);
    const { conditionSource, factSource } = this.userEvidence(conditional, chosen, placed);
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
        ...(this.secret ? { secret_digest: secretDigest(this.secret) } : {}),
        surface: Object.fromEntries(Object.entries(this.surface).map(([k, v]) => [k, [...v].sort()])),
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

  /** Split `n` steps into `docs` consecutive groups of at least two steps each (seeded sizes). */
  private groupSizes(rng: Rng, n: number, docs: number): number[] {
    const sizes = Array.from({ length: docs }, () => 2);
    for (let left = n - 2 * docs; left > 0; left--) sizes[rng.int(0, docs - 1)]!++;
    return sizes;
  }

  /**
   * Company insights: steps spread over several policy documents (two to four steps each), each procedure injected
   * into one section of a realistic skeleton, its decisions' notes, definitions or decision table in sections of
   * their own.
   */
  private companyInsights(placed: readonly PlacedStep[]): Map<number, string> {
    const rng = this.rng.fork("company-insights");
    // the paper's 12–19 insights: company documents make up what the user's evidence does not
    const userInsights = placed.filter((p) => p.spec.condition).length + this.family.facts.length;
    const most = Math.floor(placed.length / 2);
    const docs = rng.int(Math.min(most, Math.max(Math.ceil(placed.length / 4), 12 - userInsights)), most);
    const groups: PlacedStep[][] = [];
    let at = 0;
    for (const size of this.groupSizes(rng, placed.length, docs)) {
      groups.push(placed.slice(at, at + size));
      at += size;
    }
    const stepDoc = new Map<number, string>();
    const wording = new Map(placed.map((p) => [p.item, wordStep(rng, p.spec)]));
    const placeOf = new Map<number, StepPlace>();
    const labels = drawLabels(rng, groups.length);
    const assembly = this.assembly(rng.fork("assembly"), placed, groups);
    let pending: { item: number; text: string }[] = [];
    groups.forEach((g, docIndex) => {
      // topical titles and file names: the policy and the document's part, never a step; the form any document's
      const form = driveForm(rng, this.files.drive, policyTitle(rng, this.family.policy), labels[docIndex]);
      // an uncoded document is cited by its title
      const code = form.code ?? `"${form.title}"`;
      // details the previous document left out, stated here by what their step is for
      const details = pending.map((d) => {
        const at = placeOf.get(d.item)!;
        const heading = wording.get(d.item)!.heading;
        return {
          item: d.item,
          text: fill(rng.pick(POOLS.detailEntries), {
            heading: heading.charAt(0).toLowerCase() + heading.slice(1),
            heading_cap: heading,
            section: String(at.section),
            code: at.code,
            description: sentence(d.text),
          }),
        };
      });
      const flow = rng.chance(this.settings.flowShare);
      const procedure = procedureSection(rng, g, placed, wording, placeOf, docIndex, POOLS, {
        flow,
        implied: assembly.implied,
        detach: docIndex < groups.length - 1 ? assembly.detach : new Set(),
        forms: details.map((d) => d.text),
        role: this.family.user.role,
        ...(form.code ? { code: form.code } : {}),
      });
      pending = procedure.detached;
      if (flow) this.surface.assembly!.push("flow");
      this.surface.layout!.push(procedure.layout);
      this.surface.condition!.push(...procedure.conditionKinds);
      this.surface.reference!.push(...procedure.referenceKinds);
      const ids = g.map((p, k) => {
        const unit = this.unit({
          id: `ev_step_${String(p.item).padStart(2, "0")}`,
          role: "insight",
          side: "company",
          text: procedure.stepTexts[k]!,
          question: `What does step ${p.item} of "${this.family.policy}" require?`,
          answer: p.spec.task,
          supports_steps: [p.item],
          resolves_conditions: p.spec.condition ? [p.spec.condition.id] : [],
        });
        return unit.id;
      });
      for (const [item, extra] of procedure.extraTexts) {
        this.surface.assembly!.push(`implied-${extra.kind}`);
        const id = `ev_step_${String(item).padStart(2, "0")}_${extra.kind}`;
        ids.push(this.companyUnit(id, extra.text, placed, item));
      }
      for (const d of details) {
        this.surface.assembly!.push("split");
        ids.push(
          this.companyUnit(`ev_step_${String(d.item).padStart(2, "0")}_detail`, d.text, placed, d.item),
        );
      }
      const neighbour = this.neighbourSection(rng);
      const content = this.files.document(
        rng,
        form,
        procedure.section,
        neighbour ? [neighbour, ...procedure.appendices] : procedure.appendices,
      );
      const section = content.sections.findIndex((s) => s.paragraphs === procedure.section.paragraphs);
      for (const [k, p] of g.entries())
        placeOf.set(p.item, {
          code,
          title: form.title,
          section: section + 1,
          sectionTitle: procedure.section.heading,
          item: k + 1,
          docIndex,
        });
      this.files.addDocument("insight", content, form, ids);
      for (const p of g) stepDoc.set(p.item, form.title);
    });
    return stepDoc;
  }

  /**
   * Which steps a form implies (⌊impliedShare × unconditional⌋, never the first) and which lose their detail to the
   * next document (⌊splitShare × n⌋ of those not in the last document and not implied).
   */
  private assembly(rng: Rng, placed: readonly PlacedStep[], groups: readonly PlacedStep[][]) {
    const plain = placed.filter((p) => !p.spec.condition && p.item > 1);
    const implied = new Set(
      rng.sample(plain, Math.floor(this.settings.impliedShare * plain.length)).map((p) => p.item),
    );
    const last = new Set(groups.at(-1)!.map((p) => p.item));
    const open = placed.filter((p) => !last.has(p.item) && !implied.has(p.item));
    const detach = new Set(
      rng.sample(open, Math.floor(this.settings.splitShare * placed.length)).map((p) => p.item),
    );
    return { implied, detach };
  }

  /** A further company unit of one step (a form entry, a detail stated in another document). */
  private companyUnit(id: string, text: string, placed: readonly PlacedStep[], item: number): string {
    const p = placed[item - 1]!;
    return this.unit({
      id,
      role: "insight",
      side: "company",
      text,
      question: `What does step ${p.item} of "${this.family.policy}" require?`,
      answer: p.spec.task,
      supports_steps: [p.item],
      resolves_conditions: [],
    }).id;
  }

  /**
   * With the setting's chance, a neighbouring process's procedure for the same document: three or four consecutive
   * required steps of another family of the domain (of any domain when it has none), under a heading that names it.
   */
  private neighbourSection(rng: Rng): Section | null {
    if (!rng.chance(this.settings.neighbourShare)) return null;
    const others = FAMILIES.filter((f) => f.id !== this.family.id);
    const near = others.filter((f) => f.domain === this.family.domain);
    const other = rng.pick(near.length > 0 ? near : others);
    const required = other.steps.filter((s) => !s.optional);
    const n = rng.int(3, 4);
    const from = rng.int(0, required.length - n);
    const steps: PlacedStep[] = required.slice(from, from + n).map((s, i) => {
      const { condition: _condition, after: _after, ...spec } = s;
      return { spec, item: i + 1, prerequisite: i };
    });
    const wording = new Map(steps.map((p) => [p.item, wordStep(rng, p.spec)]));
    const text = procedureSection(rng, steps, steps, wording, new Map(), -1);
    this.surface.assembly!.push("neighbour");
    return {
      heading: fill(rng.pick(POOLS.neighbourHeadings), { policy: other.policy }),
      paragraphs: text.section.paragraphs,
    };
  }

  /** A case sentence, followed by its policy-term reading when `restate` (default: with the configured share's chance). */
  private restated(
    rng: Rng,
    evidence: string,
    when: string,
    restate = rng.chance(this.settings.restateShare),
  ) {
    return maybeRestated(rng, restate ? 1 : 0, evidence, when, POOLS.restatements);
  }

  /** Names the case in the sentence when a template does not, so every case fact is tied to its case. */
  private anchored(text: string, c: CaseProfile): string {
    return text.includes(c.subjectLast) || text.includes(c.caseId)
      ? text
      : `For ${c.subjectRef} (${c.caseId}): ${text}`;
  }

  /**
   * The user's case: the insights that resolve each condition and the case facts that personalize unconditional
   * steps, in a colleague's voice, carried as every case's evidence is (`carryCase`).
   */
  private userEvidence(
    conditional: readonly PlacedStep[],
    chosen: ReadonlyMap<string, BranchSpec>,
    placed: readonly PlacedStep[],
  ): { conditionSource: Map<string, string>; factSource: Map<number, string> } {
    const conditions = this.userInsights(conditional, chosen);
    const facts = this.userFacts(placed);
    const items: { text: string; unit: string; cond?: string; supports?: number[] }[] = [
      ...conditions,
      ...facts,
    ];
    const entries = this.carryCase(
      this.rng.fork("user-case"),
      this.userCase,
      items,
      "insight",
      "user",
      this.family.question,
    );
    const conditionSource = new Map<string, string>();
    const factSource = new Map<number, string>();
    items.forEach((item, i) => {
      const entry = entries[i]!;
      if (item.cond) {
        const kind = entry.format === "eml" ? "email" : entry.format === "chat" ? "chat message" : "note";
        conditionSource.set(item.cond, `The ${kind} "${entry.title}" (${entry.id})`);
      }
      for (const step of item.supports ?? [])
        if (!factSource.has(step)) factSource.set(step, `"${entry.title}" (${entry.id})`);
    });
    return { conditionSource, factSource };
  }

  /**
   * How a case's evidence travels (the user's and every look-alike's alike): `caseCarriers` deals its sentences into
   * files and apps, each file carried by the planner; the case's question may open its first email or chat. The file
   * of each item, in order.
   */
  private carryCase(
    rng: Rng,
    c: CaseProfile,
    items: readonly { text: string; unit: string }[],
    role: "insight" | "adjacent",
    side: "user" | "adjacent",
    question: string,
  ): ArtifactEntry[] {
    const { carriers, groups } = caseCarriers(rng, items.length);
    const opener = this.opener(rng, c, question, carriers);
    const entries = carriers.map((carrier, f) => {
      const mine = items.filter((_, i) => groups[i] === f);
      return this.files.carry(
        rng,
        carrier,
        c,
        mine.map((m) => m.text),
        role,
        side,
        mine.map((m) => m.unit),
        f === opener.at ? opener.text : undefined,
      );
    });
    return items.map((_, i) => entries[groups[i]!]!);
  }

  /** User insights that resolve each condition, in a colleague's voice. */
  private userInsights(
    conditional: readonly PlacedStep[],
    chosen: ReadonlyMap<string, BranchSpec>,
  ): { text: string; unit: string; cond: string }[] {
    const rng = this.rng.fork("user-insights");
    // at most the configured share of the user's condition evidence restates the policy's condition
    const restating = new Set(
      rng.sample(
        conditional.map((_, i) => i),
        Math.floor(this.settings.restateShare * conditional.length),
      ),
    );
    return conditional.map((p, i) => {
      const cond = p.spec.condition!;
      const branch = chosen.get(cond.id)!;
      const colleague = this.colleagues[i % this.colleagues.length]!;
      const vars = this.vars(this.userCase, colleague);
      const said = this.restated(
        rng,
        fill(rng.pick(branch.evidence), vars),
        fill(branch.when, vars),
        restating.has(i),
      );
      const text = this.anchored(said.text, this.userCase);
      if (said.restated) this.surface.restated!.push(`ev_cond_${cond.id}`);
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
      return { text, unit: unit.id, cond: cond.id };
    });
  }

  /** Case facts (dates, people, specifics) that personalize unconditional steps. */
  private userFacts(placed: readonly PlacedStep[]): { text: string; unit: string; supports: number[] }[] {
    const rng = this.rng.fork("user-facts");
    return this.family.facts.map((template, i) => {
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
      return { text, unit: unit.id, supports };
    });
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
      const form = driveForm(rng, this.files.drive, d.title);
      const content = this.files.document(
        rng,
        form,
        { heading: d.heading, paragraphs },
        // neighbouring procedures sit in distractor documents as in policies, so their presence marks neither
        [this.neighbourSection(rng)].filter((x): x is Section => x !== null),
      );
      this.files.addDocument("distractor", content, form, [unit.id]);
    });
  }

  /** User distractors: workplace events in the user's mail and chat that do not bear on the question. */
  private userDistractors(): void {
    const rng = this.rng.fork("user-distractors");
    const { user } = this.distractorCounts();
    rng.sample(this.dom.userDistractors, user).forEach((d, i) => {
      const colleague = rng.pick(this.colleagues);
      const text = fill(d.text, {
        company: this.company.name,
        colleague: colleague.first,
        user_first: this.user.first,
      });
      const unit = this.unit({ id: `ev_du_${i + 1}`, role: "distractor", side: "user", text });
      // a thread or exchange the user opened, shaped like a case's: nothing but its topic sets it apart
      const shape = {
        colleague,
        texts: [text],
        role: "distractor" as const,
        side: "user" as const,
        unitIds: [unit.id],
      };
      const topic = /^[A-Z][a-z]/.test(d.topic)
        ? d.topic.charAt(0).toLowerCase() + d.topic.slice(1)
        : d.topic;
      const vars = { colleague: colleague.first, topic };
      if (rng.pick(FORMS.carriers.filter((k) => k !== "note")) === "email") {
        const ticket = caseId(rng.pick(FORMS.ticketRefs), rng);
        this.files.thread(rng, {
          ...shape,
          subject: emailSubject(rng, d.topic, ticket),
          ask: fill(rng.pick(EMAIL_TOPIC_ASKS), vars),
        });
      } else {
        this.files.exchange(rng, { ...shape, ask: fill(rng.pick(CHAT_TOPIC_ASKS), vars), vars });
      }
    });
  }

  /**
   * A message posing a case's question, drawn for the user's case and the look-alikes alike (the setting's
   * `openerRate`), carried as the user's opening message of the case's first email or chat: where (`at`, the carrier
   * index; -1 for none) and its text.
   */
  private opener(
    rng: Rng,
    c: CaseProfile,
    question: string,
    carriers: readonly string[],
  ): { at: number; text: string } {
    const at = carriers.findIndex((k) => k === "email" || k === "chat");
    if (at < 0 || !rng.chance(this.settings.openerRate)) return { at: -1, text: "" };
    const vars = this.vars(c, this.colleagues[0]!, { question });
    return { at, text: fill(rng.pick(POOLS.caseOpeners), vars) };
  }

  /**
   * Two look-alike cases. Each asks its own sub-question of the family's domain (the family's adjacent specs, in a
   * seeded order), with its own subject, case id, dates and profile facts; decisions it shares with the workflow get
   * their own branch, differing from the user's where they can. Every case carries as many sentences as the user's
   * (status notes making up the difference), so nothing in the number or size of its files tells whose it is.
   */
  private adjacentCases(
    conditional: readonly PlacedStep[],
    chosen: ReadonlyMap<string, BranchSpec>,
  ): Task["adjacent_cases"] {
    const specs = this.rng.fork("adjacent-questions").shuffle(this.family.adjacent);
    const userUnits = this.evidence.filter((u) => u.side === "user" && u.role === "insight").length;
    return this.adjacent.map((c, k) => {
      const spec: AdjacentSpec = specs[k % specs.length]!;
      const rng = this.rng.fork(`adjacent-${k + 1}`);
      const shared = conditional.filter((p) => spec.shares.includes(p.spec.condition!.id));
      const branches = chooseBranches(
        shared,
        rng,
        new Map([...chosen].filter(([id]) => spec.shares.includes(id))),
      );
      const before = [this.userCase, ...this.adjacent.slice(0, k)].map((x) => x.vars);
      constrain(c, branches.values(), rng, before, this.family.vars);
      for (const [key, values] of Object.entries(spec.vars ?? {})) c.vars[key] = rng.pick(values);
      applyBands(c, this.family, rng.fork("bands"), before, new Set(Object.keys(spec.vars ?? {})));
      const colleague = this.colleagues[(k + 1) % this.colleagues.length]!;
      const question = fill(spec.question, this.vars(c, colleague));
      const texts: { text: string; cond?: string; branch?: BranchSpec }[] = [];
      for (const f of spec.facts)
        texts.push({ text: sentence(fill(f, this.vars(c, rng.pick(this.colleagues)))) });
      for (const p of shared) {
        const b = branches.get(p.spec.condition!.id)!;
        const vars = this.vars(c, colleague);
        const said = this.restated(rng, fill(rng.pick(b.evidence), vars), fill(b.when, vars));
        texts.push({ text: said.text, cond: p.spec.condition!.id, branch: b });
      }
      // status notes make up what its facts and decisions leave short of the user's case: every case carries as
      // many sentences as the user's, so the number of its files and their lengths are one draw (caseCarriers)
      const statusLines = Math.max(2, Math.min(ADJACENT_STATUS.length, userUnits - texts.length));
      for (const s of rng.sample(ADJACENT_STATUS, statusLines))
        texts.push({ text: fill(s, this.vars(c, rng.pick(this.colleagues))) });
      const picked = rng.shuffle(texts).slice(0, userUnits);
      const items = picked.map((t, i) => {
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
        return { text, unit: unit.id };
      });
      this.carryCase(rng, c, items, "adjacent", "adjacent", question);
      const ids = items.map((item) => item.unit);
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
