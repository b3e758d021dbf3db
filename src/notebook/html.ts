/** @module One self-contained HTML page from notebook cells: inline CSS, inline SVG, mermaid shipped inline (no URLs). */
import { Marked } from "marked";
import type { Cell, TableColumn } from "./cells.ts";

const MERMAID_JS = Bun.resolveSync("mermaid/dist/mermaid.min.js", import.meta.dir);

const CSS = `
body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1,h2,h3{line-height:1.2}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-size:13px}
th,td{border:1px solid #d0d7de;padding:.3rem .6rem;vertical-align:top}
th{background:#f6f8fa;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:1rem 0 2rem}
figcaption{color:#57606a;font-size:13px;margin-top:.3rem}
pre.json{background:#f6f8fa;padding:.8rem;overflow:auto;font-size:12px;max-height:30rem}
pre.mermaid{background:#fff}
footer{color:#57606a;font-size:12px;margin-top:3rem;border-top:1px solid #d0d7de;padding-top:.5rem}
`;

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function formatValue(v: unknown): string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "number") {
    if (Number.isInteger(v)) return String(v);
    return Math.abs(v) < 0.01 ? v.toPrecision(2) : v.toFixed(2);
  }
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function renderTable(rows: Record<string, unknown>[], columns: TableColumn[], caption: string): string {
  const head = columns.map((c) => `<th>${escapeHtml(c.label ?? c.key)}</th>`).join("");
  const body = rows
    .map((r) => {
      const cells = columns.map((c) => {
        const v = r[c.key];
        const right = c.align ? c.align === "right" : typeof v === "number";
        return `<td${right ? ' class="num"' : ""}>${escapeHtml(formatValue(v))}</td>`;
      });
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("\n");
  const cap = caption ? `<caption>${escapeHtml(caption)}</caption>` : "";
  return `<table>${cap}<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function figure(inner: string, caption: string): string {
  return `<figure>${inner}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ""}</figure>`;
}

/** Link targets a notebook may render: web, mail and relative links (never `javascript:`, `data:`, `vbscript:`…). */
const SAFE_HREF = /^(https?:|mailto:|[^:/?#]*(?:[/?#]|$))/i;

/** A link target safe to put in `href`: a safe scheme, and no character reference hiding one (`&#106;avascript:`). */
function safeHref(href: string): boolean {
  const spaced = /\s/.test(href) || [...href].some((ch) => ch.charCodeAt(0) < 0x20);
  return SAFE_HREF.test(href) && !/&(#|[a-z]+;)/i.test(href) && !spaced;
}

/**
 * Markdown whose text comes from parameters and the run store (agent specs, model handles, task titles): raw HTML
 * in it is shown as text, and a link or image with an unsafe scheme is shown as its text. The page is served on the
 * API's own origin, so an `<img onerror>` there would run with the API's rights. (marked's `html` renderer and
 * `walkTokens`, https://marked.js.org/using_pro#renderer.)
 */
const notebookMarkdown = new Marked({
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
  walkTokens: (token) => {
    if ((token.type === "link" || token.type === "image") && !safeHref(token.href)) {
      Object.assign(token, { type: "text", raw: token.raw, text: escapeHtml(token.raw), tokens: undefined });
    }
  },
});

export function markdownHtml(markdown: string): string {
  return notebookMarkdown.parse(markdown, { async: false }) as string;
}

export function renderCell(cell: Cell): string {
  switch (cell.kind) {
    case "md":
      return markdownHtml(cell.markdown);
    case "table":
      return renderTable(cell.rows, cell.columns, cell.caption);
    case "plot":
      return figure(`<div class="plot">${cell.svg}</div>`, cell.caption);
    case "mermaid":
      return figure(`<pre class="mermaid">${escapeHtml(cell.source)}</pre>`, cell.caption);
    case "json":
      return figure(
        `<pre class="json">${escapeHtml(JSON.stringify(cell.value, null, 2))}</pre>`,
        cell.caption,
      );
  }
}

/** The mermaid bundle's text, read once; inlined so the page works offline. */
let mermaidSource: string | null = null;
async function mermaidBundle(): Promise<string> {
  mermaidSource ??= await Bun.file(MERMAID_JS).text();
  // A literal "</script" inside the bundle would end the inline script early.
  return mermaidSource.replace(/<\/script/gi, "<\\/script");
}

export type PageInput = { title: string; cells: Cell[]; generatedAt: string; notebook: string };

/** The whole page. Mermaid is included only when a cell needs it. */
export async function renderPage(input: PageInput): Promise<string> {
  const body = input.cells.map(renderCell).join("\n");
  const needsMermaid = input.cells.some((c) => c.kind === "mermaid");
  const script = needsMermaid
    ? `<script>${await mermaidBundle()}</script>\n<script>mermaid.initialize({startOnLoad:false,securityLevel:"strict",flowchart:{htmlLabels:false}});mermaid.run({querySelector:"pre.mermaid"}).then(()=>{document.body.dataset.mermaid="done"},(e)=>{document.body.dataset.mermaid="error";console.error(e)});</script>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${escapeHtml(input.title)}</h1>
${body}
<footer>notebook <code>${escapeHtml(input.notebook)}</code> · generated ${escapeHtml(input.generatedAt)} by drflow</footer>
${script}
</body>
</html>
`;
}
