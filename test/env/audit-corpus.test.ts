/**
 * The leak audit sees a task's company background corpus (`<suite>/_corpus/`) as an agent does: its documents are
 * observed beside the task's own, as distractors, so a form that tells a background document from a task's own is a
 * leak. Planted: every corpus document rewritten to far beyond any task document's length (what the corpus's own
 * length distribution did before issue 27) → `drive · length band (app)` leaks; the same suite as generated does not.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CorpusManifest } from "../../src/core/index.ts";
import type { AuditRow } from "../../src/env/audit/index.ts";
import { observeTask } from "../../src/env/audit/observe.ts";
import { generateProceduralSuite } from "../../src/generate/index.ts";
import { realize } from "../../src/generate/realize/index.ts";
import { CORPUS_DIR, listTasks, loadTask } from "../../src/store/task-store.ts";
import { drflow } from "../support/cli.ts";

setDefaultTimeout(300_000);

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

async function audit(root: string) {
  const { code, out } = await drflow("env", "audit", "s", "--split", "original", "--root", root, "--json");
  return { code, rows: (JSON.parse(out) as { rows: AuditRow[] }).rows };
}

const row = (rows: AuditRow[], field: string) => rows.find((x) => x.field === field);

describe("drflow env audit with a company corpus", () => {
  test("corpus documents are observed as distractors; a length only they have is a leak", async () => {
    const root = mkdtempSync(join(tmpdir(), "drflow-audit-corpus-"));
    roots.push(root);
    await generateProceduralSuite({ root, suite: "s", seed: 6061, perDomain: 1, corpusChars: 120_000 });

    // observed: every corpus document of the task's company, role distractor
    const refs = await listTasks(root, "s");
    const loaded = await loadTask(root, refs[0]!.ref);
    const observed = await observeTask(loaded, "original");
    const background = observed.filter((d) => loaded.corpus!.ids.has(d.visible.id));
    expect(background.length).toBe(loaded.corpus!.ids.size);
    expect(background.length).toBeGreaterThan(5);
    expect(new Set(background.map((d) => d.role))).toEqual(new Set(["distractor"]));

    const asGenerated = await audit(root);
    expect(row(asGenerated.rows, "drive · length band (app)")).toMatchObject({ leak: false });

    // plant: every corpus document three times the longest a task document may be
    for (const company of readdirSync(join(root, "s", CORPUS_DIR))) {
      const dir = join(root, "s", CORPUS_DIR, company);
      const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as CorpusManifest;
      for (const a of manifest.artifacts) {
        const paragraph = "Archived records of the facilities team are kept here for reference and audit. ";
        const bytes = await realize(
          {
            kind: "document",
            title: a.title,
            subtitle: "",
            author: a.author ?? "",
            date: a.date ?? "",
            sections: Array.from({ length: 30 }, (_, i) => ({
              heading: `Part ${i + 1}`,
              paragraphs: [paragraph.repeat(50)],
            })),
          },
          a.format as "pdf" | "docx",
        );
        writeFileSync(join(dir, a.path), bytes);
      }
    }
    const planted = await audit(root);
    expect(planted.code).toBe(1);
    expect(row(planted.rows, "drive · length band (app)")).toMatchObject({ leak: true });
  });
});
