/** @module The studio's page shell and small HTML helpers: one stylesheet, a nav bar, tables, badges. Server-rendered, no framework. */
import type { CallTotals } from "../core/usage.ts";
import { formatCost } from "../llm/cost.ts";
import { escapeHtml } from "../notebook/html.ts";
import { TABLE_EXPORT_SCRIPT } from "./export.ts";
import { urls } from "./urls.ts";

export { escapeHtml };

/** Tagged template that escapes interpolated values unless they are `raw(…)` (already HTML). */
export class Html {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}
export const raw = (html: string) => new Html(html);

type Part = string | number | null | undefined | boolean | Html | readonly Part[];

function part(v: Part): string {
  if (v === null || v === undefined || v === false || v === true) return "";
  if (v instanceof Html) return v.html;
  if (Array.isArray(v)) return v.map(part).join("");
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

const CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg2:#f6f8fa;--acc:#0969da;--good:#1a7f37;--bad:#cf222e;--warn:#9a6700}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:var(--fg)}
nav{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;align-items:center;padding:.6rem 1.2rem;border-bottom:1px solid var(--line);background:var(--bg2)}
nav b{margin-right:1rem}
nav a{color:var(--fg);text-decoration:none}nav a.on{font-weight:600;border-bottom:2px solid var(--acc)}
main{padding:1rem 1.2rem 3rem;max-width:1500px}
a{color:var(--acc)}
h1{font-size:1.35rem;margin:.2rem 0 .8rem}h2{font-size:1.1rem;margin:1.6rem 0 .5rem}h3{font-size:1rem;margin:1.2rem 0 .4rem}
table{border-collapse:collapse;margin:.4rem 0 1rem;font-size:13px;display:block;overflow-x:auto;max-width:100%;width:max-content}
.export{margin:-.7rem 0 1rem;color:var(--muted)}.export a{margin-right:.2rem}
h1{overflow-wrap:anywhere}
th,td{border:1px solid var(--line);padding:.25rem .5rem;vertical-align:top;text-align:left}
th{background:var(--bg2);white-space:nowrap}th a{color:var(--fg);text-decoration:none}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.num{white-space:nowrap}
.muted{color:var(--muted)}.small{font-size:12px}
.badge{display:inline-block;padding:0 .4rem;border-radius:.7rem;font-size:11px;border:1px solid var(--line);background:#fff;white-space:nowrap}
.b-insight{background:#dafbe1}.b-distractor{background:#ffebe9}.b-adjacent{background:#fff8c5}
.b-done{background:#dafbe1}.b-failed{background:#ffebe9}.b-running{background:#ddf4ff}
.win{color:var(--good)}.loss{color:var(--bad)}
form.filters{display:flex;flex-wrap:wrap;gap:.6rem;align-items:end;margin:.4rem 0 1rem}
form.filters label{display:flex;flex-direction:column;font-size:12px;color:var(--muted)}
select,input,textarea{font:inherit;padding:.15rem .3rem;max-width:100%}
details{margin:.15rem 0}summary{cursor:pointer}
pre{background:var(--bg2);padding:.6rem;overflow:auto;font-size:12px;white-space:pre-wrap;max-height:40rem;margin:.3rem 0}
.timeline{list-style:none;padding:0;margin:0;border-left:2px solid var(--line)}
.timeline li{margin:0 0 .25rem .8rem;position:relative}
.timeline li::before{content:"";position:absolute;left:-1.05rem;top:.5rem;width:.5rem;height:.5rem;border-radius:50%;background:var(--line)}
.timeline li.ev-model::before{background:#8250df}.timeline li.ev-tool::before{background:var(--acc)}.timeline li.ev-action::before{background:var(--good)}
.timeline details{display:inline-block;vertical-align:top;width:calc(100% - 5rem)}
.t{display:inline-block;min-width:4.5rem;color:var(--muted);font-variant-numeric:tabular-nums;font-size:12px}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.cols>div{min-width:0;border:1px solid var(--line);padding:.5rem;border-radius:6px}
.msg{border:1px solid var(--line);border-radius:6px;padding:.4rem .6rem;margin:.4rem 0;background:#fff}
.msg .who{font-weight:600}.msg .when{color:var(--muted);font-size:12px;margin-left:.5rem}
.ref{background:#fff8c5;border:1px dashed var(--warn);padding:.4rem .6rem;border-radius:6px;margin:.6rem 0}
.step{margin:.4rem 0}.step .cites a{margin-right:.3rem}
pre.mermaid{background:#fff;max-height:none}
.grid td{min-width:9rem}
footer{color:var(--muted);font-size:12px;margin-top:2rem}
code{overflow-wrap:anywhere}a[data-offline]{color:var(--muted);text-decoration:none;cursor:default}
.fold>summary{font-size:1.1rem;font-weight:600;margin:1.4rem 0 .5rem}.fold>summary h2{display:inline;margin:0}
@media (max-width:760px){main{padding:.6rem .6rem 2rem}nav{padding:.5rem .6rem;gap:.2rem .9rem}nav b{flex-basis:100%}
.cols{grid-template-columns:1fr}form.filters label,form.filters fieldset{min-width:0;max-width:100%}
select,input{max-width:100%}.timeline details{width:calc(100% - 1rem)}fieldset{min-width:0}}
`;

const NAV: [string, string][] = [
  ["runs", urls.runs()],
  ["batches", urls.batches()],
  ["compare", "/studio/compare"],
  ["notebooks", urls.notebooks()],
  ["review", "/studio/review"],
  ["create", "/studio/create"],
  ["campaigns", urls.campaigns()],
  ["paper", urls.paper()],
];

export type PageOptions = {
  title: string;
  section: string;
  body: Html;
  /** Load the mermaid bundle (served from node_modules) and render every `pre.mermaid` (a folded one when it opens). */
  mermaid?: boolean;
  /** Extra inline script (page behaviour such as sortable tables). */
  script?: string;
  /** Leave out the nav bar (pages for people who may open nothing else, such as annotators). */
  nav?: false;
  /** Extra CSS for this page. */
  css?: string;
};

/**
 * Renders the diagrams on screen, then each folded section's the first time it opens (mermaid lays out nothing it
 * cannot measure, and a long page should not pay for charts nobody opened); `body[data-mermaid]` is "done" once the
 * diagrams shown at load are drawn.
 */
const MERMAID_RUN = `(() => {
  let chain = Promise.resolve();
  const draw = () => (chain = chain.then(() => {
    const nodes = [...document.querySelectorAll("pre.mermaid:not([data-processed])")].filter((p) => !p.closest("details:not([open])"));
    return nodes.length ? mermaid.run({ nodes }) : undefined;
  }));
  draw().then(() => { document.body.dataset.mermaid = "done"; }, (e) => { document.body.dataset.mermaid = "error"; console.error(e); });
  document.addEventListener("toggle", (e) => { if (e.target.open) draw().catch((err) => console.error(err)); }, true);
})();`;

export function page(options: PageOptions): string {
  const links = NAV.map(
    ([name, href]) => `<a href="${href}"${name === options.section ? ' class="on"' : ""}>${name}</a>`,
  ).join("");
  const nav = options.nav === false ? "" : `<nav><b>drflow studio</b>${links}</nav>`;
  const mermaid = options.mermaid
    ? `<script src="${urls.asset("mermaid.min.js")}"></script><script>mermaid.initialize({startOnLoad:false,securityLevel:"strict",flowchart:{htmlLabels:false}});${MERMAID_RUN}</script>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(options.title)} · drflow studio</title><style>${CSS}${options.css ?? ""}</style></head>
<body>${nav}
<main><h1>${escapeHtml(options.title)}</h1>
${options.body.html}
</main>${mermaid}${options.script ? `<script>${options.script}</script>` : ""}<script>${TABLE_EXPORT_SCRIPT}</script></body></html>`;
}

export type Column<T> = {
  label: string;
  cell: (row: T) => Part;
  num?: boolean;
  /** Header link (e.g. sort by this column). */
  href?: string;
};

export function table<T>(rows: readonly T[], columns: readonly Column<T>[], attrs = ""): Html {
  const head = columns.map(
    (c) =>
      html`<th${raw(c.num ? ' class="num"' : "")}>${c.href ? html`<a href="${c.href}">${c.label}</a>` : c.label}</th>`,
  );
  const body = rows.map(
    (r) =>
      html`<tr>${columns.map((c) => html`<td${raw(c.num ? ' class="num"' : "")}>${c.cell(r)}</td>`)}</tr>`,
  );
  return html`<table ${raw(attrs)}><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A score in [0, 1] shown ×100 with two decimals; "—" when null. */
export function score(v: number | null | undefined): string {
  return v === null || v === undefined ? "—" : (v * 100).toFixed(2);
}

/** A cost in USD; null is a call of an unpriced handle (its cost unknown, never $0). */
export function usd(v: number | null | undefined): string {
  if (v === null) return "unpriced";
  return v === undefined ? "—" : `$${v < 0.01 && v > 0 ? v.toPrecision(2) : v.toFixed(4)}`;
}

/** A run's cost at list price: its priced calls' sum, a lower bound that says so when some calls were unpriced. */
export function runCost(u: Pick<CallTotals, "listCostUsd" | "listUnpricedCalls">): string {
  return u.listUnpricedCalls
    ? formatCost({ usd: u.listCostUsd, unpricedCalls: u.listUnpricedCalls })
    : usd(u.listCostUsd);
}

/** A page section that folds: its heading is the toggle; `#id` links open it. */
export function fold(id: string, title: string, body: Html, open = true): Html {
  return html`<details class="fold" id="${id}"${open ? raw(" open") : ""}><summary><h2>${title}</h2></summary>${body}</details>`;
}

/** "fold all" / "open all" links, and a `#section` link opening its section. */
export const FOLD_SCRIPT = `
(() => {
  const all = (open) => (e) => { e.preventDefault(); document.querySelectorAll("details.fold").forEach((d) => { d.open = open; }); };
  const f = document.getElementById("fold-all"), o = document.getElementById("open-all");
  if (f) f.onclick = all(false); if (o) o.onclick = all(true);
  const reveal = () => { const d = location.hash && document.getElementById(location.hash.slice(1)); if (d && d.tagName === "DETAILS") d.open = true; };
  addEventListener("hashchange", reveal); reveal();
})();
`;

export function badge(text: string, kind = ""): Html {
  return html`<span class="badge ${kind}">${text}</span>`;
}

export function roleBadge(role: string | null | undefined): Html {
  return role ? badge(role, `b-${role}`) : html``;
}
