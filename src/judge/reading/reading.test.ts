/** Report reading: sentence segmentation edge cases, citation forms, free-form blocks, unusable structure. */
import { describe, expect, test } from "bun:test";
import { segmentSentences } from "../../retrieval/segment.ts";
import { scanCitations } from "./citations.ts";
import { claimsOf, readMarkdown } from "./document.ts";
import { echoesQuestion, readReport } from "./report.ts";
import { citationResolver } from "./resolve.ts";

describe("segmentSentences", () => {
  test("splits after a bracketed citation that follows the full stop", () => {
    expect(
      segmentSentences(
        "Online sales grew 12% in Q2 2024. [IN001_xlsx/Lees_Market_Online_Sales_Growth_Report.csv] Loyalty members reached 1.2 million. [files/loyalty.csv]",
      ),
    ).toEqual([
      "Online sales grew 12% in Q2 2024. [IN001_xlsx/Lees_Market_Online_Sales_Growth_Report.csv]",
      "Loyalty members reached 1.2 million. [files/loyalty.csv]",
    ]);
  });

  test("splits where a citation ends a sentence that has no full stop", () => {
    expect(segmentSentences("Retention is 62% [a/b.csv] The redemption rate is 35% [c/d.md]")).toEqual([
      "Retention is 62% [a/b.csv]",
      "The redemption rate is 35% [c/d.md]",
    ]);
  });

  test("never splits decimals, currency, abbreviations or initials", () => {
    const text =
      "The rate was 60.00% and revenue $1.2M, i.e. about 3.8% more than the U.S. average. Dr. J. Smith, Inc. agreed, e.g. on p. 4. Next point.";
    expect(segmentSentences(text)).toEqual([
      "The rate was 60.00% and revenue $1.2M, i.e. about 3.8% more than the U.S. average.",
      "Dr. J. Smith, Inc. agreed, e.g. on p. 4.",
      "Next point.",
    ]);
  });

  test("keeps closing quotes and numbered citations with their sentence; file names do not end sentences", () => {
    expect(
      segmentSentences(
        'The council was called a "customer investment council." [1][2] See report.pdf for details. Done!',
      ),
    ).toEqual([
      'The council was called a "customer investment council." [1][2]',
      "See report.pdf for details.",
      "Done!",
    ]);
  });

  test("does not split before a lower-case continuation", () => {
    expect(segmentSentences("It costs approx. five dollars. It ends.")).toEqual([
      "It costs approx. five dollars.",
      "It ends.",
    ]);
  });
});

describe("scanCitations", () => {
  test("every citation form comes back as a key and leaves the text", () => {
    const s = scanCitations(
      "Growth was 12% [DOC:src_1, src_2] [IN001_pdf/food-safety.md] [3] [^4] [1-2] (Source: files/a.csv) per [BCG](https://www.bcg.com/x) and https://example.com/page.",
    );
    expect(s.keys).toEqual([
      "src_1",
      "src_2",
      "IN001_pdf/food-safety.md",
      "3",
      "^4",
      "1",
      "2",
      "files/a.csv",
      "https://www.bcg.com/x",
      "https://example.com/page",
    ]);
    expect(s.text).toBe("Growth was 12% per BCG and.");
  });

  test("ordinary brackets stay text", () => {
    expect(scanCitations("He said [sic] it [emphasis added].")).toEqual({
      text: "He said [sic] it [emphasis added].",
      keys: [],
    });
  });
});

describe("readMarkdown / claimsOf", () => {
  const md = [
    "# Loyalty report",
    "",
    "## Findings",
    "Members grew to 1.2 million in Q3 2024. The growth rate was 15%. [IN002_xlsx/loyalty.csv]",
    "",
    "- 85% of transactions are linked to loyalty accounts [1]",
    "- Online sales grew 12% in Q2 2024.[^2]",
    "",
    "| Metric | Value |",
    "|---|---|",
    "| Retention rate | 62% [files/retention.csv] |",
    "",
    "```json",
    '{"not": "a claim"}',
    "```",
    "",
    "## References",
    "1. IN001/mattermost_chat.txt",
    "[^2]: files/online-sales.csv",
  ].join("\n");

  test("paragraphs, bullets and table rows become claims; references become definitions", () => {
    const doc = readMarkdown(md);
    const claims = claimsOf(doc.blocks);
    expect(claims.map((c) => [c.kind, c.text, c.citations])).toEqual([
      ["sentence", "Members grew to 1.2 million in Q3 2024.", ["IN002_xlsx/loyalty.csv"]],
      ["sentence", "The growth rate was 15%.", ["IN002_xlsx/loyalty.csv"]],
      ["bullet", "85% of transactions are linked to loyalty accounts", ["1"]],
      ["bullet", "Online sales grew 12% in Q2 2024.", ["^2"]],
      ["table-row", "Metric: Retention rate; Value: 62%", ["files/retention.csv"]],
    ]);
    expect([...doc.definitions]).toEqual([
      ["1", "IN001/mattermost_chat.txt"],
      ["^2", "files/online-sales.csv"],
    ]);
  });

  test("a report with headings only, or JSON that is not a report, is unusable with a reason", () => {
    expect(readReport("# Title\n\n## Findings\n").unusable).toContain("no statements");
    expect(readReport('{"foo": 1}').unusable).toContain("JSON");
    expect(readReport("").unusable).toBeNull();
    expect(readReport("").claims).toEqual([]);
  });

  test("a question echo is recognised", () => {
    const q = "How can we leverage data-driven loyalty programs to enhance customer engagement?";
    expect(
      echoesQuestion("We can leverage data-driven loyalty programs to enhance customer engagement.", q),
    ).toBe(true);
    expect(echoesQuestion("Loyalty members grew to 1.2 million in Q3 2024.", q)).toBe(false);
  });
});

describe("citationResolver", () => {
  const artifact = (id: string, path: string, title: string) => ({
    id,
    path,
    title,
    app: path.split("/")[0] as "drive" | "files",
    role: "insight" as const,
    side: "company" as const,
    evidence: [],
    format: "md" as const,
  });
  const artifacts = [
    artifact("doc-a", "drive/loyalty-report.md", "Loyalty report"),
    artifact("doc-b", "files/loyalty-report-2024.md", "Loyalty report"),
    artifact("doc-c", "files/report.md", "Staffing notes"),
  ];
  const task = { drbench: undefined } as unknown as Parameters<typeof citationResolver>[0];
  const read = async (id: string) =>
    artifacts.some((a) => a.id === id) ? { id, title: "", app: "files", path: "", text: "" } : null;
  const resolve = async (md: string, key: string) => {
    const reading = readReport(md);
    const r = await citationResolver(task, artifacts as never, [], reading, read)([key]);
    return r.documents.map((d) => d.id);
  };

  test("a references line '- [path] — Title' names the file at that path", async () => {
    const md =
      "## Findings\n\n- Members grew 12% [files/loyalty-report-2024.md].\n\n## References\n\n- [files/loyalty-report-2024.md] — Loyalty report\n";
    expect(await resolve(md, "files/loyalty-report-2024.md")).toEqual(["doc-b"]);
  });

  test("a title two files share resolves through the path beside it, and alone resolves to none", async () => {
    const md =
      "## Findings\n\n- Members grew 12% [1]. Staff rotate [2]. Sales rose [3].\n\n## References\n\n1. Loyalty report (drive/loyalty-report.md)\n2. Staffing notes\n3. Loyalty report\n";
    expect(await resolve(md, "1")).toEqual(["doc-a"]);
    expect(await resolve(md, "2")).toEqual(["doc-c"]);
    // "Loyalty report" is two files' title, and "report" alone is a third file's name: neither is guessed.
    expect(await resolve(md, "3")).toEqual([]);
  });
});
