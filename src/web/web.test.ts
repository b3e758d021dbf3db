/** The web tools against a local HTTP server: URL fetch with readable text, the Brave adapter's request and reply, the offline store, and the agents' web_search over them. */
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { webSearchOf } from "../agents/shared/web.ts";
import { braveWeb, fetchPage, normalizeUrl, offlineWeb, readWebStore, webFor } from "./index.ts";

const ARTICLE = `<!doctype html><html><head><title>Grocery loyalty in 2025</title><style>p{color:red}</style>
<script>var tracking = "do not read me";</script></head><body><nav><a href="/">Home</a> | Menu</nav>
<article><h1>Grocery loyalty in 2025</h1><p>Grocers integrating customer data saw a 3.8% average increase in same-store sales.</p>
<ul><li>Tesco, Kroger and Asda use AI-driven offers.</li></ul><table><tr><th>Metric</th><th>Value</th></tr><tr><td>Redemption</td><td>35%</td></tr></table></article>
<footer>Cookie banner and copyright</footer></body></html>`;

const requests: { path: string; search: string; token: string | null }[] = [];
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req: Request): Response {
    const url = new URL(req.url);
    requests.push({ path: url.pathname, search: url.search, token: req.headers.get("x-subscription-token") });
    if (url.pathname === "/article")
      return new Response(ARTICLE, { headers: { "content-type": "text/html" } });
    if (url.pathname === "/notes.txt")
      return new Response("plain 60.00% text", { headers: { "content-type": "text/plain" } });
    if (url.pathname === "/res/v1/web/search") {
      if (req.headers.get("x-subscription-token") !== "test-key")
        return new Response("denied", { status: 401 });
      return Response.json({
        web: {
          results: [
            {
              title: "Grocery <strong>loyalty</strong>",
              url: `${base}/article`,
              description: "A 3.8% <strong>increase</strong>",
            },
            { title: "Gone", url: `${base}/missing`, description: "snippet only" },
          ],
        },
      });
    }
    return new Response("not found", { status: 404 });
  },
});
const base: string = `http://127.0.0.1:${server.port}`;
const dirs: string[] = [];
afterAll(() => {
  server.stop(true);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test("URL fetch keeps the article's readable text and drops scripts, styles, navigation and footers", async () => {
  const page = await fetchPage(`${base}/article`);
  expect(page.title).toBe("Grocery loyalty in 2025");
  expect(page.text).toContain("3.8% average increase in same-store sales");
  expect(page.text).toContain("- Tesco, Kroger and Asda use AI-driven offers.");
  expect(page.text).toContain("Redemption | 35%");
  for (const gone of ["do not read me", "color:red", "Menu", "Cookie banner"])
    expect(page.text).not.toContain(gone);
  expect((await fetchPage(`${base}/notes.txt`)).text).toBe("plain 60.00% text");
  await expect(fetchPage(`${base}/missing`)).rejects.toThrow(`web fetch "${base}/missing": HTTP 404`);
  await expect(fetchPage("file:///etc/passwd")).rejects.toThrow("expected an http(s) URL");
});

test("the Brave adapter sends the key as X-Subscription-Token (never in the URL) and reads web.results", async () => {
  expect(() => braveWeb({ apiKey: "", baseUrl: base })).toThrow("BRAVE_API_KEY");
  const web = braveWeb({ apiKey: "test-key", baseUrl: base });
  const results = await web.search("grocery loyalty", 5);
  expect(results).toEqual([
    { url: `${base}/article`, title: "Grocery loyalty", snippet: "A 3.8% increase" },
    { url: `${base}/missing`, title: "Gone", snippet: "snippet only" },
  ]);
  const call = requests.find((r) => r.path === "/res/v1/web/search")!;
  expect(call.token).toBe("test-key");
  expect(call.search).toBe("?q=grocery+loyalty&count=5");
  expect(call.search).not.toContain("test-key");
  await expect(braveWeb({ apiKey: "wrong", baseUrl: base }).search("x", 3)).rejects.toThrow("HTTP 401");
});

test("the agents' web_search fetches result pages and keeps the best passage, falling back to the snippet", async () => {
  const search = webSearchOf(braveWeb({ apiKey: "test-key", baseUrl: base }));
  const hits = await search("same-store sales increase", 5);
  expect(hits.map((h) => h.documentId)).toEqual([`${base}/article`, `${base}/missing`]);
  expect(hits[0]!.text).toContain("3.8% average increase");
  expect(hits[1]!.text).toBe("snippet only");
});

test("the offline web store serves saved pages through the same calls", async () => {
  const dir = mkdtempSync(join(tmpdir(), "drflow-web-"));
  dirs.push(dir);
  expect(await webFor(dir, "offline")).toBeNull();
  mkdirSync(join(dir, "web"));
  writeFileSync(join(dir, "web/article.html"), ARTICLE);
  writeFileSync(join(dir, "web/other.md"), "# Bakery trends\n\nSourdough demand rose in 2024.");
  writeFileSync(
    join(dir, "web/pages.json"),
    JSON.stringify({
      pages: [
        { url: "https://eagleeye.com/blog/grocery-loyalty/", path: "article.html" },
        { url: "https://example.com/bakery", title: "Bakery trends", path: "other.md" },
      ],
    }),
  );
  const pages = await readWebStore(dir);
  expect(pages.map((p) => [p.url, p.title])).toEqual([
    ["https://eagleeye.com/blog/grocery-loyalty", "Grocery loyalty in 2025"],
    ["https://example.com/bakery", "Bakery trends"],
  ]);
  const web = (await webFor(dir, "offline"))!;
  expect(web.name).toBe("offline");
  expect((await web.search("loyalty same-store sales", 5)).map((r) => r.url)).toEqual([
    "https://eagleeye.com/blog/grocery-loyalty",
  ]);
  expect((await web.fetch("https://EagleEye.com/blog/grocery-loyalty#top"))!.text).toContain("3.8%");
  expect(await web.fetch("https://example.com/elsewhere")).toBeNull();
  expect(await webFor(dir, "none")).toBeNull();
  writeFileSync(join(dir, "web/pages.json"), JSON.stringify({ pages: [{ url: "not a url", path: "x.md" }] }));
  await expect(readWebStore(dir)).rejects.toThrow("pages.json: $.pages[0].url: expected");
  expect(normalizeUrl("https://A.com/x/#y")).toBe("https://a.com/x");
  expect(offlineWeb([]).name).toBe("offline");
});
