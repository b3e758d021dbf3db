/**
 * @module Notebooks in the studio: the list, and one notebook's page framed with its parameters. The frame reloads
 * whenever the page on disk changes (a `bun run nb <name> --watch` re-run, or a run started here).
 */
import { stat } from "node:fs/promises";
import { listNotebooks, notebookOutput } from "../../notebook/registry.ts";
import type { StudioContext } from "../context.ts";
import { html, page, table } from "../html.ts";
import { urls } from "../urls.ts";

/** The parameters every notebook understands (notebooks/README.md); more can be added as key=value. */
const COMMON_PARAMS = ["suite", "model", "a", "b", "split"] as const;

export async function notebooksPage(ctx: StudioContext): Promise<string> {
  const list = await listNotebooks(ctx.deps.notebooksDir, ctx.deps.notebooksOut);
  const body = html`<p class="small muted">Analyst notebooks from <code>${ctx.deps.notebooksDir}</code>. <code>bun run nb &lt;name&gt; --watch</code> re-runs one when its file or a library file changes; an open page here follows.</p>
    ${table(
      list,
      [
        { label: "notebook", cell: (n) => html`<a href="${urls.notebook(n.name)}">${n.name}</a>` },
        {
          label: "rendered",
          cell: (n) => n.renderedAt?.slice(0, 19) ?? html`<span class="muted">not yet</span>`,
        },
      ],
      'id="notebooks"',
    )}`;
  return page({ title: "Notebooks", section: "notebooks", body });
}

/** The rendered page's modification time (ms), or 0 when it has not been rendered. */
export async function notebookVersion(ctx: StudioContext, name: string): Promise<number> {
  const st = await stat(notebookOutput(ctx.deps.notebooksDir, name, ctx.deps.notebooksOut)).catch(() => null);
  return st ? Math.floor(st.mtimeMs) : 0;
}

export async function notebookPage(
  ctx: StudioContext,
  name: string,
  query: Record<string, string>,
): Promise<string | null> {
  const list = await listNotebooks(ctx.deps.notebooksDir, ctx.deps.notebooksOut);
  if (!list.some((n) => n.name === name)) return null;
  const version = await notebookVersion(ctx, name);
  const params = COMMON_PARAMS.map(
    (k) =>
      html`<label>${k}<input name="${k}" value="${query[k] ?? ""}" size="${k === "suite" || k === "split" ? 10 : 24}"></label>`,
  );
  const body = html`<form class="filters" id="nb-params">${params}<label>more (k=v k=v)<input name="extra" size="24"></label>
      <button type="submit" id="nb-run">run</button>
      <label><span><input type="checkbox" id="nb-live"> live</span><span class="small">re-run on file changes</span></label>
      <span id="nb-status" class="small muted">${version ? "" : "not rendered yet: run it"}</span></form>
    <iframe id="nb-frame" src="${version ? `/notebooks/${name}` : "about:blank"}" data-version="${version}" style="width:100%;height:80vh;border:1px solid #d0d7de" title="${name}"></iframe>`;
  // Run through the API (POST /notebooks/:name/run, JSON); "live" asks the studio to watch the notebook's files.
  // Either way the frame follows the page's version.
  const script = `
const frame=document.getElementById("nb-frame"),status=document.getElementById("nb-status"),form=document.getElementById("nb-params"),liveBox=document.getElementById("nb-live");
let version=Number(frame.dataset.version);
function params(){const fd=new FormData(form);const p={};for(const [k,v] of fd){if(k==="extra"){for(const kv of String(v).split(/\\s+/)){const i=kv.indexOf("=");if(i>0)p[kv.slice(0,i)]=kv.slice(i+1)}}else if(v)p[k]=String(v)}return p}
async function poll(){try{const r=await fetch(${JSON.stringify(`/studio/notebooks/${name}/version`)});const s=await r.json();if(s.version&&s.version!==version){version=s.version;frame.src=${JSON.stringify(`/notebooks/${name}`)}+"?v="+s.version;status.textContent="refreshed "+new Date().toLocaleTimeString()+(s.live?" · "+s.live:"");}}catch{}setTimeout(poll,1000)}
poll();
async function goLive(){if(!liveBox.checked)return;await fetch(${JSON.stringify(`/studio/notebooks/${name}/live`)},{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({params:params()})});status.textContent="live: watching the notebook and its library";}
liveBox.addEventListener("change",goLive);setInterval(goLive,10000);
form.addEventListener("submit",async(e)=>{e.preventDefault();const p=params();status.textContent="running…";const r=await fetch(${JSON.stringify(`/notebooks/${name}/run`)},{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({params:p})});
status.textContent=r.ok?"done":"failed: "+(await r.json()).error;history.replaceState(null,"","?"+new URLSearchParams(p));goLive();});`;
  return page({ title: `Notebook ${name}`, section: "notebooks", body, script });
}
