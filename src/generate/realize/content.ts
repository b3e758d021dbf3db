/** @module The content model of an artifact before it becomes a file: documents, email threads, chat channels. */
import { z } from "zod";

export const Section = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });
export type Section = z.infer<typeof Section>;

/** A company or personal document (PDF, DOCX or Markdown). */
export const DocumentContent = z.object({
  kind: z.literal("document"),
  title: z.string().min(1),
  /** A line under the title, e.g. "Clinical Policy LE-214 | Cedar Valley Health | Owner: Dana Wu". */
  subtitle: z.string(),
  author: z.string(),
  /** ISO date (YYYY-MM-DD); it also stamps the file's metadata. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected an ISO date YYYY-MM-DD"),
  sections: z.array(Section),
});
export type DocumentContent = z.infer<typeof DocumentContent>;

export const Address = z.object({ name: z.string(), email: z.string().min(3) });
export type Address = z.infer<typeof Address>;

export const EmailMessage = z.object({
  /** Without angle brackets, e.g. `3f2a.healthcare_01@mail.northwind.example`. */
  messageId: z.string().min(1),
  from: Address,
  to: z.array(Address),
  cc: z.array(Address),
  /** ISO date-time (UTC). */
  date: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type EmailMessage = z.infer<typeof EmailMessage>;

/** An email: the last message is the one this file holds; earlier ones are the thread it replies to (quoted). */
export const EmailContent = z.object({ kind: z.literal("email"), thread: z.array(EmailMessage).min(1) });
export type EmailContent = z.infer<typeof EmailContent>;

export const ChatUser = z.object({
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChatUser = z.infer<typeof ChatUser>;

export const ChatPost = z.object({ user: z.string(), message: z.string(), create_at: z.number().int() });
export type ChatPost = z.infer<typeof ChatPost>;

/** One channel's conversation, shaped like a Mattermost bulk import. */
export const ChatContent = z.object({
  kind: z.literal("chat"),
  team: z.object({ name: z.string(), display_name: z.string() }),
  channel: z.object({ name: z.string(), display_name: z.string(), purpose: z.string() }),
  users: z.array(ChatUser),
  posts: z.array(ChatPost),
});
export type ChatContent = z.infer<typeof ChatContent>;

export const ArtifactContent = z.discriminatedUnion("kind", [DocumentContent, EmailContent, ChatContent]);
export type ArtifactContent = z.infer<typeof ArtifactContent>;
