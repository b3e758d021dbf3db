/**
 * Task folders are a boundary (issue 11): each bad input is refused with an error naming the file, by `tasks
 * validate` (validateTaskDir) and by `loadEnv`; nothing is followed out of the folder, dropped or loaded as garbage.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ArtifactManifest } from "../../src/core/index.ts";
import { loadEnv } from "../../src/env/index.ts";
import { formatIssue, LIMITS, loadTask, validateTaskFolder } from "../../src/store/task-store.ts";
import { validateTaskDir } from "../../src/store/validate/index.ts";

setDefaultTimeout(60_000);

const FIXTURE = join(import.meta.dir, "../fixtures/env/mini");
const DEMO_PDF = join(
  import.meta.dir,
  "../../tasks/demo/b2b_01/artifacts",
  (
    JSON.parse(
      readFileSync(join(import.meta.dir, "../../tasks/demo/b2b_01/artifacts/manifest.json"), "utf8"),
    ) as ArtifactManifest
  ).artifacts.find((a) => a.format === "pdf")!.path,
);
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A fresh copy of the mini task; returns its root and artifacts folder. */
function copy(): { root: string; dir: string; artifacts: string } {
  const root = mkdtempSync(join(tmpdir(), "drflow-boundary-"));
  roots.push(root);
  cpSync(FIXTURE, join(root, "mini"), { recursive: true });
  const dir = join(root, "mini", "mini_01");
  return { root, dir, artifacts: join(dir, "artifacts") };
}

function editManifest(artifacts: string, edit: (m: ArtifactManifest) => void): void {
  const file = join(artifacts, "manifest.json");
  const m = JSON.parse(readFileSync(file, "utf8")) as ArtifactManifest;
  edit(m);
  writeFileSync(file, JSON.stringify(m, null, 2));
}

/** Add a document of `format` at `path` (the bytes written as given). */
function addDocument(artifacts: string, path: string, format: "pdf" | "docx", bytes: Uint8Array): void {
  writeFileSync(join(artifacts, path), bytes);
  editManifest(artifacts, (m) =>
    m.artifacts.push({
      id: "doc-0000000000aa",
      role: "distractor",
      side: "company",
      app: "drive",
      format,
      path,
      title: "Added",
      evidence: [],
      author: "",
      date: "",
    }),
  );
}

async function problems(root: string, dir: string): Promise<string> {
  const found = await validateTaskDir(dir, () => loadTask(root, "mini/mini_01"));
  return found.map(formatIssue).join("\n");
}

async function loadError(root: string): Promise<string> {
  try {
    const env = await loadEnv(await loadTask(root, "mini/mini_01"), { split: "mixed" });
    await env.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected loading the environment to fail");
}

describe("task folders are a boundary", () => {
  test("the untouched copy passes the structural checks and loads", async () => {
    const { root, dir } = copy();
    expect(await validateTaskFolder(dir)).toEqual([]);
    const env = await loadEnv(await loadTask(root, "mini/mini_01"), { split: "mixed" });
    expect((await env.list()).length).toBe(5);
    await env.close();
  });

  test("a symbolic link out of the folder (to /etc/passwd) is refused, naming the file; nothing of it is indexed", async () => {
    const { root, dir, artifacts } = copy();
    unlinkSync(join(artifacts, "drive/interpreter-policy.md"));
    symlinkSync("/etc/passwd", join(artifacts, "drive/interpreter-policy.md"));
    expect(await problems(root, dir)).toMatch(
      /drive\/interpreter-policy\.md.*expected a file inside the task folder, it resolves to \/etc\/passwd/,
    );
    expect(await loadError(root)).toMatch(
      /drive\/interpreter-policy\.md.*\/etc\/passwd \(a symbolic link out\)/,
    );
  });

  test("a path with `..` is refused, naming it", async () => {
    const { root, dir, artifacts } = copy();
    editManifest(artifacts, (m) => {
      m.artifacts[1]!.path = "../task.json";
    });
    expect(await problems(root, dir)).toMatch(
      /\$\.artifacts\[1\]\.path: artifact "\.\.\/task\.json".*"\.\." leaves the folder/,
    );
    expect(await loadError(root)).toMatch(/artifact "\.\.\/task\.json"/);
  });

  test("an absolute path is refused, naming it", async () => {
    const { root, dir, artifacts } = copy();
    editManifest(artifacts, (m) => {
      m.artifacts[1]!.path = "/etc/passwd";
    });
    expect(await problems(root, dir)).toMatch(/artifact "\/etc\/passwd".*got an absolute path/);
  });

  test("a duplicate artifact id is an error naming both entries, not a silently dropped document", async () => {
    const { root, dir, artifacts } = copy();
    editManifest(artifacts, (m) => {
      m.artifacts[2]!.id = m.artifacts[0]!.id;
    });
    const found = await problems(root, dir);
    expect(found).toMatch(
      /manifest\.json: \$\.artifacts\[2\]\.id: expected a unique id, "doc-[0-9a-f]{12}" is also \$\.artifacts\[0\]/,
    );
    await expect(loadTask(root, "mini/mini_01")).rejects.toThrow(/expected a unique id/);
  });

  test("a broken .eml is an error naming the file, never loaded as an empty message", async () => {
    const { root, dir, artifacts } = copy();
    writeFileSync(join(artifacts, "email/kim-visit.eml"), "this is not\na mail message at all\n\nbody");
    expect(await problems(root, dir)).toMatch(
      /email\/kim-visit\.eml: expected a readable eml file.*line 1 is not a header/,
    );
    expect(await loadError(root)).toMatch(/email\/kim-visit\.eml: expected a readable eml file/);
  });

  test("half a PDF is an error naming the file", async () => {
    const { root, dir, artifacts } = copy();
    const pdf = readFileSync(DEMO_PDF);
    addDocument(artifacts, "drive/half.pdf", "pdf", pdf.subarray(0, Math.floor(pdf.length / 2)));
    expect(await problems(root, dir)).toMatch(
      /drive\/half\.pdf: expected a readable pdf file.*%%EOF trailer is missing/,
    );
    expect(await loadError(root)).toMatch(/drive\/half\.pdf: expected a readable pdf file/);
  });

  test("a zero-byte DOCX is an error naming the file", async () => {
    const { root, dir, artifacts } = copy();
    addDocument(artifacts, "drive/empty.docx", "docx", new Uint8Array(0));
    expect(await problems(root, dir)).toMatch(
      /drive\/empty\.docx: expected a readable docx file.*empty \(0-byte\) file/,
    );
    expect(await loadError(root)).toMatch(/drive\/empty\.docx/);
  });

  test("a 50 MB field in task.json is an error naming the file and its size, before any parsing work", async () => {
    const { root, dir } = copy();
    const file = join(dir, "task.json");
    const task = JSON.parse(readFileSync(file, "utf8"));
    task.seed.question = "x".repeat(50 * 1024 * 1024);
    writeFileSync(file, JSON.stringify(task));
    expect(await problems(root, dir)).toMatch(
      /task\.json: \$: expected at most 8\.0 MB, the file has 50\.0 MB/,
    );
    await expect(loadTask(root, "mini/mini_01")).rejects.toThrow(/task\.json: \$: expected at most 8\.0 MB/);
  });

  test("a field over the string limit (in a file under the size limit) is named by its JSON path", async () => {
    const { root, dir } = copy();
    const file = join(dir, "task.json");
    const task = JSON.parse(readFileSync(file, "utf8"));
    task.seed.question = "x".repeat(LIMITS.stringChars + 1);
    writeFileSync(file, JSON.stringify(task));
    expect(await problems(root, dir)).toMatch(
      /task\.json: \$\.seed\.question: expected at most 200000 characters/,
    );
  });

  test("validation reports every violation at once, not only the first structural one", async () => {
    const { root, dir, artifacts } = copy();
    writeFileSync(join(artifacts, "email/kim-visit.eml"), "garbage\n\nbody");
    editManifest(artifacts, (m) => {
      m.artifacts[1]!.path = "/etc/passwd";
      m.artifacts[3]!.id = "mini_01_IN_9";
    });
    const found = await problems(root, dir);
    expect(found).toMatch(/absolute path/);
    expect(found).toMatch(/"mini_01_IN_9", which names its role/);
    expect(found).toMatch(/kim-visit\.eml: expected a readable eml file/);
  });
});
