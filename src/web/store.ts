/**
 * @module The offline web store: pages saved as files in the task (`web/pages.json` listing `{ url, title, path }`,
 * files under `web/`), served through the same `WebTools` calls as the live web, so a DRBench fact sourced from a
 * public article is reachable offline when its page is supplied. Search ranks pages by BM25 over their text.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { words } from "../retrieval/tokenize.ts";
import { insideDir, parseWith, readTextFile } from "../store/task-store.ts";
import { readableText } from "./readable.ts";
import { normalizeUrl, type WebPage, type WebTools } from "./types.ts";

export const WEB_DIR = "web";
export const WEB_MANIFEST = "pages.json";

export const WebStoreManifest = z.object({
  pages: z.array(
    z.object({
      url: z.string().url(),
      title: z.string().default(""),
      /** Relative to the task's `web/` folder: `.html` (reduced to readable text), `.md` or `.txt`. */
      path: z.string().min(1),
    }),
  ),
});

/** The saved pages of a task folder (empty when it has no web store); errors name the file and field. */
export async function readWebStore(taskDir: string): Promise<WebPage[]> {
  const file = join(taskDir, WEB_DIR, WEB_MANIFEST);
  if (!existsSync(file)) return [];
  const manifest = parseWith(WebStoreManifest, await readTextFile(file), file);
  const pages: WebPage[] = [];
  for (const p of manifest.pages) {
    const raw = await readTextFile(insideDir(join(taskDir, WEB_DIR), p.path));
    const read = /\.html?$/i.test(p.path) ? readableText(raw) : { title: "", text: raw };
    pages.push({ url: normalizeUrl(p.url), title: p.title || read.title || p.url, text: read.text });
  }
  return pages;
}

/** Web tools over saved pages: BM25 search over title + text, fetch by (normalized) URL. */
export function offlineWeb(pages: readonly WebPage[]): WebTools {
  const docs = pages.map((p) => words(`${p.title} ${p.text}`));
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const byUrl = new Map(pages.map((p) => [normalizeUrl(p.url), p]));
  return {
    name: "offline",
    async search(query, limit) {
      const q = [...new Set(words(query))];
      const scored = docs.map((d, i) => {
        const tf = new Map<string, number>();
        for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
        let score = 0;
        for (const t of q) {
          const f = tf.get(t) ?? 0;
          if (!f) continue;
          const idf = Math.log(1 + (docs.length - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
          score += (idf * f * 2.2) / (f + 1.2 * (0.25 + 0.75 * (d.length / avg)));
        }
        return { i, score };
      });
      return scored
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .slice(0, limit)
        .map(({ i }) => ({
          url: pages[i]!.url,
          title: pages[i]!.title,
          snippet: pages[i]!.text.slice(0, 240),
        }));
    },
    async fetch(url) {
      return byUrl.get(normalizeUrl(url)) ?? null;
    },
  };
}
