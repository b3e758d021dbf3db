/** @module Messages for the IMAP backend: a task's .eml as it is, or a plain RFC 5322 message composed from a document. */
import { createHash } from "node:crypto";
import type { EnvDocument } from "../types.ts";

function rfc2822Date(date: string): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? new Date(0).toUTCString() : d.toUTCString().replace("GMT", "+0000");
}

/** The Message-ID a composed message gets: a hash of the document's handle, so it names nothing. */
export function composedMessageId(doc: Pick<EnvDocument, "id">): string {
  return `<${createHash("sha256").update(doc.id).digest("hex").slice(0, 20)}@localhost>`;
}

/**
 * The bytes to APPEND: the realized .eml unchanged (only ordinary headers, as a mail server would hold it), or a
 * plain-text message composed from the doc. No drflow header: the handle ↔ Message-ID mapping stays in drflow.
 */
export function toMessage(doc: EnvDocument): Uint8Array {
  if (doc.raw && doc.format === "eml") return doc.raw;
  const from = doc.author.includes("@")
    ? doc.author
    : `"${doc.author.replace(/"/g, "")}" <unknown@localhost>`;
  const body = Buffer.from(doc.text, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n");
  const subject = `=?UTF-8?B?${Buffer.from(doc.subject ?? doc.title, "utf8").toString("base64")}?=`;
  return new TextEncoder().encode(
    `From: ${from}\r\nSubject: ${subject}\r\nDate: ${rfc2822Date(doc.date)}\r\nMessage-ID: ${composedMessageId(doc)}\r\n` +
      `MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`,
  );
}
