/**
 * @module The one contract every `App` backend passes (embedded, IMAP on Dovecot, WebDAV on rclone, Chroma-backed
 * vectors, Mattermost replay) and the contract of vector stores (sqlite-vec, Chroma). Service test files call these.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ServiceUnavailable, which } from "../../scripts/services/common.ts";
import type { AppName } from "../../src/core/index.ts";
import { readArtifact } from "../../src/env/documents.ts";
import type { App, EnvDocument } from "../../src/env/types.ts";
import { hashingEmbedder, type VectorStore } from "../../src/retrieval/index.ts";
import { loadTask } from "../../src/store/task-store.ts";

export const FIXTURE_ROOT = join(import.meta.dir, "../fixtures/env");

/** Per-test time limit for tests that talk to a server (bun's default is 5 s). */
export const SERVICE_TIMEOUT = 30_000;

/**
 * Register `body` when the server's package is installed. Under CI (`CI=true`) a missing package fails the run;
 * locally the suite is skipped with a message naming the package to install.
 */
export function describeService(
  label: string,
  needs: { binary?: string; check?: () => string | null; pkg: string },
  body: () => void,
): void {
  // `bun run test:fast` runs no services (DRFLOW_TEST_SERVICES=off): the suites that need one are skipped, CI or not.
  if (process.env.DRFLOW_TEST_SERVICES === "off") {
    describe.skip(label, body);
    return;
  }
  const missing = needs.binary
    ? which(needs.binary)
      ? null
      : `${needs.binary} not found`
    : (needs.check?.() ?? null);
  if (!missing) {
    describe(label, body);
    return;
  }
  if (process.env.CI === "true") {
    describe(label, () =>
      test("server can start", () => {
        throw new ServiceUnavailable(`${missing}: CI requires it; install ${needs.pkg}`);
      }),
    );
    return;
  }
  console.warn(`[${label}] skipped: ${missing}; install ${needs.pkg} to run it`);
  describe.skip(label, body);
}

function sample(app: AppName): EnvDocument[] {
  return [
    {
      id: `c_${app}_IN_1`,
      app,
      title: "Quarterly zebrafish husbandry audit",
      path: `${app}/zebrafish-audit.md`,
      text: "The zebrafish husbandry audit found water temperature logs missing for week twelve.",
      author: "auditor@lab.example",
      date: "2025-03-04",
      ...(app === "email" ? { subject: "Quarterly zebrafish husbandry audit" } : {}),
    },
    {
      id: `c_${app}_DI_1`,
      app,
      title: "Cafeteria menu",
      path: `${app}/cafeteria-menu.md`,
      text: "Tuesday lunch is lentil soup; Thursday is paella with saffron.",
      author: "kitchen@lab.example",
      date: "2025-03-05",
      ...(app === "email" ? { subject: "Cafeteria menu" } : {}),
    },
  ];
}

/** The realized fixture artifact a backend must round-trip byte-for-text (same text as the embedded extraction). */
const REALIZED: Partial<Record<AppName, string>> = {
  email: "doc-a06c526f7b14",
  drive: "doc-3289506b5f71",
  files: "doc-5591f2f0c0e4",
};

/** `open` returns a fresh, empty app of kind `app`; `close` is called after each test. */
export function appContract(app: AppName, open: () => Promise<App>): void {
  const withApp = (fn: (a: App) => Promise<void>) => async () => {
    const a = await open();
    try {
      await fn(a);
    } finally {
      await a.close();
    }
  };

  test(
    "add then list returns every document with its metadata",
    withApp(async (a) => {
      const docs = sample(app);
      await a.add(docs);
      const listed = await a.list();
      expect(listed.map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
      for (const d of docs) {
        const got = listed.find((l) => l.id === d.id)!;
        expect(got.app).toBe(app);
        expect(got.title).toBe(d.title);
        expect(got.path).toBe(d.path);
        expect(got.author).toBe(d.author);
        expect(got.date.startsWith(d.date)).toBe(true);
        expect(got.text).toContain(d.text);
      }
    }),
    SERVICE_TIMEOUT,
  );

  test(
    "read returns one document by id, null for an unknown id",
    withApp(async (a) => {
      await a.add(sample(app));
      const doc = await a.read(`c_${app}_IN_1`);
      expect(doc?.id).toBe(`c_${app}_IN_1`);
      expect(doc?.text).toContain("water temperature logs");
      expect(await a.read(`c_${app}_IN_404`)).toBeNull();
    }),
    SERVICE_TIMEOUT,
  );

  test(
    "search ranks the matching document first, with source metadata and a snippet",
    withApp(async (a) => {
      await a.add(sample(app));
      const hits = await a.search("zebrafish water temperature", 5);
      expect(hits[0]).toMatchObject({
        documentId: `c_${app}_IN_1`,
        app,
        title: "Quarterly zebrafish husbandry audit",
      });
      expect(hits[0]!.snippet).toContain("zebrafish");
      const other = await a.search("paella saffron", 5);
      expect(other[0]?.documentId).toBe(`c_${app}_DI_1`);
      const scores = hits.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
    }),
    SERVICE_TIMEOUT,
  );

  test(
    "adding a document again replaces it",
    withApp(async (a) => {
      const [first] = sample(app);
      await a.add([first!]);
      await a.add([{ ...first!, text: "Revised: the audit is closed, all logs recovered." }]);
      const listed = await a.list();
      expect(listed.map((d) => d.id)).toEqual([first!.id]);
      expect(listed[0]!.text).toContain("all logs recovered");
      expect((await a.search("recovered logs", 5))[0]?.documentId).toBe(first!.id);
    }),
    SERVICE_TIMEOUT,
  );

  const realized = REALIZED[app];
  if (realized) {
    test(
      `a realized ${realized} file round-trips to the same extracted text`,
      withApp(async (a) => {
        const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
        const entry = loaded.manifest.artifacts.find((e) => e.id === realized)!;
        const doc = await readArtifact(loaded, entry);
        await a.add([doc]);
        const back = await a.read(doc.id);
        expect(back?.text.trim()).toBe(doc.text.trim());
        expect(back?.title).toBe(doc.title);
        if (doc.subject) expect(back?.subject).toBe(doc.subject);
      }),
      SERVICE_TIMEOUT,
    );
  }
}

/** `open` returns a fresh, empty store. */
export function vectorContract(open: () => Promise<VectorStore>): void {
  const embedder = hashingEmbedder({ dim: 64 });
  const texts = {
    a: "interpreter booking for consent",
    b: "parking rota for the garage",
    c: "insurer prior authorization",
  };

  test(
    "nearest neighbours come back closest first with cosine distances",
    async () => {
      const store = await open();
      try {
        const vectors = await embedder.embed(Object.values(texts));
        await store.upsert(
          Object.keys(texts).map((id, i) => ({ id, vector: vectors[i]!, metadata: { app: "drive" } })),
        );
        expect(await store.count()).toBe(3);
        const [q] = await embedder.embed(["book an interpreter"]);
        const matches = await store.query(q!, 2);
        expect(matches.map((m) => m.id)[0]).toBe("a");
        expect(matches).toHaveLength(2);
        expect(matches[0]!.distance).toBeLessThanOrEqual(matches[1]!.distance);
        expect(matches[0]!.distance).toBeGreaterThanOrEqual(0);
        expect(matches[0]!.distance).toBeLessThan(1);
      } finally {
        await store.close();
      }
    },
    SERVICE_TIMEOUT,
  );

  test(
    "upserting an id replaces its vector",
    async () => {
      const store = await open();
      try {
        const [a, b] = await embedder.embed([texts.a, texts.b]);
        await store.upsert([
          { id: "x", vector: a! },
          { id: "y", vector: b! },
        ]);
        await store.upsert([{ id: "x", vector: b! }]);
        expect(await store.count()).toBe(2);
        const matches = await store.query(b!, 2);
        expect(matches.map((m) => m.id).sort()).toEqual(["x", "y"]);
        expect(matches[0]!.distance).toBeCloseTo(0, 5);
        expect(matches[1]!.distance).toBeCloseTo(0, 5);
        await store.clear();
        expect(await store.count()).toBe(0);
        expect(await store.query(b!, 2)).toEqual([]);
      } finally {
        await store.close();
      }
    },
    SERVICE_TIMEOUT,
  );
}
