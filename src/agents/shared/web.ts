/**
 * @module The agents' `web_search` tool over `WebTools`: search, fetch the top pages, keep each page's passage that best
 * answers the query. Web hits carry the page URL as document id and path, so they are traced and cited like any source.
 */
import { chunkDocument } from "../../retrieval/index.ts";
import type { SearchHit } from "../../retrieval/search-hit.ts";
import type { WebTools } from "../../web/types.ts";
import { overlap, termSet } from "./text.ts";
import type { WebSearch } from "./tools.ts";

/** A `WebSearch` for the toolbox: one hit per fetched page (its best passage), search snippets when a fetch fails. */
export function webSearchOf(web: WebTools): WebSearch {
  return async (query, limit) => {
    const results = await web.search(query, limit);
    const q = termSet(query);
    const hits: SearchHit[] = [];
    for (const [rank, r] of results.entries()) {
      const page = await web.fetch(r.url).catch(() => null);
      const text = page?.text ?? r.snippet;
      const chunks = chunkDocument({
        id: r.url,
        app: "files",
        title: r.title,
        path: r.url,
        author: "",
        date: "",
        text,
      });
      const best = chunks.reduce((a, b) => (overlap(q, b.text) > overlap(q, a.text) ? b : a), chunks[0]!);
      hits.push({
        documentId: r.url,
        chunkId: best.id,
        // SearchHit's app names an enterprise app; the research context records web hits under "web".
        app: "files",
        title: page?.title ?? r.title,
        path: r.url,
        score: 1 / (rank + 1),
        snippet: r.snippet || best.text.slice(0, 240),
        text: best.text,
        author: "",
        date: "",
      });
    }
    return hits;
  };
}
