/** @module Messages for the IMAP backend: drflow metadata headers on a task's .eml, or a composed RFC 5322 message. */
import type { EnvDocument } from "../types.ts";

export const HEADER = { id: "X-Drflow-Id", path: "X-Drflow-Path", title: "X-Drflow-Title" } as const;

/** Header values are percent-encoded so any id, path or title survives as 7-bit ASCII. */
function header(name: string, value: string): string {
  return `${name}: ${encodeURIComponent(value)}\r\n`;
}

function rfc2822Date(date: string): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? new Date(0).toUTCString() : d.toUTCString().replace("GMT", "+0000");
}

/** The bytes to APPEND: the realized .eml with drflow headers prepended, or a plain-text message composed from the doc. */
export function toMessage(doc: EnvDocument): Uint8Array {
  const meta = header(HEADER.id, doc.id) + header(HEADER.path, doc.path) + header(HEADER.title, doc.title);
  if (doc.raw && doc.format === "eml") {
    const prefix = new TextEncoder().encode(meta);
    const out = new Uint8Array(prefix.length + doc.raw.length);
    out.set(prefix);
    out.set(doc.raw, prefix.length);
    return out;
  }
  const from = doc.author.includes("@")
    ? doc.author
    : `"${doc.author.replace(/"/g, "")}" <unknown@drflow.invalid>`;
  const body = Buffer.from(doc.text, "utf8").toString("base64").replace(/.{76}/g, "$&\r\n");
  const subject = `=?UTF-8?B?${Buffer.from(doc.subject ?? doc.title, "utf8").toString("base64")}?=`;
  return new TextEncoder().encode(
    `${meta}From: ${from}\r\nSubject: ${subject}\r\nDate: ${rfc2822Date(doc.date)}\r\nMessage-ID: <${encodeURIComponent(doc.id)}@drflow.invalid>\r\n` +
      `MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`,
  );
}

/** The drflow headers of a message source (null when it carries no `X-Drflow-Id`). */
export function drflowHeaders(
  source: Uint8Array | string,
): { id: string; path: string; title: string } | null {
  const text = typeof source === "string" ? source : new TextDecoder().decode(source);
  const end = text.search(/\r?\n\r?\n/);
  const head = end >= 0 ? text.slice(0, end) : text;
  const get = (name: string) => {
    const m = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head);
    return m ? decodeURIComponent(m[1]!.trim()) : null;
  };
  const id = get(HEADER.id);
  return id ? { id, path: get(HEADER.path) ?? "", title: get(HEADER.title) ?? "" } : null;
}
