/**
 * @module The Brave Search API adapter (GET `/res/v1/web/search?q=…&count=…` with the `X-Subscription-Token` header,
 * results in `web.results[]` — api-dashboard.search.brave.com/documentation). The key comes from BRAVE_API_KEY; it is
 * sent only to the API's base URL and never logged.
 */
import { type FetchOptions, fetchPage } from "./fetch.ts";
import type { WebResult, WebTools } from "./types.ts";

export const BRAVE_BASE_URL = "https://api.search.brave.com";

export type BraveOptions = FetchOptions & { apiKey?: string; baseUrl?: string };

type BraveReply = { web?: { results?: { url?: string; title?: string; description?: string }[] } };

function stripTags(s: string): string {
  return s
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Live web tools: Brave Search for queries, plain URL fetch for pages. */
export function braveWeb(options: BraveOptions = {}): WebTools {
  const apiKey = options.apiKey ?? process.env.BRAVE_API_KEY ?? "";
  if (!apiKey) throw new Error("web search (brave): set BRAVE_API_KEY to a Brave Search API key");
  const base = (options.baseUrl ?? process.env.BRAVE_BASE_URL ?? BRAVE_BASE_URL).replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  return {
    name: "brave",
    async search(query, limit) {
      const url = new URL(`${base}/res/v1/web/search`);
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(Math.max(1, Math.min(20, limit))));
      const res = await doFetch(url, {
        headers: { Accept: "application/json", "X-Subscription-Token": apiKey },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!res.ok)
        throw new Error(`web search (brave): HTTP ${res.status} for query "${query.slice(0, 80)}"`);
      const reply = (await res.json()) as BraveReply;
      return (reply.web?.results ?? [])
        .filter((r): r is { url: string; title?: string; description?: string } => typeof r.url === "string")
        .slice(0, limit)
        .map(
          (r): WebResult => ({
            url: r.url,
            title: stripTags(r.title ?? r.url),
            snippet: stripTags(r.description ?? ""),
          }),
        );
    },
    async fetch(url) {
      return fetchPage(url, options);
    },
  };
}
