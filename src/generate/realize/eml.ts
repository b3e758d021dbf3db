/** @module RFC 5322 email realization: one `.eml` per message, threaded by Message-ID, In-Reply-To and References. */
import type { Address, EmailContent, EmailMessage } from "./content.ts";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `2025-03-04T14:05:00Z` → `Tue, 04 Mar 2025 14:05:00 +0000` (RFC 5322 date-time). */
export function rfc5322Date(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${DAYS[d.getUTCDay()]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

function address(a: Address): string {
  return /^[A-Za-z0-9 .'-]+$/.test(a.name)
    ? `${a.name} <${a.email}>`
    : `"${a.name.replace(/"/g, "'")}" <${a.email}>`;
}

/** Hard-wrap a paragraph at spaces so no body line exceeds `width` characters. */
export function wrap(text: string, width = 76): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function bodyLines(body: string): string[] {
  const out: string[] = [];
  body.split(/\n\n+/).forEach((para, i) => {
    if (i > 0) out.push("");
    for (const raw of para.split("\n")) out.push(...(raw.trim() === "" ? [""] : wrap(raw)));
  });
  return out;
}

/** Render the last message of a thread; earlier messages are quoted below it and referenced in the headers. */
export function renderEml(content: EmailContent): string {
  const thread = content.thread;
  const message = thread[thread.length - 1] as EmailMessage;
  const earlier = thread.slice(0, -1);
  const headers = [
    `Date: ${rfc5322Date(message.date)}`,
    `From: ${address(message.from)}`,
    `To: ${message.to.map(address).join(", ")}`,
    ...(message.cc.length > 0 ? [`Cc: ${message.cc.map(address).join(", ")}`] : []),
    `Subject: ${message.subject}`,
    `Message-ID: <${message.messageId}>`,
    ...(earlier.length > 0
      ? [
          `In-Reply-To: <${earlier[earlier.length - 1]!.messageId}>`,
          `References: ${earlier.map((m) => `<${m.messageId}>`).join(" ")}`,
        ]
      : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
  ];
  const body = bodyLines(message.body);
  for (const prior of [...earlier].reverse()) {
    body.push("", `On ${rfc5322Date(prior.date)}, ${prior.from.name} <${prior.from.email}> wrote:`);
    for (const line of bodyLines(prior.body)) body.push(line ? `> ${line}` : ">");
  }
  return `${headers.join("\r\n")}\r\n\r\n${body.join("\r\n")}\r\n`;
}
