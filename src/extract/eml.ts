/** @module Email extraction with mailparser: headers a reader needs (subject, from, to, date) plus the plain-text body. */
import { type AddressObject, simpleParser } from "mailparser";
import { mimeProblems } from "./mime.ts";

export type ParsedEmail = {
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  date: string;
  messageId: string;
  inReplyTo: string;
  references: string[];
  text: string;
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => v.address ?? "")).filter(Boolean);
}

/**
 * A message must start with RFC 5322 header lines (`Name: value`, folded lines indented) up to a blank line, and name
 * at least one of From, Subject, Date; anything else is refused rather than loaded as an empty, headerless message.
 */
function checkMessage(bytes: Uint8Array | string): void {
  const text = typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
  if (text.includes("\u0000")) throw new Error("expected an RFC 5322 message, found NUL bytes");
  const mime = mimeProblems(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes);
  if (mime.length > 0) throw new Error(mime.join("; "));
  const end = text.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? text.slice(0, end) : text).split(/\r?\n/);
  const bad = head.findIndex((line, i) => !/^[!-9;-~]+:/.test(line) && !(i > 0 && /^[ \t]/.test(line)));
  if (bad >= 0)
    throw new Error(
      `expected an RFC 5322 message (header lines, a blank line, the body); line ${bad + 1} is not a header: "${head[bad]!.slice(0, 40)}"`,
    );
  if (!head.some((line) => /^(from|subject|date):/i.test(line)))
    throw new Error("expected an RFC 5322 message with a From, Subject or Date header");
}

export async function parseEml(bytes: Uint8Array | string): Promise<ParsedEmail> {
  checkMessage(bytes);
  const mail = await simpleParser(typeof bytes === "string" ? bytes : Buffer.from(bytes));
  // Bytes that are not text in their part's charset (base64 or quoted-printable of invalid UTF-8, say) come out as
  // U+FFFD: refused, unless the message itself carries that character.
  const raw = typeof bytes === "string" ? bytes : Buffer.from(bytes).toString("latin1");
  if (
    `${mail.subject ?? ""}${mail.text ?? ""}`.includes("\uFFFD") &&
    !/\xEF\xBF\xBD|\uFFFD|=EF=BF=BD/i.test(raw)
  )
    throw new Error(
      "expected the message text in its declared charset, it decodes to U+FFFD (bytes that are not text)",
    );
  const refs =
    mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
  return {
    subject: mail.subject ?? "",
    from: addresses(mail.from)[0] ?? "",
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date ? mail.date.toISOString() : "",
    messageId: mail.messageId ?? "",
    inReplyTo: mail.inReplyTo ?? "",
    references: refs,
    text: mail.text ?? "",
  };
}

export async function extractEml(bytes: Uint8Array | string): Promise<string> {
  const mail = await parseEml(bytes);
  return [
    `Subject: ${mail.subject}`,
    `From: ${mail.from}`,
    `To: ${mail.to.join(", ")}`,
    `Date: ${mail.date}`,
    "",
    mail.text,
  ].join("\n");
}
