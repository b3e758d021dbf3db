/** @module HTML → readable text: title, headings, paragraphs, list items and table rows, without scripts, styles, navigation or forms. */
import { parseHTML } from "linkedom";

const DROP = "script, style, noscript, template, svg, nav, header, footer, aside, form, iframe, button";
const BLOCKS = new Set([
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "P",
  "LI",
  "TR",
  "BLOCKQUOTE",
  "PRE",
  "DD",
  "DT",
  "FIGCAPTION",
]);

/** The page's title and its readable text, one block per line (headings as `#` lines, list items as `- `). */
export function readableText(html: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const title = (document.querySelector("title")?.textContent ?? "").replace(/\s+/g, " ").trim();
  for (const el of [...document.querySelectorAll(DROP)]) el.remove();
  const root =
    document.querySelector("article") ??
    document.querySelector("main") ??
    document.body ??
    document.documentElement;
  const lines: string[] = [];
  const walk = (el: Element) => {
    if (BLOCKS.has(el.tagName)) {
      const text =
        el.tagName === "TR"
          ? [...el.children].map((c) => c.textContent?.replace(/\s+/g, " ").trim() ?? "").join(" | ")
          : (el.textContent ?? "").replace(/\s+/g, " ").trim();
      if (!text) return;
      if (/^H[1-6]$/.test(el.tagName)) lines.push(`${"#".repeat(Number(el.tagName[1]))} ${text}`);
      else if (el.tagName === "LI") lines.push(`- ${text}`);
      else lines.push(text);
      return;
    }
    for (const child of [...el.children]) walk(child);
    if (el.children.length === 0 && el.tagName === "DIV") {
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
      if (text) lines.push(text);
    }
  };
  if (root) walk(root as Element);
  return { title: title || lines.find((l) => l.startsWith("# "))?.slice(2) || "", text: lines.join("\n\n") };
}
