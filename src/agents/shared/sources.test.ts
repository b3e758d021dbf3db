import { expect, test } from "bun:test";
import type { SearchHit } from "../../env/types.ts";
import { FindingsStore } from "./findings.ts";
import { findingsDigest } from "./sources.ts";

const hit = (doc: string, ord: number, text: string, app: SearchHit["app"] = "drive"): SearchHit => ({
  documentId: doc,
  chunkId: `${doc}#${ord}`,
  app,
  title: `Title of ${doc}`,
  path: `${app}/${doc}.docx`,
  score: 1,
  snippet: "",
  text,
  author: "",
  date: "",
});

test("a findings digest over its budget leaves whole passages out, names the document for read_document and counts what it shows", async () => {
  const findings = await FindingsStore.open();
  const passage = (n: number) =>
    `Passage ${n} of the long policy. ${"It says one whole thing. ".repeat(20).trim()}`;
  const long = [0, 1, 2, 3, 4].map((i) => hit("long", i, passage(i)));
  const short = hit("short", 0, "Interpreters are booked two days ahead.");
  const mail = hit("mail", 0, "Mrs. Alvarez reads Spanish only.", "email");
  await findings.addHits([...long, short, mail], { stage: "RESEARCH", actionId: "a1", iteration: 1 });

  const all = findingsDigest({ findings }, "all", 100_000);
  expect(all.split("\n")[0]).toBe(
    '(All 7 passages found so far, from 3 documents, each document\'s passages whole and in its own order; "[…]" marks text between them that was not retrieved.)',
  );
  expect(all).toContain("### Title of mail\nMrs. Alvarez reads Spanish only.");

  const tight = findingsDigest({ findings }, "all", 1_500);
  // The short documents whole; the long one's first passages whole, the rest left out as whole passages.
  expect(tight).toContain("### Title of short\nInterpreters are booked two days ahead.");
  expect(tight).toContain(passage(0));
  const shown = long.filter((h) => tight.includes(h.text)).length;
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(5);
  for (const h of long) if (!tight.includes(h.text)) expect(tight).not.toContain(h.text.slice(0, 20));
  expect(tight).toContain(
    `[… ${5 - shown} more passage${5 - shown === 1 ? "" : "s"} of this document found, not shown for length: read_document reads it whole ("document": "drive/long.docx")]`,
  );
  expect(tight.split("\n")[0]).toContain(`shown: ${2 + shown} of them; ${5 - shown} passage`);
  expect(tight).not.toMatch(/more characters of .* left out/);
  // One side only: J.7's policy digest has no e-mail.
  expect(findingsDigest({ findings }, "policy", 100_000)).not.toContain("Mrs. Alvarez");
});
