/**
 * @module A static bundle of one batch (`drflow studio bundle --batch <id> --out dir/`, like `inspect view bundle`):
 * the studio's own pages for the batch — its grid, its runs list, every run with its judgment and the documents it
 * cites, the compare pages of its configurations — rendered by the studio app itself and written as files whose links
 * are relative, so the folder opens from `file://` (or any static host) and every link works. A link to a page outside
 * the batch (another batch, a form that needs the server) becomes plain text saying so; forms are left out.
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, posix, relative } from "node:path";
import type { Hono } from "hono";
import { STUDIO } from "./urls.ts";

/** The most pages a bundle holds (a batch's runs, judgments, documents and compare pages stay well below). */
export const BUNDLE_MAX_PAGES = 20_000;

/** What a bundle wrote: its index, its pages and other files, and the in-scope links that answered no page. */
export type BundleResult = { dir: string; index: string; pages: number; files: number; skipped: number };

/** Whether a studio URL belongs to the batch's bundle (`runIds`: the batch's runs). */
function inScope(url: URL, batch: string, runIds: ReadonlySet<string>): boolean {
  const path = decodeURIComponent(url.pathname.slice(STUDIO.length));
  const q = url.searchParams;
  if (path.startsWith("/assets/")) return true;
  if (path === `/batches/${batch}`) return [...q.keys()].every((k) => k === "metric");
  if (path === "/runs") return q.get("batch") === batch;
  const run = /^\/runs\/([^/]+)(\/judgment)?$/.exec(path);
  if (run) return runIds.has(run[1]!);
  if (/^\/tasks\/[^/]+\/[^/]+\/files\/[^/]+$/.test(path)) return true;
  if (/^\/tasks\/[^/]+\/[^/]+\/docs\/[^/]+$/.test(path)) return runIds.has(q.get("run") ?? "");
  if (path === "/compare") return q.get("a.batch") === batch && q.get("b.batch") === batch;
  return false;
}

/** The file a studio URL is written to, relative to the bundle's folder: its path, plus a hash of its query. */
export function bundleFile(url: URL, contentType: string): string {
  const path = decodeURIComponent(url.pathname.slice(STUDIO.length + 1)) || "index";
  const safe = path
    .split("/")
    .map((p) => p.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_"))
    .join("/");
  if (path.startsWith("assets/")) return safe;
  const query = url.search ? `--${createHash("sha256").update(url.search).digest("hex").slice(0, 10)}` : "";
  const ext = contentType.startsWith("text/html")
    ? ".html"
    : (/\.[A-Za-z0-9]{1,5}$/.exec(safe)?.[0] ?? extensionOf(contentType));
  return `${safe.replace(/\.[A-Za-z0-9]{1,5}$/, "")}${query}${ext}`;
}

function extensionOf(contentType: string): string {
  const type = contentType.split(";")[0]!.trim();
  const known: Record<string, string> = {
    "application/pdf": ".pdf",
    "message/rfc822": ".eml",
    "application/json": ".json",
    "text/markdown": ".md",
    "text/plain": ".txt",
    "text/javascript": ".js",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
  };
  return known[type] ?? ".bin";
}

const LINK = /(href|src)="(\/studio[^"]*)"/g;

/**
 * Render the batch's pages through `app` (the studio, mounted at /studio) and write them under `out`; `runIds` are
 * the batch's runs. Returns where the index (the batch page) is and how much was written.
 */
export async function bundleBatch(
  app: Hono,
  batch: string,
  runIds: ReadonlySet<string>,
  out: string,
): Promise<BundleResult> {
  const origin = "http://127.0.0.1";
  const start = new URL(`${STUDIO}/batches/${encodeURIComponent(batch)}`, origin);
  const queue: URL[] = [start, new URL(`${STUDIO}/runs?batch=${encodeURIComponent(batch)}`, origin)];
  const written = new Map<string, string>(); // url → file
  const pending: { file: string; html: string; url: URL }[] = [];
  let files = 0;
  const skipped = new Set<string>();
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    url.hash = "";
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (seen.size > BUNDLE_MAX_PAGES)
      throw new Error(`batch ${batch}: more than ${BUNDLE_MAX_PAGES} pages to bundle`);
    const res = await app.request(url.href);
    if (res.status !== 200) {
      skipped.add(url.href);
      await res.body?.cancel();
      continue;
    }
    const type = res.headers.get("content-type") ?? "";
    const file = bundleFile(url, type);
    written.set(url.href, file);
    if (!type.startsWith("text/html")) {
      await mkdir(dirname(join(out, file)), { recursive: true });
      await writeFile(join(out, file), new Uint8Array(await res.arrayBuffer()));
      files++;
      continue;
    }
    const html = await res.text();
    pending.push({ file, html, url });
    for (const m of html.matchAll(LINK)) {
      const next = new URL(m[2]!.replace(/&amp;/g, "&"), url);
      next.hash = "";
      if (!seen.has(next.href) && inScope(next, batch, runIds)) queue.push(next);
    }
  }
  // Second pass: every link relative to its page's file, or plain text when it left the bundle.
  for (const { file, html, url } of pending) {
    const from = posix.dirname(file);
    const rewritten = stripForms(html)
      .replace(
        /<a([^>]*?) href="(\/studio[^"]*)"([^>]*)>/g,
        (_all, pre: string, href: string, post: string) => {
          const target = new URL(href.replace(/&amp;/g, "&"), url);
          const hash = target.hash;
          target.hash = "";
          const f = written.get(target.href);
          if (!f) return `<a${pre}${post} data-offline title="not in this bundle (needs the studio server)">`;
          return `<a${pre} href="${posix.relative(from, f) || posix.basename(f)}${hash}"${post}>`;
        },
      )
      .replace(/src="(\/studio\/assets\/[^"]+)"/g, (_all, src: string) => {
        const f = written.get(new URL(src, url).href);
        return f ? `src="${posix.relative(from, f)}"` : `src="${src}"`;
      });
    await mkdir(dirname(join(out, file)), { recursive: true });
    await writeFile(join(out, file), bundleNote(rewritten, batch));
  }
  const index = join(out, "index.html");
  const batchFile = written.get(start.href)!;
  await writeFile(
    index,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${batchFile}"><title>Batch ${escapeAttr(batch)}</title><a href="${batchFile}">Batch ${escapeAttr(batch)}</a>`,
  );
  return { dir: out, index, pages: pending.length, files, skipped: skipped.size };
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Forms post to the server; a bundle has none. */
function stripForms(html: string): string {
  return html.replace(/<form\b[\s\S]*?<\/form>/g, "");
}

function bundleNote(html: string, batch: string): string {
  return html.replace(
    "<main>",
    `<main><p class="small muted bundle-note">Static bundle of batch <b>${escapeAttr(batch)}</b>: filters, search and live updates need the studio server (<code>drflow serve</code>).</p>`,
  );
}

/** Where the bundle's index is, for messages (relative to the working directory when inside it). */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") ? rel : path;
}
