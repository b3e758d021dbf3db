/** @module Plain URL fetch: http(s) only, a timeout and a size cap, HTML reduced to readable text, plain text and Markdown kept. */
import { readableText } from "./readable.ts";
import type { WebPage } from "./types.ts";

export type FetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  /** The fetch to use (tests pass none: the real one, against a local server). */
  fetch?: typeof fetch;
};

/** Fetch a page and extract its readable text; errors name the URL and what went wrong. */
export async function fetchPage(url: string, options: FetchOptions = {}): Promise<WebPage> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`web fetch "${url}": expected an absolute http(s) URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new Error(`web fetch "${url}": expected an http(s) URL, got ${parsed.protocol}`);
  const res = await (options.fetch ?? fetch)(parsed, {
    headers: {
      Accept: "text/html, text/plain, text/markdown;q=0.9, */*;q=0.1",
      "User-Agent": "drflow/1 (research agent)",
    },
    redirect: "follow",
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  if (!res.ok) throw new Error(`web fetch "${url}": HTTP ${res.status}`);
  const max = options.maxBytes ?? 5_000_000;
  const body = await res.arrayBuffer();
  if (body.byteLength > max)
    throw new Error(`web fetch "${url}": ${body.byteLength} bytes, over the ${max}-byte cap`);
  const raw = new TextDecoder().decode(body);
  const type = res.headers.get("content-type") ?? "";
  if (/html|xml/i.test(type) || /^\s*<(!doctype|html)/i.test(raw)) {
    const { title, text } = readableText(raw);
    return { url: res.url || url, title: title || url, text };
  }
  return { url: res.url || url, title: url, text: raw };
}
