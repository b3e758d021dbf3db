/** @module Artifact planning: ids, paths, document skeletons with one injected section, email threads, chat channels and notes. */
import type { AppName, ArtifactEntry, ArtifactFormat, ArtifactRole, EvidenceSide } from "../../core/index.ts";
import { artifactId } from "../../core/index.ts";
import { messageId } from "../message-id.ts";
import type {
  ArtifactContent,
  ChatContent,
  DocumentContent,
  EmailContent,
  Section,
} from "../realize/content.ts";
import { slug } from "../slug.ts";
import { type CaseProfile, DAY_MS, isoDate, type Member, spokenDate } from "./cast.ts";
import type { DomainSpec, FamilySpec } from "./family.ts";
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

export type PlannedArtifact = { entry: ArtifactEntry; content: ArtifactContent };

/** How a user-side sentence travels: an email reply, a chat exchange, a Markdown note or a DOCX case summary. */
export type Carrier = "email" | "chat" | "md" | "docx";

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

  constructor(context: PlannerContext) {
    this.taskId = context.taskId;
    this.family = context.family;
    this.dom = context.dom;
    this.company = context.company;
    this.user = context.user;
    this.colleagues = context.colleagues;
    this.anchor = context.anchor;
    this.secret = context.secret;
    this.vars = context.vars;
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
  document(
    rng: Rng,
    meta: { title: string; subtitle: string; author: string; dateMs: number },
    injected: Section,
    fillerCount: [number, number],
    appendices: readonly Section[] = [],
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
    sections.push(...appendices);
    return {
      kind: "document",
      title: meta.title,
      subtitle: meta.subtitle,
      author: meta.author,
      date: isoDate(meta.dateMs),
      // company documents number their sections, so policies can cite "section 3 of LE-412"
      sections: sections.map((section, i) => ({
        heading: `${i + 1} ${section.heading}`,
        paragraphs: section.paragraphs,
      })),
    };
  }
  docCode(rng: Rng): string {
    const letters = this.family.id
      .replace(/[^a-z]/g, "")
      .slice(0, 2)
      .toUpperCase();
    return `${letters}-${rng.int(100, 899)}`;
  }
  /** The carrier text for one user-side sentence: an email reply, a chat exchange or a personal note. */
  carry(
    rng: Rng,
    carrier: Carrier,
    c: CaseProfile,
    text: string,
    role: ArtifactRole,
    side: EvidenceSide,
    unitIds: string[],
    topic: string,
    /** The user's opening message in an email or chat (a question about the case); a routine ask when absent. */
    ask?: string,
  ): ArtifactEntry {
    const colleague = rng.pick(this.colleagues);
    const other = rng.pick(this.colleagues.filter((m) => m !== colleague));
    const vars = this.vars(c, colleague);
    const dayMs = this.anchor - rng.int(0, 9) * DAY_MS;
    const startMs = dayMs + rng.int(8 * 60, 16 * 60) * 60_000;
    if (carrier === "email") {
      const subject = fill(topic, vars);
      const opening = this.message(
        this.user,
        [colleague],
        [],
        startMs,
        subject,
        ask ?? fill(rng.pick(EMAIL_ASKS), vars),
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
      const content: EmailContent = { kind: "email", thread: [opening, reply] };
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
      lines.push([this.user, ask ?? fill(rng.pick(CHAT_ASKS), vars)]);
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
    const layout = rng.pick(NOTE_LAYOUTS);
    const title = `${carrier === "md" ? layout.title : "Case summary"} - ${c.subjectRef} (${c.caseId})`;
    const openItems = rng.sample(NOTE_OPEN_ITEMS, 2).map((t) => fill(t, vars));
    const heard = [`From ${colleague.name} (${colleague.role}), ${spokenDate(dayMs)}:`, text];
    const content: DocumentContent = {
      kind: "document",
      title,
      subtitle: `${this.family.subjectKind} case ${c.caseId}`,
      author: this.user.name,
      date: isoDate(dayMs),
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
      carrier === "md" ? "md" : "docx",
      { title, author: this.user.name, dateMs: dayMs, pathHint: title },
      unitIds,
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
        t += rng.int(1, 25) * 60_000;
        return { user: m.username, message, create_at: t };
      }),
    };
  }
  carriers(rng: Rng, n: number, kinds: Carrier[]): Carrier[] {
    const out: Carrier[] = [];
    while (out.length < n) out.push(...rng.shuffle(kinds));
    return out.slice(0, n);
  }
}
