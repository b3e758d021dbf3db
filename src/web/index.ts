/** @module The web: one `WebTools` interface, a live adapter (Brave Search + URL fetch), the offline store, and the choice between them. */
import { braveWeb } from "./brave.ts";
import { offlineWeb, readWebStore } from "./store.ts";
import type { WebTools } from "./types.ts";

export { BRAVE_BASE_URL, braveWeb } from "./brave.ts";
export { fetchPage } from "./fetch.ts";
export { readableText } from "./readable.ts";
export { offlineWeb, readWebStore, WEB_DIR, WEB_MANIFEST, WebStoreManifest } from "./store.ts";
export { normalizeUrl, type WebPage, type WebResult, type WebTools } from "./types.ts";

/**
 * The web tools for a run: `live` → Brave Search + URL fetch (BRAVE_API_KEY required), `offline` → the task's saved
 * pages (none when the task has no web store), `none` → no web. Default: DRFLOW_WEB, else `offline`.
 */
export async function webFor(
  taskDir: string,
  mode: string = process.env.DRFLOW_WEB ?? "offline",
): Promise<WebTools | null> {
  if (mode === "none") return null;
  if (mode === "live") return braveWeb();
  if (mode !== "offline") throw new Error(`web mode "${mode}": expected live, offline or none`);
  const pages = await readWebStore(taskDir);
  return pages.length > 0 ? offlineWeb(pages) : null;
}
