import { describe, expect, test } from "bun:test";
import { containsNormalized, extractBytes, parseChat, parseEml } from "../../extract/index.ts";
import type { ChatContent, DocumentContent, EmailContent } from "./content.ts";
import { realize } from "./index.ts";

const evidence =
  "Step 6 — Arrange a qualified interpreter. If no in-person interpreter is available for the patient's language, connect a video remote interpreting (VRI) cart with a certified medical interpreter; otherwise, book the in-person certified medical interpreter through the Language Access desk at extension 4471, and note the well-documented, self-reported preference.";

const doc: DocumentContent = {
  kind: "document",
  title: "Informed Consent for Patients with Limited English Proficiency: Arrange a Qualified Interpreter",
  subtitle: "Clinical Policy LE-214 | Cedar Valley Health | Owner: Dana Wu",
  author: "Dana Wu",
  date: "2025-03-04",
  sections: [
    {
      heading: "Scope",
      paragraphs: ["This guideline applies to inpatient units and the emergency department."],
    },
    { heading: "Procedure", paragraphs: [evidence] },
    {
      heading: "Revision History",
      paragraphs: ["Revision 3 aligned terminology with the enterprise glossary."],
    },
  ],
};

const email: EmailContent = {
  kind: "email",
  thread: [
    {
      messageId: "a1.healthcare_01@mail.example",
      from: { name: "Nikhil Jensen", email: "nikhil.jensen@cedar.example" },
      to: [{ name: "Rosa Ortega", email: "rosa.ortega@cedar.example" }],
      cc: [],
      date: "2025-03-03T14:05:00.000Z",
      subject: "MRN-221551 - Mrs. Yamamoto",
      body: "Hi Rosa, anything I should know before Tuesday?",
    },
    {
      messageId: "b2.healthcare_01@mail.example",
      from: { name: "Rosa Ortega", email: "rosa.ortega@cedar.example" },
      to: [{ name: "Nikhil Jensen", email: "nikhil.jensen@cedar.example" }],
      cc: [{ name: "Wei Xu", email: "wei.xu@cedar.example" }],
      date: "2025-03-03T15:40:00.000Z",
      subject: "Re: MRN-221551 - Mrs. Yamamoto",
      body: `Hi Nikhil,\n\n${evidence}\n\nRosa`,
    },
  ],
};

const chat: ChatContent = {
  kind: "chat",
  team: { name: "cedar-valley-health", display_name: "Cedar Valley Health" },
  channel: { name: "preop-nursing", display_name: "preop nursing", purpose: "patient cases" },
  users: [
    { username: "rosa.ortega", email: "rosa.ortega@cedar.example", first_name: "Rosa", last_name: "Ortega" },
    {
      username: "nikhil.jensen",
      email: "nikhil.jensen@cedar.example",
      first_name: "Nikhil",
      last_name: "Jensen",
    },
  ],
  posts: [
    {
      user: "nikhil.jensen",
      message: "quick one about Mrs. Yamamoto (MRN-221551)",
      create_at: 1741010000000,
    },
    { user: "rosa.ortega", message: evidence, create_at: 1741010120000 },
  ],
};

describe("realize → extract round trip", () => {
  for (const format of ["pdf", "docx", "md"] as const) {
    test(`${format}: the injected paragraph comes back, bytes are stable`, async () => {
      const a = await realize(doc, format);
      const b = await realize(doc, format);
      expect(Buffer.from(a as Uint8Array).equals(Buffer.from(b as Uint8Array))).toBe(true);
      const text = await extractBytes(a, format);
      expect(containsNormalized(text, evidence)).toBe(true);
      expect(containsNormalized(text, doc.title)).toBe(true);
    });
  }

  test("pdf: metadata dates are pinned to the document date", async () => {
    const bytes = (await realize(doc, "pdf")) as Uint8Array;
    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw).toContain("D:20250304090000Z");
  });

  test("docx: core.xml dates are pinned to the document date", async () => {
    const JSZip = (await import("jszip")).default;
    const zip = await JSZip.loadAsync((await realize(doc, "docx")) as Uint8Array);
    const core = await zip.file("docProps/core.xml")!.async("string");
    expect(core).toContain("2025-03-04T09:00:00Z</dcterms:created>");
    expect(core).toContain("2025-03-04T09:00:00Z</dcterms:modified>");
  });

  test("eml: RFC 5322 headers thread the reply and the body carries the evidence", async () => {
    const raw = (await realize(email, "eml")) as string;
    expect(raw).toContain("Date: Mon, 03 Mar 2025 15:40:00 +0000\r\n");
    expect(raw).toContain("In-Reply-To: <a1.healthcare_01@mail.example>\r\n");
    expect(raw.split("\r\n").every((line) => line.length <= 998)).toBe(true);
    const mail = await parseEml(raw);
    expect(mail.from).toBe("rosa.ortega@cedar.example");
    expect(mail.to).toEqual(["nikhil.jensen@cedar.example"]);
    expect(mail.cc).toEqual(["wei.xu@cedar.example"]);
    expect(mail.messageId).toBe("<b2.healthcare_01@mail.example>");
    expect(mail.references).toEqual(["<a1.healthcare_01@mail.example>"]);
    expect(mail.subject).toBe("Re: MRN-221551 - Mrs. Yamamoto");
    const text = await extractBytes(raw, "eml");
    expect(containsNormalized(text, evidence)).toBe(true);
    expect(text).toContain("> Hi Rosa, anything I should know before Tuesday?");
  });

  test("chat: a Mattermost-shaped export with timestamps; extraction keeps author and message", async () => {
    const raw = (await realize(chat, "chat")) as string;
    const parsed = parseChat(raw);
    expect(parsed.team.name).toBe("cedar-valley-health");
    expect(parsed.channels[0]!.name).toBe("preop-nursing");
    expect(parsed.posts.map((p) => p.create_at)).toEqual([1741010000000, 1741010120000]);
    const text = await extractBytes(raw, "chat");
    expect(text).toContain("rosa.ortega: ");
    expect(containsNormalized(text, evidence)).toBe(true);
  });

  test("a content/format mismatch is an error naming both", () => {
    expect(realize(chat, "pdf")).rejects.toThrow('cannot render chat content as "pdf"');
  });
});
