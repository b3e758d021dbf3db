/**
 * The API as a hostile web page and a careless client would use it, over real HTTP on loopback without a token:
 * cross-origin simple requests, DNS rebinding (a foreign Host), oversized bodies, many environment loads, and model
 * handles the server did not allow. A slow judge beside `/health` is timed in `judge-off-request-path.test.ts`, with
 * the server in a process of its own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { DEFAULT_BODY_LIMIT, hostName } from "../../src/api/safety.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { CORPUS_DIR, loadTask } from "../../src/store/task-store.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";

const TASK = "demo/healthcare_01";
const dir = mkdtempSync(join(tmpdir(), "drflow-api-safety-"));
const tasksRoot = join(dir, "tasks");
let store: RunStore;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let llm: ScriptedServer;

beforeAll(async () => {
  copyTaskFolder(resolve(import.meta.dir, "../../tasks"), TASK, tasksRoot);
  store = new RunStore(join(dir, "runs.sqlite"));
  // A notebook that writes its parameters into Markdown, as the shipped ones write agent specs and model handles.
  mkdirSync(join(dir, "notebooks"), { recursive: true });
  writeFileSync(
    join(dir, "notebooks", "echo.ts"),
    'export default async function echo(nb) { const p = nb.settings.params; nb.md("**x** = `" + p.x + "`, on " + p.y); }\n',
  );
  llm = await startScriptedServer({ reply: () => ({ content: "should never be asked" }) });
  const deps = defaultDeps({
    tasksRoot,
    notebooksDir: join(dir, "notebooks"),
    notebooksOut: join(dir, "pages"),
    indexDir: join(dir, "env"),
    store,
    models: [],
  });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: createApp({ deps }).fetch, idleTimeout: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  server.stop(true);
  await llm.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = { "content-type": "application/json" };

async function finished(job: { url: string }) {
  for (;;) {
    const j = (await (await fetch(`${base}${job.url}?wait=60`)).json()) as {
      finished_at: string | null;
      status: string;
      result: unknown;
      error: string | null;
    };
    if (j.finished_at) return j;
  }
}

describe("a web page cannot drive the loopback API", () => {
  test("a cross-origin text/plain POST (no preflight in a browser) is refused and writes nothing", async () => {
    const body = JSON.stringify({ suite: "demo", seed: 1, per_domain: 1 });
    const res = await fetch(`${base}/generate`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "http://evil.example" },
      body,
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toContain(
      "cross-origin request from http://evil.example",
    );
    // Without an Origin (a form post from a file: page, a curl with the wrong type) the body type alone refuses it.
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const r = await fetch(`${base}/generate`, { method: "POST", headers: { "content-type": type }, body });
      expect(r.status).toBe(415);
    }
    // Even with the JSON type, another origin, a sandboxed frame (Origin: null) or a cross-site fetch is refused.
    for (const headers of [
      { ...json, origin: "http://localhost:3000" },
      { ...json, origin: "null" },
      { ...json, "sec-fetch-site": "cross-site" },
    ]) {
      expect((await fetch(`${base}/generate`, { method: "POST", headers, body })).status).toBe(403);
    }
    expect(readdirSync(join(tasksRoot, "demo")).filter((n) => n !== CORPUS_DIR)).toEqual(["healthcare_01"]);
    expect((await fetch(`${base}/jobs`).then((r) => r.json())) as unknown).toEqual({ jobs: [] });
  });

  test("a foreign Host (DNS rebinding) is refused on every route; the server's own names and same-origin pages work", async () => {
    for (const [method, path] of [
      ["GET", "/tasks"],
      ["GET", "/health"],
      ["POST", "/env"],
    ] as const) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { host: `attacker.example:${server.port}`, ...json },
        ...(method === "POST" ? { body: JSON.stringify({ task: TASK }) } : {}),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toContain('Host "attacker.example');
    }
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      expect((await fetch(`${base}/tasks`, { headers: { host } })).status).toBe(200);
    }
    const same = await fetch(`${base}/tasks`, { headers: { origin: base, "sec-fetch-site": "same-origin" } });
    expect(same.status).toBe(200);
  });

  test("odd Host and Origin spellings are refused; case and the port do not matter for the server's own names", async () => {
    const port = server.port;
    for (const host of [
      `127.0.0.1:${port}@attacker.example`,
      `127.0.0.1.attacker.example:${port}`,
      "127.0.0.1:80:attacker.example",
      `[::1]x:${port}`,
      "",
    ]) {
      const res = await fetch(`${base}/health`, { headers: { host } });
      expect({ host, status: res.status }).toEqual({ host, status: 403 });
    }
    for (const host of [`LOCALHOST:${port}`, `[::1]:${port}`, "127.0.0.1", "localhost:1"]) {
      const res = await fetch(`${base}/health`, { headers: { host } });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
    for (const origin of [
      `http://127.0.0.1.attacker.example:${port}`,
      `http://127.0.0.1:${port}@attacker.example`,
      `http://localhost:${port}@attacker`,
      `http://[::1]:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      "null",
    ]) {
      const res = await fetch(`${base}/tasks`, { headers: { origin } });
      expect({ origin, status: res.status }).toEqual({ origin, status: 403 });
    }
    expect(hostName("127.0.0.1:8787@evil")).toBe("127.0.0.1:8787@evil");
    expect(hostName("[::1]:8787")).toBe("::1");
    expect(hostName("::1")).toBe("::1");
    expect(hostName("Example.COM:443")).toBe("example.com");
  });

  test("with a token the same checks hold, and the token is required on every route", async () => {
    const app = createApp({ deps: defaultDeps({ tasksRoot, store, models: [] }), token: "s3cret-token" });
    const auth = { authorization: "Bearer s3cret-token" };
    expect((await app.request("http://127.0.0.1/health")).status).toBe(401);
    expect((await app.request("http://127.0.0.1/health", { headers: auth })).status).toBe(200);
    const rebound = await app.request("http://127.0.0.1/health", {
      headers: { ...auth, host: "evil.example" },
    });
    expect(rebound.status).toBe(403);
    const cross = await app.request("http://127.0.0.1/env", {
      method: "POST",
      headers: { ...auth, ...json, origin: "http://evil.example" },
      body: JSON.stringify({ task: TASK }),
    });
    expect(cross.status).toBe(403);
  });
});

describe("bodies", () => {
  test("a 20 MB body gets 413, declared or streamed without a length; a small one passes", async () => {
    const twenty = "x".repeat(20 * 1024 * 1024);
    for (const path of ["/judge", "/generate", "/env"]) {
      const res = await fetch(`${base}${path}`, { method: "POST", headers: json, body: twenty });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /request body too large: .* at most \d+ bytes/,
      );
    }
    const chunk = new TextEncoder().encode("y".repeat(1024 * 1024));
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await fetch(`${base}/generate`, { method: "POST", headers: json, body: stream });
    expect(streamed.status).toBe(413);
    // Just over the default limit is refused, a body within it reaches validation (400 names the field).
    const over = await fetch(`${base}/env`, {
      method: "POST",
      headers: json,
      body: " ".repeat(DEFAULT_BODY_LIMIT + 1),
    });
    expect(over.status).toBe(413);
    const small = await fetch(`${base}/env`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ task: "x" }),
    });
    expect(small.status).toBe(400);
  }, 60_000);
});

describe("many environment loads", () => {
  test("100 POST /env loads keep memory within 150 MB of the first ten; at most 8 environments stay open", async () => {
    const load = async (i: number) => {
      const res = await fetch(`${base}/env`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ task: TASK, split: i % 2 ? "mixed" : "original" }),
      });
      expect(res.status).toBe(202);
      const job = await finished((await res.json()) as { url: string });
      expect(job.status).toBe("done");
      return (job.result as { id: string }).id;
    };
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await load(i));
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    for (let i = 10; i < 100; i++) ids.push(await load(i));
    Bun.gc(true);
    const after = process.memoryUsage().rss;
    const growth = (after - before) / 1024 / 1024;
    console.log(
      `rss after 10 loads ${(before / 1024 / 1024).toFixed(0)} MB, after 100 ${(after / 1024 / 1024).toFixed(0)} MB (+${growth.toFixed(1)} MB)`,
    );
    expect(growth).toBeLessThan(150);
    // The least recently used were closed; the newest answer searches.
    expect((await fetch(`${base}/env/${ids[0]}/search?q=policy`)).status).toBe(404);
    expect((await fetch(`${base}/env/${ids.at(-1)}/search?q=policy`)).status).toBe(200);
    const open = await Promise.all(
      ids.map((id) => fetch(`${base}/env/${id}/search?q=x`).then((r) => r.status)),
    );
    expect(open.filter((s) => s === 200)).toHaveLength(8);
  }, 600_000);
});

describe("model endpoints are the server's choice", () => {
  test("a run, judge or generation naming an unlisted compat URL is refused and no request leaves the machine", async () => {
    const handle = `compat:${llm.url}#x`;
    const bodies: [string, unknown, string][] = [
      ["/runs", { task: TASK, agent: "drfa", model: handle }, "model"],
      ["/runs", { task: TASK, agent: "extractive", judge: handle }, "judge"],
      ["/judge", { task: TASK, markdown: "# Report", judge: handle }, "judge"],
      ["/generate", { suite: "g", llm: { model: handle, domain: "healthcare" } }, "llm.model"],
    ];
    for (const [path, body, field] of bodies) {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: json,
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(403);
      const err = (await res.json()) as { error: string; issues: { field: string }[] };
      expect(err.error).toContain(`"${handle}" is not allowed by this server`);
      expect(err.issues.map((i) => i.field)).toEqual([field]);
    }
    // A notebook's `model` parameter points its LLM agents at that handle: the same list applies (API and studio).
    for (const path of ["/notebooks/echo/run", "/studio/notebooks/echo/live"]) {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ params: { model: handle } }),
      });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(await res.text()).toContain("is not allowed by this server");
    }
    await Bun.sleep(200);
    expect(llm.requests).toHaveLength(0);
    expect(store.listRuns()).toEqual([]);
    expect(existsSync(join(tasksRoot, "g"))).toBe(false);
  });
});

describe("stored script", () => {
  test("a notebook parameter with HTML renders as text, and the page is served sandboxed", async () => {
    const x = "a` <img src=x onerror=alert(document.domain)> `";
    const y =
      "compat:http://h/v1#<script>alert(1)</script> [c](javascript:alert(1)) [d](&#106;avascript:alert(1))";
    const run = await fetch(`${base}/notebooks/echo/run`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ params: { x, y } }),
    });
    expect(run.status).toBe(200);
    const res = await fetch(`${base}/notebooks/echo`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("sandbox allow-scripts");
    const page = await res.text();
    expect(page).toContain("&lt;img src=x onerror=alert(document.domain)&gt;");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<img");
    expect(page).not.toMatch(/href="[^"]*(javascript|&#106;)/i);
  }, 30_000);

  test("an artifact swapped for a symbolic link after its task was loaded is not served by the studio", async () => {
    const loaded = await loadTask(tasksRoot, TASK);
    const entry = loaded.manifest.artifacts.find((a) => a.format === "md")!;
    const docs = `${base}/studio/tasks/${TASK}/docs/${entry.id}`;
    const file = `${base}/studio/tasks/${TASK}/files/${entry.id}`;
    expect((await fetch(docs)).status).toBe(200); // loaded and kept while task.json is unchanged
    const secret = join(dir, "secret.txt");
    writeFileSync(secret, "TOP-SECRET-OUTSIDE-THE-TASK");
    const path = join(loaded.dir, "artifacts", entry.path);
    rmSync(path);
    symlinkSync(secret, path);
    for (const url of [docs, file]) {
      const res = await fetch(url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.text()).not.toContain("TOP-SECRET");
    }
  });
});
