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
    '(All 7 passages found so far, from 3 documents, the documents with the most passages found first, each document\'s passages whole and in its own order; "[…]" marks text between them that was not retrieved.)',
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

test("a findings digest over its budget keeps the document found most often whole and leaves out distractors found once", async () => {
  const findings = await FindingsStore.open();
  const step = (n: number) =>
    `Step ${n} of the returns procedure. ${"The agent records one thing. ".repeat(8).trim()}`;
  const procedure = [0, 1, 2, 3, 4, 5].map((i) => hit("procedure", i, step(i)));
  const noise = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
    hit(`noise${i}`, 0, `Noise document ${i}. ${"Cafeteria hours and parking rules. ".repeat(6).trim()}`),
  );
  await findings.addHits([...noise, ...procedure], { stage: "RESEARCH", actionId: "a1", iteration: 1 });
  const procedureChars = procedure.reduce((n, h) => n + h.text.length, 0);
  const digest = findingsDigest({ findings }, "policy", procedureChars + 600);
  for (const h of procedure) expect(digest).toContain(h.text);
  expect(digest.indexOf("### Title of procedure")).toBeLessThan(digest.indexOf("### Title of noise"));
  const noiseShown = noise.filter((h) => digest.includes(h.text)).length;
  expect(noiseShown).toBeLessThan(noise.length);
  expect(digest).toContain(`${noise.length - noiseShown} more documents found, not shown for length`);
  expect(digest).toContain('"drive/noise7.docx"');
  expect(digest.split("\n")[0]).toContain(
    `shown: ${6 + noiseShown} of them; ${noise.length - noiseShown} passages of`,
  );
});
