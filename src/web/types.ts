/** @module The web as the agents use it (the paper's fallback when internal evidence is insufficient): search and URL fetch behind one interface. */

export type WebResult = { url: string; title: string; snippet: string };
export type WebPage = { url: string; title: string; text: string };

/** Web search plus URL fetch: a live adapter (search API + HTTP) or a task's offline store serve the same calls. */
export interface WebTools {
  /** `brave`, `offline`, … — recorded in traces. */
  readonly name: string;
  search(query: string, limit: number): Promise<WebResult[]>;
  /** The page's readable text; null when it cannot be fetched (reason in the error for live adapters). */
  fetch(url: string): Promise<WebPage | null>;
}

/** `https://www.Example.com/a/?x#frag` → `https://www.example.com/a?x`: one key per page for stores and citations. */
export function normalizeUrl(url: string): string {
  try {
    const u = new URL(url.trim());
    u.hash = "";
    u.hostname = u.hostname.toLowerCase();
    const path = u.pathname.replace(/\/+$/, "");
    return `${u.protocol}//${u.host}${path}${u.search}`;
  } catch {
    return url.trim();
  }
}
