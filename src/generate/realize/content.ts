/** @module The content model of an artifact before it becomes a file: documents, email threads, chat channels. */

export type Section = { heading: string; paragraphs: string[] };

/** A company or personal document (PDF, DOCX or Markdown). */
export type DocumentContent = {
  kind: "document";
  title: string;
  /** A line under the title, e.g. "Policy HR-204 · Revision 3 · Owner: Clinical Education". */
  subtitle: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  sections: Section[];
};

export type Address = { name: string; email: string };

export type EmailMessage = {
  /** Without angle brackets, e.g. `3f2a.healthcare_01@mail.northwind.example`. */
  messageId: string;
  from: Address;
  to: Address[];
  cc: Address[];
  /** ISO date-time (UTC). */
  date: string;
  subject: string;
  body: string;
};

/** An email: the last message is the one this file holds; earlier ones are the thread it replies to (quoted). */
export type EmailContent = { kind: "email"; thread: EmailMessage[] };

export type ChatUser = { username: string; email: string; first_name: string; last_name: string };
export type ChatPost = { user: string; message: string; create_at: number };

/** One channel's conversation, shaped like a Mattermost bulk import. */
export type ChatContent = {
  kind: "chat";
  team: { name: string; display_name: string };
  channel: { name: string; display_name: string; purpose: string };
  users: ChatUser[];
  posts: ChatPost[];
};

export type ArtifactContent = DocumentContent | EmailContent | ChatContent;
