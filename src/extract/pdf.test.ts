import { expect, test } from "bun:test";
import { layoutPdfLines } from "./pdf.ts";

const line = (text: string, y: number) => ({ text, y, size: 10 });

test("a sentence running on from one page to the next stays one paragraph; a page that ends a sentence starts a new one", () => {
  const pages = [
    [line("Files are held on to for 6 years from the", 700)],
    [line("release date.", 780), line("7 Cases", 768)],
    [line("Section 8", 780)],
  ];
  expect(layoutPdfLines(pages)).toBe(
    "Files are held on to for 6 years from the\nrelease date.\n7 Cases\n\nSection 8",
  );
  // a heading-like next page (capital letter) is a new paragraph even after an open end
  expect(layoutPdfLines([[line("Contents", 700)], [line("Purpose", 780)]])).toBe("Contents\n\nPurpose");
});
