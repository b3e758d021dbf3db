/**
 * The suite secret (issue 27) on the command line: `--secret`, `DRFLOW_SUITE_SECRET` (the flag wins), a drawn one
 * shown once with the command that reproduces the suite; and the audit's handles row, a leak without a secret and ok
 * with one.
 */
import { afterAll, expect, spyOn, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { UsageError } from "../../src/cli/args.ts";
import { env } from "../../src/cli/commands/env.ts";
import { runProceduralGenerate } from "../../src/cli/commands/generate.ts";
import { secretDigest } from "../../src/core/index.ts";
import { redactSecrets } from "../../src/core/redact.ts";
import { generateProceduralSuite } from "../../src/generate/index.ts";

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

async function tempRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "drflow-secret-cli-"));
  roots.push(root);
  return root;
}

async function tree(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = join(entry.parentPath, entry.name);
      out.set(relative(dir, full), await readFile(full));
    }
  return out;
}

const SMALL = ["--per-domain", "1", "--domain", "legal", "--corpus-chars", "0", "--seed", "5"];

/** `drflow generate --procedural` into a fresh root with `env`; its printed lines and written files. */
async function generate(args: string[], vars: Record<string, string | undefined> = {}) {
  const root = await tempRoot();
  const lines: string[] = [];
  const code = await runProceduralGenerate(
    ["--procedural", "--suite", "s", "--root", root, ...SMALL, ...args],
    (l) => lines.push(l),
    vars,
  );
  return { code, lines, files: await tree(join(root, "s")) };
}

const same = (a: Map<string, Buffer>, b: Map<string, Buffer>) =>
  a.size === b.size && [...a].every(([p, bytes]) => b.get(p)?.equals(bytes) === true);

const digestOf = (files: Map<string, Buffer>) =>
  JSON.parse(files.get("legal_01/task.json")!.toString()).provenance.secret_digest;

test("--secret and DRFLOW_SUITE_SECRET give the same suite (the flag wins over the variable); the secret is never printed", async () => {
  const flag = await generate(["--secret", "cli-secret-1"]);
  const fromEnv = await generate([], { DRFLOW_SUITE_SECRET: "cli-secret-1" });
  const both = await generate(["--secret", "cli-secret-1"], { DRFLOW_SUITE_SECRET: "other-secret" });
  const other = await generate([], { DRFLOW_SUITE_SECRET: "other-secret" });
  expect([flag.code, fromEnv.code, both.code, other.code]).toEqual([0, 0, 0, 0]);
  expect(same(flag.files, fromEnv.files)).toBe(true);
  expect(same(flag.files, both.files)).toBe(true);
  expect(same(flag.files, other.files)).toBe(false);
  expect(digestOf(flag.files)).toBe(secretDigest("cli-secret-1"));
  expect(flag.lines.join("\n")).toContain("secret from --secret");
  expect(fromEnv.lines.join("\n")).toContain("secret from DRFLOW_SUITE_SECRET");
  for (const run of [flag, fromEnv, both]) expect(run.lines.join("\n")).not.toContain("cli-secret-1");
  // a given secret is redacted from whatever the process prints afterwards
  expect(redactSecrets("echo cli-secret-1")).toBe("echo ***");
}, 60_000);

test("with no secret given one is drawn, shown in one line with the command that reproduces the suite byte for byte", async () => {
  const first = await generate([]);
  const second = await generate([]);
  const shown = first.lines.filter((l) => /[0-9a-f]{32}/.test(l));
  expect(shown).toHaveLength(1);
  const secret = /suite secret \(drawn[^)]*\): ([0-9a-f]{32})/.exec(shown[0]!)![1]!;
  expect(shown[0]).toContain(`reproduce this suite: drflow generate --procedural --suite s`);
  expect(shown[0]).toContain(`--secret ${secret}`);
  expect(digestOf(first.files)).toBe(secretDigest(secret));
  // two draws, two suites; the shown secret reproduces the first
  expect(same(first.files, second.files)).toBe(false);
  expect(same(first.files, (await generate(["--secret", secret])).files)).toBe(true);
  for (const bytes of first.files.values()) expect(bytes.includes(secret)).toBe(false);
}, 60_000);

test("an empty --secret is a usage error naming the flag", async () => {
  await expect(generate(["--secret", ""])).rejects.toThrow(UsageError);
  await expect(generate(["--secret", ""])).rejects.toThrow(/--secret: expected a non-empty secret/);
});

/** `drflow env audit <suite> --root <root>`: its handles row. */
async function handlesRow(root: string, suite: string): Promise<string> {
  const lines: string[] = [];
  const spy = spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    lines.push(...a.join(" ").split("\n"));
  });
  try {
    await env.run(["audit", suite, "--root", root]);
  } finally {
    spy.mockRestore();
  }
  return lines.find((l) => l.startsWith("handles · seed from")) ?? "";
}

test("the audit's handles row: LEAK for a suite without a secret (its seed is found), ok with one", async () => {
  const root = await tempRoot();
  const options = {
    root,
    seed: 7,
    perDomain: 1,
    domains: ["b2b", "legal"] as const,
    corpusChars: 0,
    workers: 1,
  };
  await generateProceduralSuite({ ...options, suite: "open" });
  await generateProceduralSuite({ ...options, suite: "keyed", secret: "audit-secret" });
  const open = await handlesRow(root, "open");
  expect(open).toMatch(
    / LEAK +2 of 2 tasks' handles are reproduced without a secret; counting seeds up found seed 7 /,
  );
  const keyed = await handlesRow(root, "keyed");
  expect(keyed).toMatch(/ ok +no handle is reproduced from the task id, seed and content alone/);
}, 120_000);

test("--replace says whether the suite it replaces had the same secret, another one, or none", async () => {
  const root = await tempRoot();
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    await runProceduralGenerate(
      ["--procedural", "--suite", "s", "--root", root, ...SMALL, ...args],
      (l) => lines.push(l),
      {},
    );
    return lines.at(-1)!;
  };
  await generateProceduralSuite({
    root,
    suite: "s",
    seed: 5,
    perDomain: 1,
    domains: ["legal"],
    corpusChars: 0,
  });
  expect(await run("--secret", "r-1", "--replace")).toContain("(they had no secret)");
  expect(await run("--secret", "r-1", "--replace")).toContain("(same secret: a reproduction)");
  expect(await run("--secret", "r-2", "--replace")).toContain("(they had another secret)");
});
