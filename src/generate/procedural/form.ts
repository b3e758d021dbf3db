/**
 * @module The observable form of every generated artifact, drawn per app from ONE distribution whatever the document's
 * role (issue 27): a company document's format, kind, code, title and file name, owner, date and skeleton size; an
 * email's subject template, times and copy list; a chat's channel and shape; a personal note's format; how many files
 * a case's evidence travels in and which apps. The policy, a neighbouring procedure, a distractor notice and the
 * company background corpus all call these functions, so nothing but their text tells them apart. The pools are the
 * data file `data/forms.json` (zod-checked when loaded).
 */
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.ts";
import { slug } from "../slug.ts";
import { DAY_MS, type Member } from "./cast.ts";
import type { Rng } from "./prng.ts";
import { fill } from "./template.ts";

const Pool = z.array(z.string().min(1)).min(1);
const Range = z.tuple([z.number().int(), z.number().int()]).refine(([a, b]) => a <= b, "expected [min, max]");
const Share = z.number().min(0).max(1);

export const CARRIERS = ["email", "chat", "note"] as const;
/** The app a piece of a case's evidence travels in: a mail thread, a chat exchange or a personal note (Markdown or DOCX). */
export type Carrier = (typeof CARRIERS)[number];

export const FormPools = z
  .object({
    drive: z
      .object({
        /** Formats of company documents (repeat one to weight it). */
        formats: z.array(z.enum(["pdf", "docx"])).min(1),
        /** Chance that a company document carries a document code (in its subtitle, and in its title when the template has one). */
        codeShare: Share,
        /** Title templates: slots {topic} {label} {kind}, and {code} in the coded ones. */
        titles: z.object({ coded: Pool, plain: Pool }).strict(),
        /** File-name templates (slugged): the same slots. */
        fileNames: z.object({ coded: Pool, plain: Pool }).strict(),
        /** What part of its topic a document is ("Process Overview", "Quick Reference"). */
        labels: Pool,
        /** A document's date: this many days before the task's calendar anchor. */
        ageDays: Range,
        /**
         * A drive document's length in characters of text, log-uniform in this range whatever its role or origin (a
         * task's policy, a neighbouring procedure, a notice, a background corpus document): many short documents
         * and a long tail of many-page ones. A task document shorter than its drawn length is padded with generic
         * sections and then with other processes' chapters, as a handbook holds them.
         */
        chars: Range,
      })
      .strict(),
    email: z
      .object({
        /** Subject templates: slots {topic} and, in the referenced ones, {ref} (a case id, a ticket number). */
        subjects: z.object({ referenced: Pool, plain: Pool }).strict(),
        refShare: Share,
        ageDays: Range,
        ccShare: Share,
        replyMinutes: Range,
      })
      .strict(),
    chat: z
      .object({
        /** Chance of an unrelated opener by a third colleague, and of small talk after the exchange. */
        openerShare: Share,
        smallTalkShare: Share,
        ageDays: Range,
        postMinutes: Range,
      })
      .strict(),
    files: z.object({ formats: z.array(z.enum(["md", "docx"])).min(1), ageDays: Range }).strict(),
    /** Patterns of the ticket a workplace thread refers to (`#` a digit), as a case thread refers to its case id. */
    ticketRefs: Pool,
    /** Apps a case's evidence travels in (repeat one to weight it); the user's case and a look-alike's alike. */
    carriers: z.array(z.enum(CARRIERS)).min(1),
    /** How many files carry one case's evidence (the user's and every look-alike's alike). */
    filesPerCase: Range,
  })
  .strict();
export type FormPools = z.infer<typeof FormPools>;

export function loadForms(path = join(import.meta.dir, "data", "forms.json")): FormPools {
  return readDataFile(FormPools, path);
}

export const FORMS: FormPools = loadForms();

/** A date `range` days (inclusive) before `anchor`, at the start of its day (ms). */
export function daysBefore(rng: Rng, range: readonly [number, number], anchor: number): number {
  return anchor - rng.int(range[0], range[1]) * DAY_MS;
}

/** A time during working hours (08:00–17:00) on the day of `dayMs`. */
export function workingTime(rng: Rng, dayMs: number): number {
  return dayMs + rng.int(8 * 60, 17 * 60) * 60_000;
}

/** What every company document of a task draws its form from: the company's kinds of documents, owners and calendar. */
export type DriveContext = {
  company: string;
  /** Kinds of company documents ("Support Playbook", "Standard Operating Procedure"…). */
  kinds: readonly string[];
  /** People who own company documents; any document of any role is owned by one of them (its name is what shows). */
  owners: readonly Pick<Member, "name">[];
  anchor: number;
  /** Codes already given in this task (a code names one document). */
  codes: Set<string>;
  /**
   * Titles and file names already given (when kept): a drawn template that repeats one is drawn again, so several
   * documents of one topic never share a title or become numbered copies of a file.
   */
  titles?: Set<string>;
  stems?: Set<string>;
};

/** A company document's observable form. */
export type DriveForm = {
  format: "pdf" | "docx";
  kind: string;
  /** Its document code ("SP-412"), or null for an uncoded document. */
  code: string | null;
  title: string;
  /** The line under the title: kind, code, company and owner. */
  subtitle: string;
  /** File name without extension (slugged); the planner adds the app folder and de-duplicates. */
  fileStem: string;
  owner: Pick<Member, "name">;
  dateMs: number;
  /** Characters of text the document is padded to (`documentChars`). */
  chars: number;
  label: string;
};

/** A template of `templates` filled with `slots` that `taken` does not hold yet (the drawn one when all are taken). */
function fresh(
  rng: Rng,
  templates: readonly string[],
  slots: Record<string, string>,
  taken: Set<string> | undefined,
  shown: (filled: string) => string = (x) => x,
): string {
  const first = shown(fill(rng.pick(templates), slots));
  if (!taken) return first;
  const value = taken.has(first)
    ? (rng
        .shuffle(templates)
        .map((t) => shown(fill(t, slots)))
        .find((v) => !taken.has(v)) ?? first)
    : first;
  taken.add(value);
  return value;
}

/** "Standard Operating Procedure" → "SOP", "Support Playbook" → "SP": a kind's code prefix (at most four letters). */
export function codePrefix(kind: string): string {
  const initials = kind
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !/^(of|and|for|the|to|on)$/i.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return initials.slice(0, 4) || "DOC";
}

/** A fresh code for a document of `kind`: its prefix and three digits, unique in the task. */
export function documentCode(rng: Rng, kind: string, taken: Set<string>): string {
  const prefix = codePrefix(kind);
  for (;;) {
    const code = `${prefix}-${rng.int(100, 899)}`;
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

/**
 * The form of a company document about `topic` (a policy's name, a neighbouring procedure's, a notice's title), drawn
 * the same way for every role: format, kind, code (with `codeShare`), title and file-name templates, owner, date and
 * its length. `label` (what part of the topic it is) is drawn unless given, so a caller writing
 * several documents of one topic can deal distinct labels (`drawLabels`).
 */
export function driveForm(rng: Rng, ctx: DriveContext, topic: string, label?: string): DriveForm {
  const pools = FORMS.drive;
  const format = rng.pick(pools.formats);
  const kind = rng.pick(ctx.kinds);
  const code = rng.chance(pools.codeShare) ? documentCode(rng, kind, ctx.codes) : null;
  const part = label ?? rng.pick(pools.labels);
  const slots = { topic, label: part, kind, code: code ?? "" };
  const title = fresh(rng, code ? pools.titles.coded : pools.titles.plain, slots, ctx.titles);
  const fileStem = fresh(rng, code ? pools.fileNames.coded : pools.fileNames.plain, slots, ctx.stems, slug);
  const owner = rng.pick(ctx.owners);
  return {
    format,
    kind,
    code,
    title,
    subtitle: `${kind}${code ? ` ${code}` : ""} | ${ctx.company} | Owner: ${owner.name}`,
    fileStem,
    owner,
    dateMs: daysBefore(rng, pools.ageDays, ctx.anchor),
    chars: documentChars(rng),
    label: part,
  };
}

/** A drive document's length: log-uniform in `drive.chars` (the one length distribution of every drive document). */
export function documentChars(
  rng: Pick<Rng, "next">,
  range: readonly [number, number] = FORMS.drive.chars,
): number {
  const [lo, hi] = range;
  return Math.round(lo * (hi / lo) ** rng.next());
}

/** `n` labels for documents of one topic, distinct while the pool lasts. */
export function drawLabels(rng: Rng, n: number): string[] {
  const pool = FORMS.drive.labels;
  const out: string[] = [];
  while (out.length < n) out.push(...rng.shuffle(pool));
  return out.slice(0, n);
}

/** An email subject: `topic` (a case's subject, a workplace topic) with `ref` (its case id, its ticket) or without. */
export function emailSubject(rng: Rng, topic: string, ref: string): string {
  const pools = FORMS.email.subjects;
  const referenced = rng.chance(FORMS.email.refShare);
  return fill(rng.pick(referenced ? pools.referenced : pools.plain), { topic, ref });
}

/** When a thread starts and how long its reply takes, and whether a third colleague is copied. */
export function emailTiming(rng: Rng, anchor: number): { startMs: number; replyMs: number; cc: boolean } {
  const e = FORMS.email;
  const startMs = workingTime(rng, daysBefore(rng, e.ageDays, anchor));
  return {
    startMs,
    replyMs: startMs + rng.int(e.replyMinutes[0], e.replyMinutes[1]) * 60_000,
    cc: rng.chance(e.ccShare),
  };
}

/** A chat exchange's channel (one list for every role: the team's channels and town-square), start and shape. */
export function chatForm(
  rng: Rng,
  channels: readonly string[],
  anchor: number,
): { channel: string; startMs: number; opener: boolean; smallTalk: boolean } {
  const c = FORMS.chat;
  return {
    channel: rng.pick(channels),
    startMs: workingTime(rng, daysBefore(rng, c.ageDays, anchor)),
    opener: rng.chance(c.openerShare),
    smallTalk: rng.chance(c.smallTalkShare),
  };
}

/** Minutes between two chat posts. */
export function postGap(rng: Rng): number {
  const [a, b] = FORMS.chat.postMinutes;
  return rng.int(a, b) * 60_000;
}

/** A personal note's format and day. */
export function noteForm(rng: Rng, anchor: number): { format: "md" | "docx"; dayMs: number } {
  return { format: rng.pick(FORMS.files.formats), dayMs: daysBefore(rng, FORMS.files.ageDays, anchor) };
}

/**
 * How one case's `n` evidence sentences travel: into as many files as `filesPerCase` draws (never more than `n`),
 * each an app from `carriers`; sentence i goes to file `groups[i]`. The same draw for the user's case and every
 * look-alike, so neither the number of a case's files nor their apps tell whose case it is. The first `files`
 * sentences go one to each file.
 */
export function caseCarriers(rng: Rng, n: number): { carriers: Carrier[]; groups: number[] } {
  const [lo, hi] = FORMS.filesPerCase;
  const files = Math.max(1, Math.min(n, rng.int(lo, hi)));
  const carriers = Array.from({ length: files }, () => rng.pick(FORMS.carriers));
  // the first `files` sentences go one to each file (callers put evidence first), the rest to files drawn at random
  const groups = [
    ...rng.shuffle(Array.from({ length: files }, (_, i) => i)),
    ...Array.from({ length: n - files }, () => rng.int(0, files - 1)),
  ];
  return { carriers, groups };
}
