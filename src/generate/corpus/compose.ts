/**
 * @module The sections of a background document, composed from the corpus data: another process's policy (one topic),
 * a handbook (several topics as chapters), meeting minutes (a series' meetings), a ticket log (a queue's tickets),
 * and the generic sections any document may carry. Each composer writes sections until the document reaches the
 * length it was given, so lengths follow the one distribution every drive document draws from.
 */
import type { Section } from "../realize/content.ts";
import type { CorpusDocuments, Topic } from "./data.ts";

/** Fills `{slot}`s of the data with the company's values. */
export type Filler = (text: string) => string;

export type Person = { name: string; role: string };

/** Characters a reader sees of sections (headings and paragraphs, a line each). */
export function sectionChars(sections: readonly Section[]): number {
  return sections.reduce(
    (n, s) => n + s.heading.length + 1 + s.paragraphs.reduce((m, p) => m + p.length + 1, 0),
    0,
  );
}

/** A topic's sections, headings optionally numbered as a chapter (`4.2 Scope`). */
export function topicSections(topic: Topic, fill: Filler, chapter?: number): Section[] {
  const h = (k: number, name: string) => (chapter === undefined ? name : `${chapter}.${k} ${name}`);
  const sections: Section[] = [
    { heading: h(1, "Purpose"), paragraphs: topic.purpose.map(fill) },
    { heading: h(2, "Scope"), paragraphs: topic.scope.map(fill) },
    { heading: h(3, "Definitions"), paragraphs: topic.definitions.map(([t, d]) => `${t}: ${fill(d)}`) },
    {
      heading: h(4, "Roles and Responsibilities"),
      paragraphs: topic.responsibilities.map(([r, d]) => `${r}: ${fill(d)}`),
    },
    { heading: h(5, "Procedure"), paragraphs: topic.procedure.map((s, i) => `${i + 1}. ${fill(s)}`) },
    { heading: h(6, "Requirements"), paragraphs: topic.requirements.map(fill) },
    { heading: h(7, "Exceptions"), paragraphs: topic.exceptions.map(fill) },
    {
      heading: h(8, "Questions and Answers"),
      paragraphs: topic.faq.map(([q, a]) => `${fill(q)} ${fill(a)}`),
    },
  ];
  if (chapter !== undefined) sections.unshift({ heading: `${chapter}. ${topic.name}`, paragraphs: [] });
  return sections;
}

/**
 * Other processes' policies as lettered appendices of a long document (`Appendix A: Leave and Time Off`, `A.1
 * Purpose`…), in the order given, section by section until `chars` more characters are written: how a many-page
 * manual holds more than its own topic, whichever document (a task's policy, a background one) it is. An appendix
 * summarizes a related policy in prose (purpose, scope, requirements, exceptions, questions), without its numbered
 * procedure, definitions or duties (those live in the policy's own document), so a long policy lists one process's
 * steps, terms and roles, as a short one does.
 */
const APPENDIX_OMITS = /^0\.\d+ (?:Procedure|Definitions|Roles and Responsibilities)$/;

export function appendixSections(topics: readonly Topic[], fill: Filler, chars: number): Section[] {
  const out: Section[] = [];
  let written = 0;
  topics.forEach((topic, k) => {
    const letter = String.fromCharCode(65 + (k % 26)).repeat(1 + Math.floor(k / 26));
    const [, ...parts] = topicSections(topic, fill, 0).filter((p) => !APPENDIX_OMITS.test(p.heading));
    const sections = [
      { heading: `Appendix ${letter}: ${topic.name}`, paragraphs: [] },
      ...parts.map((p) => ({ heading: p.heading.replace(/^0\./, `${letter}.`), paragraphs: p.paragraphs })),
    ];
    for (const section of sections) {
      if (written >= chars) return;
      out.push(section);
      written += sectionChars([section]);
    }
  });
  return out;
}

/** Generic sections, in the order given, until `chars` more characters are written (at least one). */
export function genericSections(
  pool: CorpusDocuments["sections"],
  order: readonly number[],
  fill: Filler,
  chars: number,
): Section[] {
  const out: Section[] = [];
  for (const i of order) {
    if (out.length > 0 && sectionChars(out) >= chars) break;
    const s = pool[i]!;
    out.push({ heading: s.heading, paragraphs: s.paragraphs.map(fill) });
  }
  return out;
}

/**
 * A handbook: its introduction, then its chapters' sections in order until the document reaches `chars` (a section at
 * a time, as every drive document grows to its drawn length, so a short one holds the first chapter or two).
 */
export function handbookSections(
  handbook: CorpusDocuments["handbooks"][number],
  topics: ReadonlyMap<string, Topic>,
  fill: Filler,
  chars: number,
): Section[] {
  const out: Section[] = [{ heading: "Introduction", paragraphs: handbook.intro.map(fill) }];
  const all = handbook.chapters.flatMap((name, i) => topicSections(topics.get(name)!, fill, i + 1));
  for (const section of all) {
    if (sectionChars(out) >= chars) break;
    out.push(section);
  }
  return out;
}

/** One meeting's minutes: who attended, then each agenda item's notes, decision and action. */
function meeting(
  series: CorpusDocuments["meetings"][number],
  items: readonly CorpusDocuments["meetings"][number]["items"][number][],
  date: string,
  attendees: readonly Person[],
  fill: Filler,
): Section[] {
  return [
    {
      heading: `Meeting of ${date}`,
      paragraphs: [
        `Attendees: ${attendees.map((p) => `${p.name} (${p.role})`).join(", ")}.`,
        `Minutes of the ${series.name.toLowerCase()}. The minutes of the previous meeting were accepted without changes.`,
      ],
    },
    ...items.map((item, k) => ({
      heading: `${k + 1}. ${item.title}`,
      paragraphs: [
        ...item.notes.map(fill),
        `Decision: ${fill(item.decision)}`,
        `Action: ${fill(item.action)}`,
      ],
    })),
  ];
}

export type Draw = {
  int(min: number, max: number): number;
  pick<T>(xs: readonly T[]): T;
  sample<T>(xs: readonly T[], n: number): T[];
};

/** Minutes of a meeting series: meetings (each a few agenda items), newest first, until the document reaches `chars`. */
export function minutesSections(
  rng: Draw,
  series: CorpusDocuments["meetings"][number],
  dates: readonly string[],
  people: readonly Person[],
  fill: Filler,
  chars: number,
): Section[] {
  const out: Section[] = [];
  for (const date of dates) {
    if (out.length > 0 && sectionChars(out) >= chars) break;
    const items = rng.sample(series.items, rng.int(2, Math.min(4, series.items.length)));
    const attendees = series.attendees.map(
      (role) => people.find((p) => p.role === role) ?? { name: role, role },
    );
    out.push(...meeting(series, items, date, attendees, fill));
  }
  return out;
}

/** A ticket log: one section per category, tickets (reference, summary, who raised it, how it was resolved). */
export function ticketSections(
  rng: Draw,
  log: CorpusDocuments["ticketLogs"][number],
  ref: () => string,
  dates: readonly string[],
  people: readonly Person[],
  chars: number,
): Section[] {
  const out: Section[] = [
    {
      heading: "Summary",
      paragraphs: [
        `This ${log.name.toLowerCase()} lists the requests closed in the period, grouped by category, with how each was resolved. Open requests are carried to the next review.`,
      ],
    },
  ];
  for (let round = 0; sectionChars(out) < chars && round < 50; round++) {
    for (const category of log.categories) {
      if (sectionChars(out) >= chars) break;
      const tickets = rng.sample(category.summaries, rng.int(2, category.summaries.length)).map((summary) => {
        const who = rng.pick(people);
        const days = rng.int(0, 6);
        return `${ref()}: ${summary}. Raised by ${who.name} on ${rng.pick(dates)}. ${rng.pick(category.resolutions)} Closed ${days === 0 ? "the same day" : `after ${days} working day${days === 1 ? "" : "s"}`}.`;
      });
      out.push({
        heading: round === 0 ? category.name : `${category.name} (continued)`,
        paragraphs: tickets,
      });
    }
  }
  return out;
}
