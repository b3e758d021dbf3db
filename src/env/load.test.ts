import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashingEmbedder } from "../retrieval/index.ts";
import { loadTask } from "../store/task-store.ts";
import { loadEnv } from "./load.ts";
import type { Env } from "./types.ts";

/** The hashing embedder, counting how many texts it was asked to embed. */
function countingEmbedder() {
  const base = hashingEmbedder();
  let embedded = 0;
  return {
    embedder: {
      name: base.name,
      embed: (texts: string[]) => {
        embedded += texts.length;
        return base.embed(texts);
      },
    },
    count: () => embedded,
    reset: () => {
      embedded = 0;
    },
  };
}

const ROOT = join(import.meta.dir, "../../test/fixtures/env");
let env: Env | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

describe("loadEnv (embedded)", () => {
  test("original split loads insight and distractor artifacts into their apps, not adjacent ones", async () => {
    env = await loadEnv(await loadTask(ROOT, "mini/mini_01"), { split: "original" });
    // listed in handle order (which says nothing about role), on every app together
    expect((await env.list()).map((d) => d.id)).toEqual([
      "doc-3289506b5f71",
      "doc-5591f2f0c0e4",
      "doc-a06c526f7b14",
      "doc-ddebd2a1b86d",
    ]);
    expect((await env.list("email")).map((d) => d.id)).toEqual(["doc-a06c526f7b14"]);
    expect(await env.read("doc-30d2f5d7dd20")).toBeNull();
    expect(env.user).toMatchObject({ name: "Dana Wu", email: "dana@harbor.example" });
    expect(env.user.role).toBeTruthy();
  });

  test("mixed split adds adjacent artifacts", async () => {
    env = await loadEnv(await loadTask(ROOT, "mini/mini_01"), { split: "mixed" });
    expect((await env.list("email")).map((d) => d.id).sort()).toEqual([
      "doc-30d2f5d7dd20",
      "doc-a06c526f7b14",
    ]);
    const [hit] = await env.search("Korean interpreter", { limit: 1 });
    expect(hit?.documentId).toBe("doc-30d2f5d7dd20");
  });

  test("text comes from the realized files, with email and chat metadata parsed from them", async () => {
    env = await loadEnv(await loadTask(ROOT, "mini/mini_01"), { split: "original" });
    const mail = await env.read("doc-a06c526f7b14");
    expect(mail?.text).toContain("Mr. Alvarez prefers Spanish");
    expect(mail).toMatchObject({
      app: "email",
      subject: "Alvarez visit on Thursday",
      author: "ravi@harbor.example",
    });
    expect(mail?.date.startsWith("2025-03-04")).toBe(true);
    const chat = await env.read("doc-ddebd2a1b86d");
    expect(chat).toMatchObject({ app: "chat", channel: "Scheduling" });
    expect(chat?.text).toContain("sam.lee: The language services desk is closed");
    expect((await env.read("doc-5591f2f0c0e4"))?.text).toContain("Robin,B14");
  });

  test("gold data is not reachable through the env", async () => {
    env = await loadEnv(await loadTask(ROOT, "mini/mini_01"), { split: "mixed" });
    const everything = JSON.stringify(await env.list());
    expect(everything).not.toContain("supports_steps");
    expect(everything).not.toContain('"evidence"');
    expect(everything).not.toContain("Check the record");
    expect(Object.keys(env).sort()).toEqual([
      "apps",
      "close",
      "embedder",
      "kind",
      "list",
      "question",
      "read",
      "search",
      "split",
      "subquestions",
      "taskId",
      "user",
      "web",
    ]);
    // kind and subquestions come with the question; the web is the task's saved pages (none here); the embedder is
    // the index's (a name, the same for every task)
    expect([env.kind, env.subquestions, env.web]).toEqual(["drflow", [], null]);
  });

  test("search ranks across apps and filters by app", async () => {
    env = await loadEnv(await loadTask(ROOT, "mini/mini_01"), { split: "original" });
    const hits = await env.search("certified medical interpreter consent", { limit: 3 });
    expect(hits[0]).toMatchObject({
      documentId: "doc-3289506b5f71",
      app: "drive",
      path: "drive/interpreter-policy.md",
    });
    const chatOnly = await env.search("language services desk", { apps: ["chat"], limit: 5 });
    expect(chatOnly.map((h) => h.documentId)).toEqual(["doc-ddebd2a1b86d"]);
    const appHits = await env.apps.email.search("Spanish", 5);
    expect(appHits.map((h) => h.documentId)).toEqual(["doc-a06c526f7b14"]);
  });

  test("a persisted index is reused while the task is unchanged", async () => {
    const dir = mkdtempSync(join(tmpdir(), "drflow-env-"));
    try {
      const indexPath = join(dir, "index.sqlite");
      const loaded = await loadTask(ROOT, "mini/mini_01");
      const counter = countingEmbedder();
      const embedder = counter.embedder;
      env = await loadEnv(loaded, { split: "original", indexPath, embedder });
      const first = await env.search("Spanish", { limit: 2 });
      await env.close();
      expect(counter.count()).toBeGreaterThan(4);
      counter.reset();
      env = await loadEnv(loaded, { split: "original", indexPath, embedder });
      expect(await env.search("Spanish", { limit: 2 })).toEqual(first);
      expect(counter.count()).toBe(1);
      expect((await env.list()).length).toBe(4);
      await env.close();
      counter.reset();
      env = await loadEnv(loaded, { split: "mixed", indexPath, embedder });
      expect(counter.count()).toBeGreaterThan(4);
      expect((await env.list()).length).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("cells opening one persisted index at once build it once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "drflow-env-"));
    const envs: Env[] = [];
    try {
      const indexPath = join(dir, "index.sqlite");
      const loaded = await loadTask(ROOT, "mini/mini_01");
      const counter = countingEmbedder();
      const embedder = counter.embedder;
      envs.push(await loadEnv(loaded, { split: "original", indexPath, embedder }));
      const once = counter.count();
      await envs.pop()!.close();
      rmSync(indexPath);
      counter.reset();
      envs.push(
        ...(await Promise.all(
          [1, 2, 3].map(() => loadEnv(loaded, { split: "original", indexPath, embedder })),
        )),
      );
      expect(counter.count()).toBe(once);
      for (const e of envs) expect((await e.list()).map((d) => d.id).sort()).toHaveLength(4);
    } finally {
      for (const e of envs) await e.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a manifest path escaping the task folder is refused", async () => {
    const loaded = await loadTask(ROOT, "mini/mini_01");
    const bad = {
      ...loaded,
      manifest: {
        ...loaded.manifest,
        artifacts: [
          { ...loaded.manifest.artifacts.find((a) => a.role === "insight")!, path: "../../etc/passwd" },
        ],
      },
    };
    await expect(loadEnv(bad, { split: "original" })).rejects.toThrow(/inside/);
  });
});

test("the services backend without services or DRFLOW_* URLs says what to configure", async () => {
  const saved = { ...process.env };
  for (const k of ["DRFLOW_IMAP_URL", "DRFLOW_WEBDAV_URL", "DRFLOW_MATTERMOST_URL"]) delete process.env[k];
  try {
    await expect(
      loadEnv(await loadTask(ROOT, "mini/mini_01"), { split: "original", backend: "services" }),
    ).rejects.toThrow(/DRFLOW_IMAP_URL/);
  } finally {
    Object.assign(process.env, saved);
  }
});

describe("loading in the background", () => {
  test("metadata and web at once; searches wait for the index and find what a foreground load finds", async () => {
    const loaded = await loadTask(ROOT, "mini/mini_01");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const base = hashingEmbedder();
    const slow = {
      name: base.name,
      embed: async (texts: string[]) => {
        await gate;
        return base.embed(texts);
      },
    };
    const background = await loadEnv(loaded, { split: "mixed", embedder: slow, background: true });
    const foreground = await loadEnv(loaded, { split: "mixed" });
    try {
      expect(background.question).toBe(foreground.question);
      expect(background.embedder).toBe(base.name);
      let answered = false;
      const pending = background.search("consent", { limit: 5 }).then((hits) => {
        answered = true;
        return hits;
      });
      await Bun.sleep(20);
      expect(answered).toBe(false); // the index is still waiting for its embeddings
      release();
      expect(await pending).toEqual(await foreground.search("consent", { limit: 5 }));
      await background.ready;
    } finally {
      await background.close();
      await foreground.close();
    }
  });

  test("with startAfter the build waits for it or for the first use; one never started is closed unbuilt", async () => {
    const loaded = await loadTask(ROOT, "mini/mini_01");
    const base = hashingEmbedder();
    let embedCalls = 0;
    const counting = {
      name: base.name,
      embed: (texts: string[]) => {
        embedCalls++;
        return base.embed(texts);
      },
    };
    const never = new Promise<void>(() => {});
    const unused = await loadEnv(loaded, {
      split: "original",
      embedder: counting,
      background: true,
      startAfter: never,
    });
    await Bun.sleep(20);
    expect(embedCalls).toBe(0);
    await unused.close(); // nothing built, nothing to wait for
    expect(embedCalls).toBe(0);

    const used = await loadEnv(loaded, {
      split: "original",
      embedder: counting,
      background: true,
      startAfter: never,
    });
    expect((await used.search("consent", { limit: 3 })).length).toBeGreaterThan(0); // the first use starts it
    await used.ready;
    await used.close();

    let go!: () => void;
    const signal = new Promise<void>((resolve) => {
      go = resolve;
    });
    const calls = embedCalls;
    const signalled = await loadEnv(loaded, {
      split: "original",
      embedder: counting,
      background: true,
      startAfter: signal,
    });
    await Bun.sleep(20);
    expect(embedCalls).toBe(calls);
    go();
    await signalled.ready;
    expect(embedCalls).toBeGreaterThan(calls);
    await signalled.close();
  });

  test("a build that fails fails every search and `ready`, naming the cause", async () => {
    const loaded = await loadTask(ROOT, "mini/mini_01");
    const broken = {
      name: "broken",
      embed: async () => {
        throw new Error("embedder broken: OPENAI_API_KEY is not set");
      },
    };
    const e = await loadEnv(loaded, { split: "original", embedder: broken, background: true });
    expect(e.question.length).toBeGreaterThan(0);
    await expect(e.search("consent")).rejects.toThrow(/OPENAI_API_KEY/);
    await expect(e.ready!).rejects.toThrow(/OPENAI_API_KEY/);
    await e.close();
  });
});
