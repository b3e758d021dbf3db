/**
 * The leak audit (issues 11, 27) on the demo suite and on an imported DRBench sample (inputs we did not shape to it),
 * and on planted leaks: a role-bearing id and a listing ordered by role each make `drflow env audit` exit non-zero.
 * The generator's old cues are test/env/audit-cues.test.ts.
 */
import { afterAll, describe, expect, setDefaultTimeout, spyOn, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env } from "../../src/cli/commands/env.ts";
import type { ArtifactManifest } from "../../src/core/index.ts";
import { importDrbench } from "../../src/generate/import/drbench.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";

setDefaultTimeout(180_000);

const DEMO = join(import.meta.dir, "../../tasks");
const SAMPLE = join(import.meta.dir, "../fixtures/drbench-sample/tasks");
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

async function audit(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const spy = spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    lines.push(a.join(" "));
  });
  try {
    return { code: await env.run(["audit", ...args]), out: lines.join("\n") };
  } finally {
    spy.mockRestore();
  }
}

/** Three demo tasks copied to a fresh root, each manifest rewritten by `relabel` (file names stay). */
function plantedSuite(relabel: (m: ArtifactManifest) => void): string {
  const root = mkdtempSync(join(tmpdir(), "drflow-audit-"));
  roots.push(root);
  for (const t of ["b2b_01", "healthcare_01", "legal_02"]) {
    copyTaskFolder(DEMO, `demo/${t}`, root, "planted");
    const file = join(root, "planted", t, "artifacts/manifest.json");
    const m = JSON.parse(readFileSync(file, "utf8")) as ArtifactManifest;
    relabel(m);
    writeFileSync(file, JSON.stringify(m, null, 2));
  }
  return root;
}

describe("drflow env audit", () => {
  // The demo regenerated after issue 27 (every artifact's form from form.ts, the public suite secret): no metadata
  // rule and no seed recovery leaks, and no form feature but one. Its draws cross the bar on the drive's title
  // template ("* procedure (<code>)" → insight, 7 of 7 in 4 tasks, U 0.146): insight policies take the family's
  // "… Procedure" name; the same row was U 0.066, p 0.0085 on the demo drawn without a secret (21f39a0). Open.
  test("the demo suite, mixed split: a table of every observable feature and no leak (with its company corpora, issue 27)", async () => {
    const { code, out } = await audit(["demo", "--split", "mixed", "--root", DEMO]);
    expect(out).toContain("leak audit: demo (10 task(s), mixed split)");
    for (const field of [
      "drive · format",
      "email · subject template",
      "files · title template",
      "chat · author's share",
      "metadata rules · the user's case",
      "metadata rules · distractors",
      "handles · seed from (task id, content)",
      "listing (env.list)",
      "app listing (search ties)",
    ])
      expect(out).toContain(field);
    const leaks = out.split("\n").filter((l) => / LEAK /.test(l) && !l.startsWith("LEAK:"));
    expect(leaks.map((l) => l.split("  ")[0])).toEqual([]);
    // the demo has a (public) suite secret: its seed is not found from its handles (test/generate/secret.test.ts)
    expect(out).toMatch(/^handles · seed from .* ok +no handle is reproduced/m);
    expect(code).toBe(0);
  });

  test("the demo suite, original split: the hidden e-mail headers tell nothing (user distractor emails are replies too)", async () => {
    const { out } = await audit(["demo", "--split", "original", "--root", DEMO]);
    expect(out).toContain("email · message-id form");
    expect(out).not.toMatch(/^email · (header names|message-id form) .* LEAK/m);
  });

  test("an imported DRBench sample (their files and names): exit 0", async () => {
    const root = mkdtempSync(join(tmpdir(), "drflow-audit-drbench-"));
    roots.push(root);
    await importDrbench(SAMPLE, { root, suite: "drbench" });
    const { code, out } = await audit(["drbench", "--root", root]);
    expect(out).toContain("leak audit: drbench (2 task(s), original split)");
    expect(code).toBe(0);
  });

  test("planted: ids that name their role (<task>_IN_<n>, numbered by role) → exit 1, the id leaks", async () => {
    const root = plantedSuite((m) => {
      const n = { insight: 0, distractor: 0, adjacent: 0 };
      const code = { insight: "IN", distractor: "DI", adjacent: "AD" } as const;
      for (const a of m.artifacts) a.id = `${m.task_id}_${code[a.role]}_${++n[a.role]}`;
    });
    const { code, out } = await audit(["planted", "--split", "mixed", "--root", root]);
    for (const app of ["chat", "drive", "email"])
      expect(out).toMatch(new RegExp(`^${app} · id template .* LEAK `, "m"));
    expect(out).toMatch(
      /^email · id template .* LEAK +\* _ # _ (in|di|ad) _ # → (insight|distractor|adjacent)/m,
    );
    expect(code).toBe(1);
  });

  test("planted: opaque ids, but the listing puts insights first, then distractors, then adjacent → exit 1", async () => {
    const root = plantedSuite((m) => {
      const lead = { insight: "1", distractor: "5", adjacent: "9" } as const;
      // still one random-looking handle per document; only its first digit follows the role
      for (const a of m.artifacts) a.id = `doc-${lead[a.role]}${a.id.slice(5)}`;
    });
    const { code, out } = await audit(["planted", "--split", "mixed", "--root", root]);
    expect(out).toMatch(/^listing \(env\.list\) +τ vs role \(IN<DI<AD\).*LEAK/m);
    expect(code).toBe(1);
  });

  test("usage: one suite or task", async () => {
    await expect(env.run(["audit"])).rejects.toThrow(/audit needs one suite/);
  });
});
