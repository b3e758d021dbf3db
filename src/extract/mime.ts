/**
 * @module The MIME structure of a message, checked before it is parsed: a parser given broken MIME reads something
 * (the raw multipart body, base64 as text, U+FFFD for bad bytes) and that something would load as the document.
 * Refused with the part and what was expected: a multipart without its boundary, or whose boundary never opens or
 * never closes; a base64 or quoted-printable body that is not; text that is not UTF-8 where no other charset is named.
 */
import { decodeUtf8 } from "../core/utf8.ts";

type Entity = { headers: Map<string, string>; body: string; where: string };

/** Header block and body of one entity (text read byte for byte as Latin-1, so offsets stay bytes). */
function entity(text: string, where: string): Entity {
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? "" : text.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body, where };
}

/** A parameter of a structured header (`boundary`, `charset`), quoted or not. */
function param(value: string, name: string): string | null {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return m ? (m[1] ?? m[2] ?? "") : null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function checkEntity(e: Entity, problems: string[], depth: number): void {
  const type = (e.headers.get("content-type") ?? "text/plain").toLowerCase();
  const encoding = (e.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase().trim();
  if (type.startsWith("multipart/")) {
    const boundary = param(e.headers.get("content-type") ?? "", "boundary");
    if (!boundary) {
      problems.push(`${e.where}: expected a boundary parameter on Content-Type ${type.split(";")[0]}`);
      return;
    }
    const delimiter = new RegExp(`^--${escapeRegExp(boundary)}(--)?[ \\t]*$`, "m");
    const lines = e.body.split(/\r?\n/);
    const opens = lines.findIndex((l) => delimiter.test(l) && !l.trimEnd().endsWith(`${boundary}--`));
    const closes = lines.findIndex((l) => l.trimEnd() === `--${boundary}--`);
    if (opens < 0) {
      problems.push(`${e.where}: expected the boundary "${boundary}" to open a part, it never appears`);
      return;
    }
    if (closes < 0) problems.push(`${e.where}: expected the closing boundary "--${boundary}--"`);
    if (depth >= 8) return;
    const parts: string[][] = [];
    let current: string[] | null = null;
    for (const line of lines.slice(opens, closes < 0 ? undefined : closes)) {
      if (delimiter.test(line)) {
        current = [];
        parts.push(current);
      } else current?.push(line);
    }
    parts.forEach((p, i) => {
      checkEntity(entity(p.join("\n"), `${e.where} part ${i + 1}`), problems, depth + 1);
    });
    return;
  }
  if (encoding === "base64" && !/^[A-Za-z0-9+/=\s]*$/.test(e.body))
    problems.push(`${e.where}: expected a base64 body (Content-Transfer-Encoding: base64)`);
  if (encoding === "quoted-printable") {
    const bad = /=(?![0-9A-Fa-f]{2}|\r?\n|$)/.exec(e.body);
    if (bad)
      problems.push(
        `${e.where}: expected a quoted-printable body, "${e.body.slice(bad.index, bad.index + 3)}" is not an escape`,
      );
  }
}

/** Every MIME problem of a message, each naming the part (`message`, `message part 2`, …). */
export function mimeProblems(bytes: Uint8Array): string[] {
  const problems: string[] = [];
  const text = Buffer.from(bytes).toString("latin1");
  // Header fields are ASCII, or UTF-8 (RFC 6532), whatever charset a body names.
  const headEnd = text.search(/\r?\n\r?\n/);
  try {
    decodeUtf8(bytes.subarray(0, headEnd < 0 ? bytes.length : headEnd));
  } catch (error) {
    problems.push(`message headers: ${(error as Error).message}`);
  }
  // No charset other than UTF-8 (or its ASCII subset) named anywhere: every byte must be UTF-8.
  const charsets = [...text.matchAll(/charset\s*=\s*"?([\w.:-]+)/gi)].map((m) => m[1]!.toLowerCase());
  if (problems.length === 0 && charsets.every((c) => c === "utf-8" || c === "utf8" || c === "us-ascii")) {
    try {
      decodeUtf8(bytes);
    } catch (error) {
      problems.push(`message: ${(error as Error).message}`);
    }
  }
  checkEntity(entity(text, "message"), problems, 0);
  return problems;
}
