import { expect, test } from "bun:test";
import type { SearchHit } from "../../env/types.ts";
import type { Chunk } from "../../retrieval/chunk.ts";
import type { ResearchContext } from "./context.ts";
import { FindingsStore } from "./findings.ts";
import { findingsDigest, sessionEvidence } from "./sources.ts";

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
    "(All 7 passages found so far, from 3 documents, the company's documents first, then the user's own files, chats and e-mails, each side's documents with the most passages found first, each document's passages whole and in its own order; \"[…]\" marks text between them that was not retrieved.)",
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

test("DRBA's digest of both sides keeps the user's own one-passage e-mails beside a policy found many times", async () => {
  const findings = await FindingsStore.open();
  const step = (n: number) =>
    `Step ${n} of the isolation procedure. ${"Staff do one thing. ".repeat(10).trim()}`;
  const policy = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => hit("procedure", i, step(i)));
  const mails = [0, 1, 2].map((i) =>
    hit(`mail${i}`, 0, `Mail ${i}: the patient cannot tolerate a mask, says the night nurse.`, "email"),
  );
  await findings.addHits([...policy, ...mails], { stage: "RESEARCH", actionId: "a1", iteration: 1 });
  const budget = policy.slice(0, 4).reduce((n, h) => n + h.text.length, 0) + 600;
  const digest = findingsDigest({ findings }, "all", budget);
  for (const m of mails) expect(digest).toContain(m.text);
  expect(digest).toContain(step(0));
  expect(digest).toContain("more passages of this document found, not shown for length");
  // The policy side alone (J.7) still gives the procedure the whole budget.
  expect(policy.every((h) => findingsDigest({ findings }, "policy", 100_000).includes(h.text))).toBe(true);
});

test("the report's evidence is every document found, whole, when they fit; the found passages when they do not", async () => {
  const findings = await FindingsStore.open();
  const text = (n: number) =>
    `Paragraph ${n} of the case note. ${"The patient said one thing. ".repeat(6).trim()}`;
  const chunk = (ord: number): Chunk => ({
    id: `note#${ord}`,
    documentId: "note",
    ord,
    app: "files",
    title: "Title of note",
    path: "files/note.docx",
    author: "",
    date: "",
    text: text(ord),
  });
  // A search found the note's first paragraph; its third, never returned, is where the condition is resolved.
  await findings.addHits([hit("note", 0, text(0), "files")], {
    stage: "RESEARCH",
    actionId: "a",
    iteration: 1,
  });
  const notes: string[] = [];
  const rc = {
    findings,
    question: "What workflow applies?",
    chunksOf: async (id: string) => (id === "note" ? [0, 1, 2].map(chunk) : []),
    tracer: { note: (m: string) => notes.push(m) },
  } as unknown as ResearchContext;
  const roomy = await sessionEvidence(rc, [], 10_000);
  expect(roomy.whole).toBe("found");
  expect(roomy.pieces.map((p) => p.text)).toEqual([text(0), text(1), text(2)]);
  expect(notes).toEqual([
    "report evidence: the 1 documents found, whole (2 passage(s) no search returned added; 591 of 10,000 characters)",
  ]);
  const tight = await sessionEvidence(rc, [], 400);
  expect(tight).toEqual({ pieces: [{ sourceId: "note", text: text(0), order: 0 }], whole: false });
});

test("a document read whole with read_document is shown first in the next digest, whole, ahead of documents found more often", async () => {
  const findings = await FindingsStore.open();
  const line = (doc: string, n: number) =>
    `${doc} paragraph ${n}. ${"Staff record the step in the log. ".repeat(6).trim()}`;
  // Two handbooks found by many searches, and the loyalty-tier overview read whole (2 passages) at the model's request.
  const handbooks = ["handbook", "manual"].flatMap((doc) =>
    [0, 1, 2, 3, 4].map((i) => hit(doc, i, line(doc, i))),
  );
  const loyalty = [0, 1].map((i) =>
    hit("loyalty", i, `Loyalty tier rule ${i}. Gold members get 30 more days.`),
  );
  await findings.addHits(handbooks, { stage: "RESEARCH", actionId: "a1", iteration: 1 });
  await findings.addHits(loyalty, { stage: "RESEARCH", actionId: "read1", iteration: 2 });
  // Room for one handbook whole and little more.
  const budget = handbooks.slice(0, 5).reduce((n, h) => n + h.text.length + 2, 0) + 60;
  const before = findingsDigest({ findings }, "policy", budget);
  expect(before).not.toContain(loyalty[1]!.text);
  findings.markRead("loyalty");
  const after = findingsDigest({ findings }, "policy", budget);
  for (const h of loyalty) expect(after).toContain(h.text);
  expect(after.indexOf("### Title of loyalty")).toBeLessThan(after.indexOf("### Title of handbook"));
  expect(after.split("\n")[0]).toContain(
    "the documents read whole with read_document (the latest first), then",
  );
  // A document read whole that outruns the budget shows what fits and says what was cut, as read whole.
  findings.markRead("manual");
  const tight = findingsDigest({ findings }, "policy", 1_000);
  expect(tight.indexOf("### Title of manual")).toBeLessThan(tight.indexOf("### Title of loyalty"));
  expect(tight).toMatch(
    /\[… \d more passages of this document, read whole, not shown for length: from passage \d of 5 on;/,
  );
  expect(findings.readWhole()).toEqual(["manual", "loyalty"]);
});

test("a long document read whole never crowds the other documents' found passages out of the next digest", async () => {
  const findings = await FindingsStore.open();
  const filler = (n: number) =>
    `Appendix chapter ${n} on another process. ${"Facilities staff log the badge. ".repeat(10).trim()}`;
  // Relay round 5: a 37,000-character policy read whole took J.7's 40,000 characters; 25 documents were left out.
  const procedures = [0, 1, 2, 3].map((i) =>
    hit(`procedure${i}`, 0, `Step ${i + 1} of the returns procedure: the agent checks one condition.`),
  );
  await findings.addHits(
    [hit("padded", 3, "The decision table: Gold members get 30 more days."), ...procedures],
    {
      stage: "REQUIREMENT_COLLECTION",
      actionId: "search1",
      iteration: 1,
    },
  );
  const whole = [0, 1, 2, 4, 5, 6, 7, 8, 9].map((i) => hit("padded", i, filler(i)));
  await findings.addHits(whole, {
    stage: "REQUIREMENT_COLLECTION",
    actionId: "read1",
    iteration: 2,
    read: true,
  });
  findings.markRead("padded");
  const budget = 2_400;
  const digest = findingsDigest({ findings }, "policy", budget);
  expect(digest.length).toBeLessThanOrEqual(budget + 700);
  // every searched passage is shown, the one found in the document read whole among them, and that document first
  for (const h of procedures) expect(digest).toContain(h.text);
  expect(digest).toContain("The decision table: Gold members get 30 more days.");
  expect(digest.indexOf("### Title of padded")).toBeLessThan(digest.indexOf("### Title of procedure0"));
  // what is left fills with the document read whole, and the marker counts the rest
  const fillers = whole.filter((h) => digest.includes(h.text)).length;
  expect(fillers).toBeGreaterThan(0);
  expect(fillers).toBeLessThan(whole.length);
  expect(digest).toContain(
    `[… ${whole.length - fillers} more passages of this document, read whole, not shown for length: from passage ${fillers + 2} of 10 on;`,
  );
});
