/** @module Artifact planning: ids, paths, company documents in their drawn form, email threads, chat exchanges and notes. */
import type { AppName, ArtifactEntry, ArtifactFormat, ArtifactRole, EvidenceSide } from "../../core/index.ts";
import { artifactId } from "../../core/index.ts";
import { appendixSections, sectionChars } from "../corpus/compose.ts";
import { CORPUS_DATA } from "../corpus/data.ts";
import { messageId } from "../message-id.ts";
import type {
  ArtifactContent,
  ChatContent,
  DocumentContent,
  EmailContent,
  Section,
} from "../realize/content.ts";
import { slug } from "../slug.ts";
import { type CaseProfile, isoDate, type Member, spokenDate } from "./cast.ts";
import type { DomainSpec, FamilySpec } from "./family.ts";
import {
  type Carrier,
  chatForm,
  type DriveContext,
  type DriveForm,
  emailSubject,
  emailTiming,
  noteForm,
  postGap,
} from "./form.ts";
import type { Rng } from "./prng.ts";
import { fill } from "./template.ts";
import {
  CHAT_ACKS,
  CHAT_ASKS,
  CHAT_OPENERS,
  CHAT_SMALL_TALK,
  EMAIL_ASKS,
  EMAIL_CLOSERS,
  EMAIL_GREETINGS,
  GENERIC_FILLERS,
  NOTE_LAYOUTS,
  NOTE_OPEN_ITEMS,
} from "./voice.ts";

/**
 * Generic sections of the company background corpus that name no company system: padding a company document draws
 * on, after its domain's and the generic policy sections, to reach its drawn length.
 */
const PADDING: readonly Section[] = CORPUS_DATA.documents.sections
  .filter((s) => s.paragraphs.every((p) => !p.includes("{")))
  .map((s) => ({ heading: s.heading, paragraphs: [...s.paragraphs] }));

export type PlannedArtifact = { entry: ArtifactEntry; content: ArtifactContent };

export type PlannerContext = {
  taskId: string;
  family: FamilySpec;
  dom: DomainSpec;
  company: DomainSpec["companies"][number];
  user: Member;
  colleagues: Member[];
  /** The task's calendar anchor (ms since epoch). */
  anchor: number;
  /** The suite's secret (keys Message-IDs; empty: none). */
  secret: string;
  /** Who owns company documents (any document of any role, and the company corpus's: `writeSuiteCorpora`). */
  owners: readonly Member[];
  /** The company's systems (`companyProfile`): the names the chapters of other processes padding a long document use. */
  systems: Readonly<Record<string, string>>;
  /** Chat channels (every exchange of every role draws from them). */
  channels: readonly string[];
  /** Template variables for a case as a given colleague writes about it. */
  vars: (c: CaseProfile, colleague: Member) => Record<string, string>;
};

/** Plans every artifact of a task: working ids by role (`<task>_IN_<n>` …, replaced by handles in `sealTask`), unique paths per app, and the content. */
export class ArtifactPlanner {
  readonly artifacts: PlannedArtifact[] = [];
  private readonly counters: Record<ArtifactRole, number> = { insight: 0, distractor: 0, adjacent: 0 };
  private readonly usedPaths = new Set<string>();
  private messageCount = 0;
  private readonly taskId: string;
  private readonly family: FamilySpec;
  private readonly dom: DomainSpec;
  private readonly company: PlannerContext["company"];
  private readonly user: Member;
  private readonly colleagues: Member[];
  private readonly anchor: number;
  private readonly secret: string;
  private readonly vars: PlannerContext["vars"];
  private readonly channels: readonly string[];
  private readonly systems: Readonly<Record<string, string>>;

  constructor(context: PlannerContext) {
    this.systems = context.systems;
    this.taskId = context.taskId;
    this.family = context.family;
    this.dom = context.dom;
    this.company = context.company;
    this.user = context.user;
    this.colleagues = context.colleagues;
    this.anchor = context.anchor;
    this.secret = context.secret;
    this.vars = context.vars;
    this.channels = context.channels;
    this.drive = {
      company: this.company.name,
      kinds: this.dom.docKinds,
      owners: context.owners,
      anchor: this.anchor,
      codes: new Set(),
      titles: new Set(),
      stems: new Set(),
    };
  }

  add(
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
    const base = slug(meta.pathHint);
    let path = `${app}/${base}.${ext}`;
    for (let k = 2; this.usedPaths.has(path); k++) path = `${app}/${base}-${k}.${ext}`;
    this.usedPaths.add(path);
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
  /** What every company document of the task draws its form from (`driveForm`): one context, whatever the role. */
  readonly drive: DriveContext;

  /**
   * A company document of `form`: its own sections (`injected` at a drawn place among the generic ones, `appendices`
   * after them) and generic sections (at least one) until the text reaches the form's `chars` (one length
   * distribution whatever the role: a short notice is padded as a policy is). A long draw outlasts the generic
   * sections: the rest is other processes' policies as lettered appendices (`Appendix A: Leave and Time Off`, from
   * the company corpus's topics in the company's systems), as a many-page manual holds them, section by section.
   */
  document(
    rng: Rng,
    form: DriveForm,
    injected: Section,
    appendices: readonly Section[] = [],
  ): DocumentContent {
    const company = { company: this.company.name };
    const seen = new Set<string>();
    const pool: Section[] = [
      ...this.dom.fillers.map((f) => ({ heading: f.heading, paragraphs: [f.text] })),
      ...GENERIC_FILLERS.map((f) => ({ heading: f.heading, paragraphs: [fill(f.text, company)] })),
      ...PADDING,
    ].filter((f) => !seen.has(f.heading) && seen.add(f.heading));
    const own = [injected, ...appendices];
    const order = rng.shuffle(pool);
    const fillers: typeof pool = [];
    let chars = form.title.length + form.subtitle.length + sectionChars(own);
    for (const f of order) {
      if (fillers.length >= 1 && chars >= form.chars) break;
      fillers.push(f);
      chars += sectionChars([f]);
    }
    // keep the pool's order (scope first, revision history last) so the skeleton reads like a real document
    fillers.sort((a, b) => pool.indexOf(a) - pool.indexOf(b));
    const at = rng.int(1, Math.max(1, fillers.length - 1));
    const sections: Section[] = [...fillers];
    sections.splice(at, 0, injected);
    sections.push(...appendices);
    // company documents number their sections, so policies can cite "section 3 of LE-412"
    const numbered = sections.map((section, i) => ({
      heading: `${i + 1} ${section.heading}`,
      paragraphs: section.paragraphs,
    }));
    if (chars < form.chars)
      numbered.push(
        ...appendixSections(
          rng.shuffle(CORPUS_DATA.topics),
          (text) => fill(text, this.systems),
          form.chars - chars,
        ),
      );
    return {
      kind: "document",
      title: form.title,
      subtitle: form.subtitle,
      author: form.owner.name,
      date: isoDate(form.dateMs),
      sections: numbered,
    };
  }

  /** File a company document under its form's file name. */
  addDocument(
    role: ArtifactRole,
    content: DocumentContent,
    form: DriveForm,
    evidence: string[],
  ): ArtifactEntry {
    return this.add(
      role,
      "company",
      content,
      form.format,
      { title: form.title, author: form.owner.name, dateMs: form.dateMs, pathHint: form.fileStem },
      evidence,
    );
  }

  /**
   * One file of a case's evidence (the user's or a look-alike's, drawn alike): `texts` in an email reply, a chat
   * exchange or a personal note, each carrier's form from `form.ts`.
   */
  carry(
    rng: Rng,
    carrier: Carrier,
    c: CaseProfile,
    texts: readonly string[],
    role: ArtifactRole,
    side: EvidenceSide,
    unitIds: string[],
    /** The user's opening message in an email or chat (a question about the case); a routine ask when absent. */
    ask?: string,
  ): ArtifactEntry {
    const colleague = rng.pick(this.colleagues);
    const vars = this.vars(c, colleague);
    if (carrier === "email")
      return this.thread(rng, {
        colleague,
        subject: emailSubject(rng, c.subjectRef, c.caseId),
        ask: ask ?? fill(rng.pick(EMAIL_ASKS), vars),
        texts,
        role,
        side,
        unitIds,
      });
    if (carrier === "chat")
      return this.exchange(rng, {
        colleague,
        ask: ask ?? fill(rng.pick(CHAT_ASKS), vars),
        texts,
        vars,
        role,
        side,
        unitIds,
      });
    const note = noteForm(rng, this.anchor);
    // a layout whose title this case has not used yet, so no note is a numbered copy
    const layouts = rng.shuffle(NOTE_LAYOUTS);
    const titleOf = (l: (typeof NOTE_LAYOUTS)[number]) => `${l.title} - ${c.subjectRef} (${c.caseId})`;
    const layout =
      layouts.find((l) => !this.usedPaths.has(`files/${slug(titleOf(l))}.${note.format}`)) ?? layouts[0]!;
    const title = titleOf(layout);
    const openItems = rng.sample(NOTE_OPEN_ITEMS, 2).map((t) => fill(t, vars));
    const heard = [`From ${colleague.name} (${colleague.role}), ${spokenDate(note.dayMs)}:`, ...texts];
    const content: DocumentContent = {
      kind: "document",
      title,
      subtitle: `${this.family.subjectKind} case ${c.caseId}`,
      author: this.user.name,
      date: isoDate(note.dayMs),
      sections: layout.openItemsFirst
        ? [
            { heading: layout.openItems, paragraphs: openItems },
            { heading: layout.heard, paragraphs: heard },
          ]
        : [
            { heading: layout.heard, paragraphs: heard },
            { heading: layout.openItems, paragraphs: openItems },
          ],
    };
    return this.add(
      role,
      side,
      content,
      note.format,
      { title, author: this.user.name, dateMs: note.dayMs, pathHint: title },
      unitIds,
    );
  }

  /**
   * A thread the user opened with `ask` and `colleague` answered with `texts` (a case's evidence, a workplace topic):
   * the same subject, timing, copy list and reply shape whatever it carries.
   */
  thread(
    rng: Rng,
    t: {
      colleague: Member;
      subject: string;
      ask: string;
      texts: readonly string[];
      role: ArtifactRole;
      side: EvidenceSide;
      unitIds: string[];
    },
  ): ArtifactEntry {
    const { colleague, subject } = t;
    const other = rng.pick(this.colleagues.filter((m) => m !== colleague));
    const timing = emailTiming(rng, this.anchor);
    const vars = { user_first: this.user.first, colleague: colleague.first };
    const opening = this.message(this.user, [colleague], [], timing.startMs, subject, t.ask);
    const reply = this.message(
      colleague,
      [this.user],
      timing.cc ? [other] : [],
      timing.replyMs,
      `Re: ${subject}`,
      [
        fill(rng.pick(EMAIL_GREETINGS), vars),
        ...t.texts,
        fill(rng.pick(EMAIL_CLOSERS), vars),
        `${colleague.first}`,
      ].join("\n\n"),
    );
    const content: EmailContent = { kind: "email", thread: [opening, reply] };
    // named as a mail export names a thread: its day, hour and minute and who opened it, so no two threads of a day
    // are numbered copies and the file name does not repeat the subject's words (their count would tell a topic)
    const clock = new Date(timing.startMs).toISOString().slice(11, 16).replace(":", "");
    return this.add(
      t.role,
      t.side,
      content,
      "eml",
      {
        title: reply.subject,
        author: colleague.name,
        dateMs: timing.startMs,
        pathHint: `${isoDate(timing.startMs)} ${clock} ${this.user.username}`,
      },
      t.unitIds,
    );
  }

  /**
   * A chat exchange: perhaps an unrelated opener by a third colleague, the user's `ask`, `colleague`'s `texts`, the
   * user's thanks, perhaps small talk after; channel and shape from `chatForm`, whatever it carries.
   */
  exchange(
    rng: Rng,
    t: {
      colleague: Member;
      ask: string;
      texts: readonly string[];
      vars: Record<string, string>;
      role: ArtifactRole;
      side: EvidenceSide;
      unitIds: string[];
    },
  ): ArtifactEntry {
    const { colleague } = t;
    const other = rng.pick(this.colleagues.filter((m) => m !== colleague));
    const form = chatForm(rng, this.channels, this.anchor);
    const lines: [Member, string][] = [];
    if (form.opener) lines.push([other, fill(rng.pick(CHAT_OPENERS), t.vars)]);
    lines.push([this.user, t.ask]);
    for (const text of t.texts) lines.push([colleague, text]);
    lines.push([this.user, rng.pick(CHAT_ACKS)]);
    if (form.smallTalk) lines.push([other, fill(rng.pick(CHAT_SMALL_TALK), t.vars)]);
    const content = this.chat(form.channel, lines, form.startMs, rng);
    return this.add(
      t.role,
      t.side,
      content,
      "chat",
      {
        title: `#${form.channel} ${isoDate(form.startMs)}`,
        author: colleague.name,
        dateMs: form.startMs,
        pathHint: `${form.channel} ${isoDate(form.startMs)}`,
      },
      t.unitIds,
    );
  }
  message(from: Member, to: Member[], cc: Member[], ms: number, subject: string, body: string) {
    const id = messageId(`${this.taskId}/${++this.messageCount}`, `mail.${this.company.domain}`, this.secret);
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
  chat(channel: string, lines: [Member, string][], startMs: number, rng: Rng): ChatContent {
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
        t += postGap(rng);
        return { user: m.username, message, create_at: t };
      }),
    };
  }
}
