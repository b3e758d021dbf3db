import { expect, test } from "bun:test";
import { chunkDocument } from "../../retrieval/chunk.ts";
import {
  continuedFrom,
  cutAtSentence,
  GAP,
  joinPieces,
  pointedChunks,
  pointersIn,
  showRepeatsOnce,
} from "./passages.ts";

test("a document's pieces read in order: overlaps shown once, gaps marked", () => {
  const a = "Allocate an AIIR. Check the pressure monitor reads negative.";
  const b = "Check the pressure monitor reads negative. Post the sign on the door.";
  expect(
    joinPieces([
      { text: b, order: 1 },
      { text: a, order: 0 },
    ]),
  ).toBe("Allocate an AIIR. Check the pressure monitor reads negative. Post the sign on the door.");
  expect(
    joinPieces([
      { text: a, order: 0 },
      { text: "Note 1: expectorated specimens.", order: 4 },
    ]),
  ).toBe(`${a}\n${GAP}\nNote 1: expectorated specimens.`);
  expect(joinPieces([{ text: b, order: 2 }])).toBe(`${GAP}\n${b}`);
});

test("a budget cuts after a whole sentence and says how much was left out", () => {
  const text = `First sentence here. Second sentence is longer than the first. ${"Filler words go on. ".repeat(10)}`;
  const cut = cutAtSentence(text, 110);
  expect(cut.startsWith("First sentence here.")).toBe(true);
  expect(cut).not.toContain("Second sentence is");
  expect(cut).toMatch(/\[… \d+ more characters of this document left out for length\]$/);
  expect(cutAtSentence(text, 500)).toBe(text);
});

test("a passage pointing to a decision table, a footnote or a named section brings the chunk that holds it", () => {
  const text = [
    "Procedure TB-173",
    "",
    "1 Shielding the patient",
    "",
    `Put a surgical mask on the patient while a room is organized. ${"The patient keeps it on during moves. ".repeat(12)}What to do here depends on the case; see the decision table.`,
    "",
    "2 Sputum",
    "",
    `${"Collect three specimens at least 8 hours apart. ".repeat(12)}Order sputum induction, except as described in note 1.`,
    "",
    "3 Training",
    "",
    "Staff complete the annual refresher module in the learning portal by the end of their review month. ".repeat(
      6,
    ),
    "",
    "5 Definitions",
    "",
    "Business day means Monday through Friday.",
    "",
    "6 Case Decision Matrix",
    "",
    "Step | If the case is that | Then",
    "Shielding | the patient cannot tolerate a mask | move to a closed single room.",
    "",
    "7 Footnotes",
    "",
    "Note 1: where the patient can cough up sputum, gather expectorated specimens instead.",
  ].join("\n");
  const chunks = chunkDocument(
    { id: "doc-1", app: "drive", title: "TB-173", path: "drive/tb.docx", author: "", date: "", text },
    { maxChars: 600 },
  );
  expect(chunks.length).toBeGreaterThan(3);
  const masking = chunks.find((c) => c.text.includes("see the decision table"))!;
  const sputum = chunks.find((c) => c.text.includes("described in note 1"))!;
  expect(
    pointedChunks(masking, chunks).map((p) => [p.label, p.chunk.text.includes("cannot tolerate a mask")]),
  ).toEqual([["the decision table", true]]);
  expect(pointedChunks(sputum, chunks).map((p) => [p.label, p.chunk.text.includes("Note 1: where")])).toEqual(
    [["note 1", true]],
  );
  // A chunk that holds its own note needs nothing; plain prose points nowhere.
  const note = chunks.find((c) => c.text.includes("Note 1: where"))!;
  expect(pointedChunks(note, chunks)).toEqual([]);
  expect(pointersIn("Perform hand hygiene before and after every contact.")).toEqual([]);
  expect(
    pointersIn('Complete it first (see the section "Responsibilities and Actions").').map((p) => p.label),
  ).toEqual(['the section "Responsibilities and Actions"']);
});

test("a passage that starts inside a paragraph brings the chunk where the paragraph began", () => {
  const para = `${"Put a surgical mask on the patient while a room is organized. ".repeat(8)}What to do here depends on the case; see the decision table.`;
  const chunks = chunkDocument(
    {
      id: "doc-2",
      app: "drive",
      title: "TB",
      path: "drive/tb.docx",
      author: "",
      date: "",
      text: `Intro line.\n\n${para}\n\nNext section starts here.`,
    },
    { maxChars: 300, overlap: 120 },
  );
  const tail =
    chunks.find(
      (c) =>
        c.ord > 0 &&
        c.text.startsWith("What to do here") === false &&
        c.text.includes("see the decision table"),
    ) ?? chunks.find((c) => c.text.includes("see the decision table"))!;
  const prev = continuedFrom(tail, chunks);
  expect(prev?.ord).toBe(tail.ord - 1);
  expect(continuedFrom(chunks[0]!, chunks)).toBeNull();
});

test("a cut never falls after an abbreviation", () => {
  const text = `Four nurses on 4 West cared for Mrs. Sorensen before the isolation order. ${"More words here. ".repeat(20)}`;
  const cut = cutAtSentence(text, 200);
  expect(cut.startsWith("Four nurses on 4 West cared for Mrs. Sorensen before the isolation order.")).toBe(
    true,
  );
  expect(cutAtSentence("Ask Mrs. Sorensen about it today please, and note it. Then go on.", 75)).not.toMatch(
    /Mrs\.\n/,
  );
});

test("a paragraph a request already showed is shown once: later copies name where, headings kept, runs merged", () => {
  const rights =
    "Patients are treated with dignity and respect and may ask for a patient advocate at any time.";
  const scope = "This guideline applies to inpatient units, the emergency department and outpatient clinics.";
  const [a, b, c] = showRepeatsOnce([
    { label: '"TB-512"', text: `TB-512\n\n1 Patient Rights Statement\n${rights}\n\n2 Scope\n${scope}` },
    { label: '"TB-681"', text: `TB-681\n\n3 Patient Rights Statement\n${rights}\n\nAllocate an AIIR.` },
    { label: '"Notes"', text: `${rights}\n\n${scope}\n\nShort line.\n\nShort line.\n\n${rights}` },
  ]);
  expect(a).toContain(rights);
  // The section heading stays (its number differs), the body becomes a marker naming the first document.
  expect(b).toBe(
    'TB-681\n\n3 Patient Rights Statement\n[the paragraph "Patients are treated with dignity and …", word for word as under "TB-512" above]\n\nAllocate an AIIR.',
  );
  // Two repeated paragraphs in a row are one marker; short lines repeat freely; a repeat within one document says so.
  expect(c).toBe(
    '[2 paragraphs ("Patients are treated with dignity and …" to "This guideline applies to inpatient units, …"), word for word as under "TB-512" above]\n\nShort line.\n\nShort line.\n\n[the paragraph "Patients are treated with dignity and …", word for word as under "TB-512" above]',
  );
  const once = showRepeatsOnce([{ label: "x", text: `${scope}\n\nMiddle.\n\n${scope}` }])[0]!;
  expect(once).toEndWith(
    '[the paragraph "This guideline applies to inpatient units, …", word for word as earlier in this document]',
  );
});

test("a passage pointing to the definitions or to a section by its quoted name brings it, whatever the heading adds", () => {
  // As in a fresh task's returns procedure (LA-680), where a relay model saw "category C1 (see Definitions)" without them.
  const text = [
    "Returns: Desk Procedures (LA-680)",
    "",
    "3 Working Practice",
    "",
    `First, review the customer's loyalty tier. It can only begin after computing days past the window, covered under "Operating Procedure" elsewhere. For a case in category C1 (see Definitions), permit an exception up to 30 days past the window. ${"Loyalty tier fixes how far past the window an exception may be granted. ".repeat(5)}`,
    "",
    "4 Operating Procedure",
    "",
    "Compute the days past the window from the delivery date on the order. ".repeat(6),
    "",
    "5 Training",
    "",
    "Staff complete the annual refresher module in the learning portal by the end of their review month. ".repeat(
      6,
    ),
    "",
    "7 Definitions Used in This Procedure",
    "",
    "Category C1: a case in which the customer is a Gold or Platinum loyalty member.",
  ].join("\n");
  const chunks = chunkDocument(
    { id: "doc-2", app: "drive", title: "LA-680", path: "drive/la680.docx", author: "", date: "", text },
    { maxChars: 600 },
  );
  const passage = chunks.find((c) => c.text.includes("(see Definitions)"))!;
  const brought = pointedChunks(passage, chunks).map((p) => p.label);
  expect(brought).toEqual(['the section "Operating Procedure"', "the definitions"]);
  const definitions = pointedChunks(passage, chunks).find((p) => p.label === "the definitions")!;
  expect(definitions.chunk.text).toContain("Category C1: a case in which the customer is a Gold or Platinum");
  // A definitions heading is a heading: a prose line that mentions definitions is not one.
  expect(pointersIn("Terms follow the glossary.").map((p) => p.label)).toEqual([]);
});

test("a cut never leaves a heading without its text when a sentence ends before it", () => {
  const text = `The claim is reviewed within five days.\n14 Monitoring and Review\n${"The owner reviews the procedure every year. ".repeat(10)}`;
  const cut = cutAtSentence(text, 130);
  expect(cut.startsWith("The claim is reviewed within five days.\n[…")).toBe(true);
  expect(cut).not.toContain("Monitoring and Review");
});
