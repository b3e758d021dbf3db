/**
 * @module One company's background corpus: the drive a company's employees share, written once per company per suite
 * and seen by every task of that company (`<suite>/_corpus/<id>/`, see the task store). Its documents are other
 * processes' policies, handbooks, meeting minutes and ticket logs, composed from the corpus data; each takes its form
 * (format, kind, code, title, file name, owner, date and length) from `driveForm`, the one distribution every drive
 * document of every role draws from, owned by the people who own the company's task documents, and a policy is
 * named as the families name theirs (`policyNames`). So a company's drive is large by its number of documents, not
 * by their length: a task's policy is as long as any (`env audit`'s length bands). They carry no evidence: role
 * distractor, side company. The stream is keyed by the suite's seed and secret and the company, so the corpus cannot
 * be rebuilt from what an agent sees.
 */
import { type CorpusManifest, documentHandle } from "../../core/index.ts";
import type { TaskFile } from "../../store/task-store.ts";
import { caseId, DAY_MS, isoDate, type Member, spokenDate } from "../procedural/cast.ts";
import { companyProfile, companyRng } from "../procedural/company.ts";
import { type DriveContext, driveForm, FORMS } from "../procedural/form.ts";
import { fill as fillTemplate } from "../procedural/template.ts";
import type { DocumentContent } from "../realize/content.ts";
import { realize } from "../realize/index.ts";
import { slug } from "../slug.ts";
import {
  appendixSections,
  type Filler,
  genericSections,
  handbookSections,
  minutesSections,
  type Person,
  sectionChars,
  ticketSections,
  topicSections,
} from "./compose.ts";
import { CORPUS_DATA, type CorpusData, type Topic } from "./data.ts";

/** Characters a company corpus holds by default: with a task's own documents, over three times Basic's 160,000. */
export const CORPUS_CHARS = 500_000;
/** Generated calendars start here (as the procedural cast's); a company's calendar is anchored in the following year. */
const EPOCH = Date.UTC(2025, 0, 6);
export type CompanyCorpusOptions = {
  company: { name: string; domain: string };
  /** Kinds of company documents (the domain's `docKinds`, as the task's own documents use). */
  kinds: readonly string[];
  seed: number;
  secret?: string;
  /** Characters of text to write (default `CORPUS_CHARS`). */
  chars?: number;
  /**
   * The calendar anchor its documents are dated back from (ms): the company's tasks' own (their mean when several),
   * so a background document's date is drawn as a task document's is. Default: drawn like a task's.
   */
  anchor?: number;
  /** File paths and document codes the company's tasks already use (never reused; a path gets a `-2` suffix). */
  reservedPaths?: ReadonlySet<string>;
  reservedCodes?: ReadonlySet<string>;
  /**
   * Who owns the company's task documents (the names their manifests give as authors of company drive documents):
   * the corpus's documents are owned by them too, as every drive document of a task is (`driveForm`), so no owner is
   * one only background documents have. Default: the corpus's own staff (who still speak in its minutes and logs).
   */
  owners?: readonly string[];
  data?: CorpusData;
};

export type CompanyCorpus = {
  id: string;
  manifest: CorpusManifest;
  /** Files relative to the corpus folder (`drive/<name>`). */
  files: TaskFile[];
  /** Characters of text written. */
  chars: number;
  /** What a task of the company must not reuse: document codes, file paths and surnames of the staff. */
  codes: ReadonlySet<string>;
  paths: ReadonlySet<string>;
  staff: readonly Member[];
};

/** The corpus id of a company: its name as a safe slug. */
export function corpusId(company: string): string {
  return slug(company) || "company";
}

/** A background document drawn: what it is about (its title's topic) and its sections at a length. */
type Planned = { topic: string; sections: (chars: number) => DocumentContent["sections"] };

export async function companyCorpus(options: CompanyCorpusOptions): Promise<CompanyCorpus> {
  const data = options.data ?? CORPUS_DATA;
  const target = options.chars ?? CORPUS_CHARS;
  const id = corpusId(options.company.name);
  const rng = companyRng(options.company.name, options.seed, options.secret);
  const company = options.company.name;

  // the company's systems and staff, fixed for every document of the company, the tasks' own included
  const { systems, staff } = companyProfile(options.company, options.seed, options.secret, data);
  const fill: Filler = (text) => fillTemplate(text, systems);
  const people: Person[] = staff.map((m) => ({ name: m.name, role: m.role }));
  const anchor = options.anchor ?? EPOCH + rng.fork("anchor").int(0, 300) * DAY_MS;
  const reservedCodes = options.reservedCodes ?? new Set<string>();
  const owners =
    options.owners && options.owners.length > 0 ? options.owners.map((name) => ({ name })) : staff;
  const ctx: DriveContext = {
    company,
    kinds: options.kinds,
    owners,
    anchor,
    codes: new Set(reservedCodes),
  };
  // each topic under the name this company gives it (handbooks still find their chapters by the topic's key)
  const naming = rng.fork("topic-names");
  const named: Topic[] = data.topics.map((t) => ({ ...t, name: naming.pick([t.name, ...t.names]) }));
  const topics = new Map<string, Topic>(data.topics.map((t, i) => [t.name, named[i]!]));

  const plan = rng.fork("plan");
  const topicOrder: Topic[] = [];
  const nextTopic = () => {
    if (topicOrder.length === 0) topicOrder.push(...plan.shuffle(named));
    return topicOrder.shift()!;
  };
  const dates = (n: number) =>
    Array.from({ length: n }, (_, i) => spokenDate(anchor - (i * 14 + plan.int(0, 4)) * DAY_MS));
  const ticketRef = () => caseId(plan.pick(FORMS.ticketRefs), plan);
  const padding = (chars: number) =>
    genericSections(
      data.documents.sections,
      plan.shuffle(data.documents.sections.map((_, i) => i)),
      fill,
      chars,
    );

  /** One background document: a handbook, a policy of a topic, a meeting series' minutes or a ticket log. */
  const compose = (): Planned => {
    const roll = plan.next();
    if (roll < 0.2) {
      const handbook = plan.pick(data.documents.handbooks);
      return {
        topic: handbook.name,
        sections: (chars) => {
          const sections = handbookSections(handbook, topics, fill, chars);
          // a long draw outlasts the handbook's chapters: the company's other policies follow as appendices
          const chapters = new Set(handbook.chapters.map((c) => topics.get(c)));
          const others = plan.shuffle(named.filter((t) => !chapters.has(t)));
          return [...sections, ...appendixSections(others, fill, chars - sectionChars(sections))];
        },
      };
    }
    if (roll < 0.7) {
      const topic = nextTopic();
      return {
        topic: fillTemplate(plan.pick(data.documents.policyNames), { topic: topic.name }),
        sections: (chars) => {
          // its sections in order while the drawn length lasts (a short draw is a short policy), then generic ones
          const own: DocumentContent["sections"] = [];
          for (const section of topicSections(topic, fill))
            if (own.length === 0 || sectionChars(own) < chars) own.push(section);
          const sections = [...own, ...padding(chars - sectionChars(own))];
          // a long draw outlasts the topic and the generic sections: other topics follow as appendices
          const others = plan.shuffle(named.filter((t) => t !== topic));
          sections.push(...appendixSections(others, fill, chars - sectionChars(sections)));
          return sections;
        },
      };
    }
    if (roll < 0.85) {
      const series = plan.pick(data.documents.meetings);
      return {
        topic: `${series.name} Minutes`,
        sections: (chars) => minutesSections(plan, series, dates(40), people, fill, chars),
      };
    }
    const log = plan.pick(data.documents.ticketLogs);
    return {
      topic: log.name,
      sections: (chars) => ticketSections(plan, log, ticketRef, dates(30), people, chars),
    };
  };

  const files: TaskFile[] = [];
  const artifacts: CorpusManifest["artifacts"] = [];
  const paths = new Set<string>();
  const handles = new Set<string>();
  let written = 0;
  while (written < target) {
    const doc = compose();
    const form = driveForm(rng.fork(`form/${artifacts.length}`), ctx, doc.topic);
    const content: DocumentContent = {
      kind: "document",
      title: form.title,
      subtitle: form.subtitle,
      author: form.owner.name,
      date: isoDate(form.dateMs),
      // the form's length counts the title lines, as a task document's does
      sections: doc.sections(form.chars - form.title.length - form.subtitle.length),
    };
    const bytes = await realize(content, form.format);
    let path = `drive/${form.fileStem}.${form.format}`;
    const taken = (p: string) => paths.has(p) || (options.reservedPaths?.has(p) ?? false);
    for (let n = 2; taken(path); n++) path = `drive/${form.fileStem}-${n}.${form.format}`;
    paths.add(path);
    let salt = 0;
    let handle = documentHandle(`corpus:${id}`, options.seed, bytes, salt, options.secret ?? "");
    while (handles.has(handle))
      handle = documentHandle(`corpus:${id}`, options.seed, bytes, ++salt, options.secret ?? "");
    handles.add(handle);
    files.push({ path, bytes });
    artifacts.push({
      id: handle,
      role: "distractor",
      side: "company",
      app: "drive",
      format: form.format,
      path,
      title: form.title,
      evidence: [],
      author: form.owner.name,
      date: content.date,
    });
    written += content.title.length + content.subtitle.length + sectionChars(content.sections);
  }
  artifacts.sort((a, b) => a.id.localeCompare(b.id));
  return {
    id,
    manifest: { corpus_id: id, company, artifacts },
    files,
    chars: written,
    codes: new Set([...ctx.codes].filter((c) => !reservedCodes.has(c))),
    paths,
    staff,
  };
}
