/**
 * The leak audit against the role cues the generator had before issue 27 (test/fixtures/audit-cues/README.md: the
 * generator's own files, one cue per suite), which the audit of that time passed: each makes `drflow env audit` exit 1
 * on the row of its cue. The same files with their roles dealt again at random within each task (and fresh handles)
 * pass: the audit flags association with role, not the forms themselves.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ArtifactManifest } from "../../src/core/index.ts";
import { seededRandom, shuffled } from "../../src/core/random.ts";
import type { AuditRow } from "../../src/env/audit/index.ts";
import { drflow } from "../support/cli.ts";

setDefaultTimeout(180_000);

const CUES = join(import.meta.dir, "../fixtures/audit-cues");
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

async function audit(suite: string, split: string, root = CUES) {
  const { code, out } = await drflow("env", "audit", suite, "--split", split, "--root", root, "--json");
  return { code, rows: (JSON.parse(out) as { rows: AuditRow[] }).rows };
}

const leaks = (rows: AuditRow[]) => rows.filter((r) => r.leak).map((r) => r.field);
const row = (rows: AuditRow[], field: string) => {
  const r = rows.find((x) => x.field === field);
  if (!r) throw new Error(`no row "${field}" in ${rows.map((x) => x.field).join(", ")}`);
  return r;
};

/** A copy of a fixture suite whose roles are dealt again at random within each task, handles dealt afresh. */
function reshuffled(suite: string, seed: number): string {
  const root = mkdtempSync(join(tmpdir(), "drflow-audit-cues-"));
  roots.push(root);
  cpSync(join(CUES, suite), join(root, suite), { recursive: true });
  const random = seededRandom(seed);
  for (const task of readdirSync(join(root, suite))) {
    const file = join(root, suite, task, "artifacts/manifest.json");
    const m = JSON.parse(readFileSync(file, "utf8")) as ArtifactManifest;
    const roles = shuffled(
      m.artifacts.map((a) => a.role),
      random,
    );
    m.artifacts.forEach((a, i) => {
      a.role = roles[i]!;
      a.id = `doc-${Math.floor(random() * 2 ** 48)
        .toString(16)
        .padStart(12, "0")}`;
    });
    writeFileSync(file, JSON.stringify(m, null, 2));
  }
  return root;
}

describe("drflow env audit on the generator's old cues", () => {
  test("files-docx: every .docx and every 'Case summary' file is a look-alike's → exit 1 on format and title template", async () => {
    const { code, rows } = await audit("files-docx", "mixed");
    expect(code).toBe(1);
    expect(row(rows, "files · format")).toMatchObject({ leak: true });
    expect(row(rows, "files · format").note).toStartWith("docx → adjacent");
    expect(row(rows, "files · title template")).toMatchObject({ leak: true });
    expect(row(rows, "files · title template").note).toStartWith("case summary - * ( <code> ) → adjacent");
    // the rules an agent could learn from it pick the user's case
    expect(row(rows, "metadata rules · the user's case")).toMatchObject({ leak: true });
  });

  test("drive-codes: only insight policies carry a document code in their title → exit 1 on code in title", async () => {
    const { code, rows } = await audit("drive-codes", "original");
    expect(code).toBe(1);
    expect(row(rows, "drive · code in title")).toMatchObject({ leak: true });
    expect(row(rows, "drive · code in title").value!).toBeGreaterThan(0.9);
    expect(row(rows, "metadata rules · distractors")).toMatchObject({ leak: true });
  });

  test("email-subjects: subject templates one role uses → exit 1 on subject template", async () => {
    const { code, rows } = await audit("email-subjects", "mixed");
    expect(code).toBe(1);
    expect(row(rows, "email · subject template")).toMatchObject({ leak: true });
  });

  test("seed-handles: the seed is recovered from a handle → exit 1 on that row alone", async () => {
    const { code, rows } = await audit("seed-handles", "original");
    expect(code).toBe(1);
    expect(leaks(rows)).toEqual(["handles · seed from (task id, content)"]);
    expect(row(rows, "handles · seed from (task id, content)").note).toContain("found seed 5150");
  });

  test("the same files with roles dealt at random within each task: exit 0", async () => {
    for (const [suite, split, seed] of [
      ["files-docx", "mixed", 1],
      ["drive-codes", "original", 2],
      ["email-subjects", "mixed", 3],
      ["seed-handles", "original", 4],
    ] as const) {
      const { code, rows } = await audit(suite, split, reshuffled(suite, seed));
      expect({ suite, leaks: leaks(rows) }).toEqual({ suite, leaks: [] });
      expect(code).toBe(0);
    }
  });
});
