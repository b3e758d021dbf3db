import { afterAll, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { runDemoSuite } from "../../src/cli/commands/demo.ts";
import { secretDigest } from "../../src/core/index.ts";
import { generateProceduralSuite, suitePlan } from "../../src/generate/index.ts";
import { writeSuiteTask } from "../../src/generate/procedural/index.ts";
import { generateOnThreads } from "../../src/generate/procedural/suite-workers.ts";

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

async function files(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out.set(relative(dir, full), await readFile(full));
  }
  return out;
}

test("generating the same suite twice (same seed and secret), on one thread and on three, gives byte-identical folders, PDFs and DOCX included", async () => {
  const trees = [];
  for (const workers of [1, 3]) {
    const root = await mkdtemp(join(tmpdir(), "drflow-det-"));
    roots.push(root);
    const reported: string[] = [];
    const tasks = await generateProceduralSuite({
      root,
      suite: "det",
      seed: 11,
      // the worker threads receive it with the suite's settings
      secret: "det-secret",
      perDomain: 2,
      workers,
      // company corpora are written by the calling thread after the tasks (test/generate/corpus.test.ts)
      corpusChars: 0,
      onTask: (ref) => reported.push(ref),
    });
    expect(reported).toEqual(suitePlan(2).map((p) => `det/${p.taskId}`));
    expect(tasks.map((t) => t.ref)).toEqual(reported);
    trees.push(await files(join(root, "det")));
  }
  const [a, b] = trees as [Map<string, Buffer>, Map<string, Buffer>];
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  const formats = new Set([...a.keys()].map((k) => k.split(".").pop()));
  expect([...formats].sort()).toEqual(["docx", "eml", "json", "md", "pdf"]);
  for (const [path, bytes] of a) expect(b.get(path)!.equals(bytes)).toBe(true);
}, 60_000);

test("the committed demo suite is what `drflow demo` generates into an empty root (seed 7, public secret demo-public, its company corpora included)", async () => {
  const root = await mkdtemp(join(tmpdir(), "drflow-demo-"));
  roots.push(root);
  expect(await runDemoSuite(["--root", root], () => {})).toBe(0);
  const fresh = await files(join(root, "demo"));
  const committed = await files(join(import.meta.dir, "../../tasks/demo"));
  expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
  for (const [path, bytes] of fresh) expect(committed.get(path)!.equals(bytes)).toBe(true);
}, 60_000);

test("a suite that cannot be written fails naming a task, on one thread and on two", async () => {
  const root = await mkdtemp(join(tmpdir(), "drflow-det-"));
  roots.push(root);
  await writeFile(join(root, "not-a-folder"), "");
  // The suite's threads write into its staging root (generateProceduralSuite makes one; here a file, unwritable).
  const job = { root: join(root, "not-a-folder"), suite: "det", seed: 11 };
  for (const workers of [1, 2]) {
    const reported: string[] = [];
    const run = generateOnThreads(suitePlan(2), job, writeSuiteTask, workers, (t) => reported.push(t.ref));
    await expect(run).rejects.toThrow(/^generating [a-z0-9]+_0\d: .*not-a-folder/);
    expect(reported).toEqual([]);
  }
  // The suite as a whole fails before any task, naming the folder.
  await expect(generateProceduralSuite({ ...job, perDomain: 1 })).rejects.toThrow(/not-a-folder/);
}, 60_000);

/** Every document id of every manifest of a suite folder (tasks' and company corpora's), and every file. */
async function suiteIds(dir: string): Promise<{ ids: string[]; tree: Map<string, Buffer> }> {
  const tree = await files(dir);
  const ids = [...tree]
    .filter(([path]) => path.endsWith("manifest.json"))
    .flatMap(([, bytes]) => (JSON.parse(bytes.toString()) as { artifacts: { id: string }[] }).artifacts)
    .map((a) => a.id);
  return { ids, tree };
}

test("a different secret changes every handle of every manifest (tasks and company corpus) and the files; the secret is in no file", async () => {
  const suites = [];
  for (const secret of ["first-secret", "second-secret", undefined]) {
    const root = await mkdtemp(join(tmpdir(), "drflow-secret-"));
    roots.push(root);
    await generateProceduralSuite({
      root,
      suite: "s",
      seed: 11,
      ...(secret ? { secret } : {}),
      perDomain: 1,
      domains: ["healthcare", "b2b"],
      workers: 1,
      corpusChars: 20_000,
    });
    suites.push(await suiteIds(join(root, "s")));
  }
  const [a, b, none] = suites as [
    Awaited<ReturnType<typeof suiteIds>>,
    ...Awaited<ReturnType<typeof suiteIds>>[],
  ];
  expect(a.ids.length).toBeGreaterThan(60);
  expect([...a.tree.keys()].some((p) => p.startsWith("_corpus/"))).toBe(true);
  for (const other of [b!, none!]) {
    expect(other.ids.length).toBeGreaterThan(60);
    // no handle survives a change of secret (nor its absence)
    expect(a.ids.filter((id) => other.ids.includes(id))).toEqual([]);
    // the draws change too: of the files both suites have at one path, none is the same
    const shared = [...a.tree].filter(([p]) => other.tree.has(p) && !p.endsWith("task.json"));
    expect(shared.filter(([p, bytes]) => other.tree.get(p)!.equals(bytes)).map(([p]) => p)).toEqual([]);
  }
  for (const [path, bytes] of a.tree)
    expect(`${path}: ${bytes.includes("first-secret")}`).toBe(`${path}: false`);
  // task.json records the digest (gold-side), and only when there is a secret
  const provenance = (tree: Map<string, Buffer>) =>
    JSON.parse(tree.get("healthcare_01/task.json")!.toString()).provenance as { secret_digest?: string };
  expect(provenance(a.tree).secret_digest).toBe(secretDigest("first-secret"));
  expect(provenance(b!.tree).secret_digest).toBe(secretDigest("second-secret"));
  expect(provenance(none!.tree).secret_digest).toBeUndefined();
}, 120_000);
