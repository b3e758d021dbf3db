/** @module One artifact of a task: email and chat as messages, PDF/DOCX/Markdown as extracted text, with a link to the file itself. */
import { readFile } from "node:fs/promises";
import type { ArtifactEntry } from "../../core/index.ts";
import { readArtifact } from "../../env/documents.ts";
import { parseChat, parseEml } from "../../extract/index.ts";
import { artifactPath, type LoadedTask } from "../../store/task-store.ts";
import type { StudioContext } from "../context.ts";
import { type Html, html, page, roleBadge, table } from "../html.ts";
import { urls } from "../urls.ts";

const CONTENT_TYPES: Record<ArtifactEntry["format"], string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  eml: "message/rfc822",
  md: "text/plain; charset=utf-8",
  chat: "application/json; charset=utf-8",
  csv: "text/plain; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

// `artifactPath` checks the file again at every read (realpath inside `artifacts/` or the corpus folder, a regular
// file): the task was validated when it was loaded, but the studio keeps loaded tasks while task.json is unchanged,
// and a file swapped for a symbolic link since then must not be served.

/** The artifact by manifest id only: a URL never names a path. */
export async function findArtifact(
  ctx: StudioContext,
  suite: string,
  task: string,
  id: string,
): Promise<{ loaded: LoadedTask; entry: ArtifactEntry; ref: string } | null> {
  const ref = `${suite}/${task}`;
  const loaded = await ctx.task(ref);
  const entry = loaded?.manifest.artifacts.find((a) => a.id === id);
  return loaded && entry ? { loaded, entry, ref } : null;
}

export async function artifactContent(loaded: LoadedTask, entry: ArtifactEntry): Promise<Html> {
  const rawBytes = new Uint8Array(await readFile(artifactPath(loaded, entry)));
  if (entry.format === "eml") {
    const m = await parseEml(rawBytes);
    return html`<div class="msg email"><div><span class="who">${m.from}</span><span class="when">${m.date}</span></div>
      <div class="small">to ${m.to.join(", ")}${m.cc.length ? ` · cc ${m.cc.join(", ")}` : ""}</div>
      <div><b>${m.subject}</b></div><pre>${m.text}</pre></div>`;
  }
  if (entry.format === "chat") {
    const chat = parseChat(new TextDecoder().decode(rawBytes));
    const names = new Map(
      chat.users.map((u) => [u.username, `${u.first_name} ${u.last_name}`.trim() || u.username]),
    );
    const channel = chat.channels[0];
    return html`<p class="small muted">channel ${channel?.display_name ?? ""} ${channel?.purpose ? `— ${channel.purpose}` : ""}</p>
      ${chat.posts.map(
        (p) =>
          html`<div class="msg chat"><span class="who">${names.get(p.user) ?? p.user}</span><span class="when">${new Date(p.create_at).toISOString().replace("T", " ").slice(0, 16)}</span><div>${p.message}</div></div>`,
      )}`;
  }
  const doc = await readArtifact(loaded, entry);
  return html`<p class="small muted">Text extracted from the ${entry.format.toUpperCase()} file (what the environment indexes).</p><pre class="doc-text">${doc.text}</pre>`;
}

export async function documentPage(
  ctx: StudioContext,
  suite: string,
  task: string,
  id: string,
  runId?: string,
): Promise<string | null> {
  const found = await findArtifact(ctx, suite, task, id);
  if (!found) return null;
  const { loaded, entry, ref } = found;
  const citing = runId
    ? ctx.store
        .citations({ run: runId })
        .filter((c) => c.source_id === entry.id || c.citation_key === entry.id)
    : [];
  const body = html`<p>${roleBadge(entry.role)} <b>${entry.title}</b> · ${entry.app} · ${entry.side} side · ${entry.format}
      ${entry.author ? ` · ${entry.author}` : ""}${entry.date ? ` · ${entry.date}` : ""}</p>
    <p class="small">task <a href="${urls.runs({ task: ref })}">${ref}</a> · file <a href="${urls.file(ref, entry.id)}" id="file-link">${entry.path}</a></p>
    ${
      runId
        ? html`<p class="small">Cited by run <a href="${urls.run(runId)}">${runId}</a>: ${
            citing.length
              ? table(citing, [
                  { label: "section", cell: (c) => c.section },
                  { label: "step", cell: (c) => c.step },
                  { label: "key", cell: (c) => c.citation_key },
                ])
              : "no step"
          }</p>`
        : ""
    }
    ${await artifactContent(loaded, entry)}`;
  return page({ title: entry.title || entry.id, section: "runs", body });
}

/** The artifact's bytes; never rendered inline as HTML. */
export async function artifactFile(
  ctx: StudioContext,
  suite: string,
  task: string,
  id: string,
): Promise<Response | null> {
  const found = await findArtifact(ctx, suite, task, id);
  if (!found) return null;
  const { loaded, entry } = found;
  const bytes = await readFile(artifactPath(loaded, entry));
  const name = entry.path
    .split("/")
    .pop()!
    .replace(/[^A-Za-z0-9._-]/g, "_");
  return new Response(bytes, {
    headers: {
      "content-type": CONTENT_TYPES[entry.format],
      "content-disposition": `${entry.format === "pdf" ? "inline" : "attachment"}; filename="${name}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
    },
  });
}
