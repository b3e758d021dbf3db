/**
 * @module The company background corpus's content, as data (`data/topics.json`, `data/documents.json`), zod-checked
 * when loaded: the topics of other processes' policies (purpose, scope, definitions, responsibilities, procedure,
 * requirements, exceptions, questions and answers), handbooks made of those topics, meeting series, ticket logs,
 * generic document sections, and the company systems and staff roles their `{slots}` name. None of it is about a
 * workflow family's process; `corpus.test.ts` holds it to that.
 */
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.ts";

const Text = z.string().min(1);
const Texts = z.array(Text).min(1);
const Pair = z.tuple([Text, Text]);

export const Topic = z
  .object({
    /** The topic's key (handbooks name their chapters by it), and one of the names a company may give it. */
    name: Text,
    /**
     * Other names a company may give the topic ("Expense Claims" for "Travel and Expense Reimbursement"), one drawn
     * per company: companies name their policies their own way, so no topic's words recur in every company's drive
     * while a task's own process is named once (`env audit`'s title templates).
     */
    names: z.array(Text).default([]),
    purpose: Texts,
    scope: Texts,
    definitions: z.array(Pair).min(1),
    /** (role, duty) */
    responsibilities: z.array(Pair).min(1),
    /** The topic's own procedure, in order. */
    procedure: Texts,
    requirements: Texts,
    exceptions: Texts,
    /** (question, answer) */
    faq: z.array(Pair).min(1),
  })
  .strict();
export type Topic = z.infer<typeof Topic>;

export const MeetingItem = z.object({ title: Text, notes: Texts, decision: Text, action: Text }).strict();
export type MeetingItem = z.infer<typeof MeetingItem>;

export const CorpusDocuments = z
  .object({
    /** `{slot}` → the names a company may use for that system (one drawn per company). */
    systems: z.record(z.string().regex(/^[a-z_]+$/), Texts),
    /** Roles of the company staff who own background documents. */
    staffRoles: Texts,
    /**
     * How a policy of a topic is named (`{topic}`: the topic's name), drawn per document: the process policies of the
     * workflow families are named so ("… Procedure", "… Policy", "… Standard"), and a drive's other policies alike.
     */
    policyNames: z.array(z.string().regex(/\{topic\}/, "expected the {topic} slot")).min(1),
    handbooks: z.array(z.object({ name: Text, intro: Texts, chapters: Texts }).strict()).min(1),
    meetings: z
      .array(z.object({ name: Text, attendees: Texts, items: z.array(MeetingItem).min(2) }).strict())
      .min(1),
    ticketLogs: z
      .array(
        z
          .object({
            name: Text,
            categories: z
              .array(z.object({ name: Text, summaries: Texts, resolutions: Texts }).strict())
              .min(1),
          })
          .strict(),
      )
      .min(1),
    /** Generic sections any document may carry (document control, related documents, contacts…). */
    sections: z.array(z.object({ heading: Text, paragraphs: Texts }).strict()).min(1),
  })
  .strict();
export type CorpusDocuments = z.infer<typeof CorpusDocuments>;

export type CorpusData = { topics: Topic[]; documents: CorpusDocuments };

/** The corpus data in `dir` (default: this module's `data/`); a handbook chapter must name a topic. */
export function loadCorpusData(dir = join(import.meta.dir, "data")): CorpusData {
  const topics = readDataFile(
    z.object({ topics: z.array(Topic).min(1) }).strict(),
    join(dir, "topics.json"),
  ).topics;
  const documents = readDataFile(CorpusDocuments, join(dir, "documents.json"));
  const names = new Set(topics.map((t) => t.name));
  for (const h of documents.handbooks)
    for (const c of h.chapters)
      if (!names.has(c))
        throw new Error(
          `${join(dir, "documents.json")}: handbook "${h.name}" names chapter "${c}", not a topic`,
        );
  return { topics, documents };
}

export const CORPUS_DATA: CorpusData = loadCorpusData();
