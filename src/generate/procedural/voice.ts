/**
 * @module Everyday wording around planted evidence — greetings, asks, acknowledgements, note layouts, generic policy
 * sections, look-alike case updates — as data (`data/wording.json`, checked by the schema here when loaded).
 */
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.ts";
import { DATA_DIR } from "./data.ts";

const Lines = z.array(z.string().min(1)).min(1);

export const WordingPools = z
  .object({
    emailAsks: Lines,
    /** The user's opening of a thread about a workplace topic (user distractors are replies, like the case threads). */
    emailTopicAsks: Lines,
    emailGreetings: Lines,
    emailClosers: Lines,
    /** The user's opening of a chat about a workplace topic (slots {colleague} {topic}), as a case chat opens with an ask. */
    chatTopicAsks: Lines,
    chatOpeners: Lines,
    chatAsks: Lines,
    chatAcks: Lines,
    chatSmallTalk: Lines,
    noteOpenItems: Lines,
    /** Shapes of the user's personal notes (title prefix and section headings). */
    noteLayouts: z
      .array(
        z
          .object({
            title: z.string().min(1),
            heard: z.string().min(1),
            openItems: z.string().min(1),
            openItemsFirst: z.boolean(),
          })
          .strict(),
      )
      .min(1),
    /** Policy-document sections common to every domain (slot `{company}`). */
    genericFillers: z
      .array(z.object({ heading: z.string().min(1), text: z.string().min(1) }).strict())
      .min(1),
    /** Routine updates about a look-alike case (adjacent split): they name that case only. */
    adjacentStatus: Lines,
    adjacentIntros: Lines,
  })
  .strict();
export type WordingPools = z.infer<typeof WordingPools>;

export function loadWording(path = join(DATA_DIR, "wording.json")): WordingPools {
  return readDataFile(WordingPools, path);
}

const WORDING = loadWording();
export const EMAIL_ASKS = WORDING.emailAsks;
export const EMAIL_TOPIC_ASKS = WORDING.emailTopicAsks;
export const EMAIL_GREETINGS = WORDING.emailGreetings;
export const EMAIL_CLOSERS = WORDING.emailClosers;
export const CHAT_TOPIC_ASKS = WORDING.chatTopicAsks;
export const CHAT_OPENERS = WORDING.chatOpeners;
export const CHAT_ASKS = WORDING.chatAsks;
export const CHAT_ACKS = WORDING.chatAcks;
export const CHAT_SMALL_TALK = WORDING.chatSmallTalk;
export const NOTE_OPEN_ITEMS = WORDING.noteOpenItems;
export const NOTE_LAYOUTS = WORDING.noteLayouts;
export const GENERIC_FILLERS = WORDING.genericFillers;
export const ADJACENT_STATUS = WORDING.adjacentStatus;
export const ADJACENT_INTROS = WORDING.adjacentIntros;
