/**
 * The company background corpus (issue 27 item 5): a suite's tasks of one company share one corpus folder, which
 * their environments hold beside the task's own files; it is realistic text from the data files, about none of the
 * workflow families' processes, carries no evidence, and a task stays loadable without it (older folders).
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ArtifactManifest } from "../../src/core/index.ts";
import { loadEnv } from "../../src/env/load.ts";
import { CORPUS_DATA, companyCorpus } from "../../src/generate/corpus/index.ts";
import { generateProceduralSuite } from "../../src/generate/index.ts";
import { DOMAINS, FAMILIES } from "../../src/generate/procedural/data.ts";
import { FORMS } from "../../src/generate/procedural/form.ts";
import { words } from "../../src/retrieval/tokenize.ts";
import { CORPUS_DIR, listTasks, loadTask, TaskStoreError } from "../../src/store/task-store.ts";

setDefaultTimeout(300_000);

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});
const fresh = () => {
  const r = mkdtempSync(join(tmpdir(), "drflow-corpus-"));
  roots.push(r);
  return r;
};

/** A suite "s" of `perDomain` tasks per domain with a corpus of `corpusChars`, generated into `root` (a fresh one). */
async function generated(
  seed: number,
  domains: (keyof typeof DOMAINS)[],
  corpusChars: number,
  perDomain = 1,
  root = fresh(),
): Promise<string> {
  await generateProceduralSuite({ root, suite: "s", seed, perDomain, domains, corpusChars });
  return root;
}

describe("a suite's company corpora", () => {
  test("written once per company, named by each of its tasks, loaded into their environments", async () => {
    // two education tasks: with seed 5150 both draw one company, so they share a corpus
    const root = await generated(5150, ["education"], 80_000, 2);
    const refs = await listTasks(root, "s");
    expect(refs.map((r) => r.id)).toEqual(["education_01", "education_02"]);
    const corpora = readdirSync(join(root, "s", CORPUS_DIR));
    expect(corpora).toEqual(["meridian-technical-institute"]);
    for (const ref of refs) {
      const loaded = await loadTask(root, ref.ref);
      expect(loaded.manifest.corpus).toBe("meridian-technical-institute");
      const own = JSON.parse(
        readFileSync(join(ref.dir, "artifacts/manifest.json"), "utf8"),
      ) as ArtifactManifest;
      const corpusCount = loaded.manifest.artifacts.length - own.artifacts.length;
      expect(corpusCount).toBeGreaterThan(3);
      const env = await loadEnv(loaded, { split: "original" });
      try {
        const docs = await env.list();
        expect(docs.length).toBe(own.artifacts.filter((a) => a.role !== "adjacent").length + corpusCount);
        const chars = docs.reduce((n, d) => n + d.text.length, 0);
        expect(chars).toBeGreaterThan(80_000);
        // an agent sees a corpus document like any drive document: a drive path, a handle, a title
        const corpusDoc = docs.find((d) => loaded.corpus!.ids.has(d.id))!;
        expect(corpusDoc.app).toBe("drive");
        expect(corpusDoc.path).toMatch(/^drive\/[a-z0-9-]+\.(pdf|docx)$/);
        expect(corpusDoc.id).toMatch(/^doc-[0-9a-f]{12}$/);
      } finally {
        await env.close();
      }
    }
  });

  test("a corpus document's form is a task document's: its length, its owners, its policies' names", async () => {
    const root = await generated(2718, ["legal", "b2b"], 60_000);
    const topicWords = new Map<string, number>();
    for (const ref of await listTasks(root, "s")) {
      const loaded = await loadTask(root, ref.ref);
      const env = await loadEnv(loaded, { split: "mixed" });
      try {
        const company = loaded.manifest.artifacts.filter((a) => a.app === "drive" && a.side === "company");
        const inCorpus = (id: string) => loaded.corpus!.ids.has(id);
        const listed = await env.list();
        const lengths = (corpus: boolean) =>
          listed
            .filter(
              (d) => d.app === "drive" && company.some((a) => a.id === d.id) && inCorpus(d.id) === corpus,
            )
            .map((d) => d.text.length)
            .sort((x, y) => x - y);
        const [own, background] = [lengths(false), lengths(true)];
        expect(background.length).toBeGreaterThan(3);
        // one length distribution for every drive document (form.ts `documentChars`, log-uniform): a task's policy
        // runs as long as a background handbook (a corpus of its own distribution ran to 40,000 characters a
        // document while the task's stopped under 5,000), and a background document is as short as a task's
        const [lo, hi] = FORMS.drive.chars;
        for (const n of [...own, ...background]) {
          expect(n).toBeGreaterThan(0.9 * lo);
          expect(n).toBeLessThan(1.25 * hi);
        }
        expect(own.at(-1)!).toBeGreaterThan(2 * 4_800);
        // owned by the people who own the task's company documents, as each of those is
        const owners = new Set(company.filter((a) => !inCorpus(a.id)).map((a) => a.author));
        for (const a of company.filter((a) => inCorpus(a.id))) expect(owners.has(a.author)).toBe(true);
        for (const a of company.filter((a) => inCorpus(a.id)))
          for (const w of a.title.toLowerCase().split(/\W+/)) topicWords.set(w, (topicWords.get(w) ?? 0) + 1);
      } finally {
        await env.close();
      }
    }
    // policies are named as the families name theirs ("… Procedure", "… Policy")
    expect(topicWords.get("procedure") ?? 0).toBeGreaterThan(0);
  });

  test("the same seed gives the same corpus bytes; the corpus is no task (listing, validation)", async () => {
    const [a, b] = [fresh(), fresh()];
    for (const root of [a, b]) await generated(77, ["legal"], 30_000, 1, root);
    const dir = (root: string) => join(root, "s", CORPUS_DIR, readdirSync(join(root, "s", CORPUS_DIR))[0]!);
    const files = (root: string) => readdirSync(join(dir(root), "drive")).sort();
    expect(files(a)).toEqual(files(b));
    for (const f of files(a))
      expect(readFileSync(join(dir(a), "drive", f)).equals(readFileSync(join(dir(b), "drive", f)))).toBe(
        true,
      );
    expect((await listTasks(a, "s")).map((r) => r.id)).toEqual(["legal_01"]);
  });

  test("corpusChars 0 writes none, and a folder without the field loads as before", async () => {
    const root = await generated(78, ["b2c"], 0);
    expect(existsSync(join(root, "s", CORPUS_DIR))).toBe(false);
    const loaded = await loadTask(root, "s/b2c_01");
    expect(loaded.manifest.corpus).toBeUndefined();
    expect(loaded.corpus).toBeUndefined();
  });

  test("a manifest naming a missing corpus, or one whose paths collide with the task's, is a clear error", async () => {
    const root = await generated(79, ["b2b"], 20_000);
    const copy = join(root, "s", "copy_01");
    cpSync(join(root, "s", "b2b_01"), copy, { recursive: true });
    const file = join(copy, "artifacts/manifest.json");
    const m = JSON.parse(readFileSync(file, "utf8")) as ArtifactManifest & { task_id: string };
    const task = JSON.parse(readFileSync(join(copy, "task.json"), "utf8"));
    writeFileSync(join(copy, "task.json"), JSON.stringify({ ...task, id: "copy_01" }));
    writeFileSync(file, JSON.stringify({ ...m, task_id: "copy_01", corpus: "no-such-company" }));
    await expect(loadTask(root, "s/copy_01")).rejects.toThrow(/_corpus\/no-such-company\/manifest\.json/);
    const corpusId = m.corpus!;
    const corpus = JSON.parse(readFileSync(join(root, "s", CORPUS_DIR, corpusId, "manifest.json"), "utf8"));
    const clash = {
      ...m,
      task_id: "copy_01",
      artifacts: [
        ...m.artifacts,
        { ...m.artifacts[0]!, id: "doc-0000000000aa", path: corpus.artifacts[0].path },
      ],
    };
    writeFileSync(file, JSON.stringify(clash));
    const error = await loadTask(root, "s/copy_01").catch((e) => e);
    expect(error).toBeInstanceOf(TaskStoreError);
    expect(String(error.message)).toMatch(/expected a unique path/);
  });
});

describe("the corpus text", () => {
  test("realistic text from the data files, about no workflow family's process", () => {
    const familyTerms = (text: string) => new Set(words(text.toLowerCase()).filter((w) => w.length > 5));
    const familyTitles = FAMILIES.map((f) => f.policy);
    for (const topic of CORPUS_DATA.topics)
      for (const title of familyTitles)
        expect(topic.name.toLowerCase()).not.toBe(String(title).toLowerCase());
    // no corpus sentence shares a run of six words with any family's policy text (no copied or conflicting rule)
    const shingles = (text: string) => {
      const w = words(text.toLowerCase());
      return new Set(w.slice(0, Math.max(0, w.length - 5)).map((_, i) => w.slice(i, i + 6).join(" ")));
    };
    const families = new Set<string>();
    for (const f of FAMILIES) for (const s of shingles(JSON.stringify(f))) families.add(s);
    const corpus = JSON.stringify(CORPUS_DATA);
    const shared = [...shingles(corpus)].filter((s) => families.has(s));
    expect(shared).toEqual([]);
    expect(familyTerms(corpus).size).toBeGreaterThan(1000);
  });

  test("a corpus carries no evidence, no case, and reaches the characters asked for", async () => {
    const dom = DOMAINS.healthcare;
    const c = await companyCorpus({
      company: dom.companies[0]!,
      kinds: dom.docKinds,
      seed: 31337,
      chars: 100_000,
    });
    expect(c.chars).toBeGreaterThanOrEqual(100_000);
    expect(c.chars).toBeLessThan(100_000 + 45_000);
    for (const a of c.manifest.artifacts) {
      expect(a).toMatchObject({ role: "distractor", side: "company", app: "drive", evidence: [] });
      expect(["pdf", "docx"]).toContain(a.format);
    }
    // another secret, other handles: the corpus cannot be rebuilt from what an agent sees
    const other = await companyCorpus({
      company: dom.companies[0]!,
      kinds: dom.docKinds,
      seed: 31337,
      secret: "x",
      chars: 100_000,
    });
    const ids = new Set(c.manifest.artifacts.map((a) => a.id));
    expect(other.manifest.artifacts.some((a) => ids.has(a.id))).toBe(false);
  });
});
