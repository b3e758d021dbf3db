/** @module Email extraction with mailparser: headers a reader needs (subject, from, to, date) plus the plain-text body. */
import { type AddressObject, simpleParser } from "mailparser";

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

export async function parseEml(bytes: Uint8Array | string): Promise<ParsedEmail> {
  const mail = await simpleParser(typeof bytes === "string" ? bytes : Buffer.from(bytes));
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
