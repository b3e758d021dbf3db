import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DOC_HANDLE } from "../../core/index.ts";
import { loadEnv } from "../../env/load.ts";
import type { Env } from "../../env/types.ts";
import { loadTask, validateTaskFolder } from "../../store/task-store.ts";
import { validateTask } from "../../store/validate/validate-task.ts";
import { DRBENCH_APPS, drflowDomain, findDrbenchTasks, importDrbench } from "./drbench.ts";

// These tests start servers or read whole suites; bun's default 5 s limit is too tight on a loaded machine.
setDefaultTimeout(60_000);

/** The two DRBench sample tasks kept in test/fixtures (Apache-2.0, see its ATTRIBUTION.md) (override with DRFLOW_DRBENCH_SAMPLE). */
const SAMPLE =
  process.env.DRFLOW_DRBENCH_SAMPLE ?? join(import.meta.dir, "../../../test/fixtures/drbench-sample/tasks");

const root = mkdtempSync(join(tmpdir(), "drflow-drbench-"));
let results: Awaited<ReturnType<typeof importDrbench>>;
beforeAll(async () => {
  if (!existsSync(SAMPLE))
    throw new Error(`DRBench sample not found at ${SAMPLE}; set DRFLOW_DRBENCH_SAMPLE`);
  results = await importDrbench(SAMPLE, { root, suite: "drbench" });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type EnvJson = { env_files: { source: string; destination: string; app: string; qa_type: string }[] };
const envJson = (id: string): EnvJson =>
  JSON.parse(readFileSync(join(SAMPLE, id, "config/env.json"), "utf8"));

test("imports DR0002 and DR0003 as drbench tasks with question, persona, company and valid folders", async () => {
  expect(results.map((r) => r.task.id)).toEqual(["DR0002", "DR0003"]);
  const { task } = await loadTask(root, "drbench/DR0002");
  expect(task.kind).toBe("drbench");
  expect(task.seed.question).toContain("personalization drive sales");
  expect(task.seed.user).toMatchObject({
    name: "Michael Lee",
    email: "michael.lee@leesmarket.com",
    role: "Sales Team Lead",
  });
  expect(task.seed.company.name).toBe("Lee's Market");
  expect(task.provenance.generator).toBe("drbench-import");
  for (const r of results) expect(await validateTaskFolder(r.dir)).toEqual([]);
});

test("the known quirks of DR0003 are handled with clear warnings", () => {
  const dr3 = results.find((r) => r.task.id === "DR0003")!;
  expect(dr3.warnings.some((w) => w.includes("files/IN002_pdf: no textualized .md"))).toBe(true);
  expect(dr3.warnings.some((w) => w.includes("files/DI002_pdf: no textualized .md"))).toBe(true);
  expect(
    dr3.warnings.some((w) => w.includes("DI001_pdf/q2-workforce-report.md") && w.includes("Workforce")),
  ).toBe(true);
  expect(results.find((r) => r.task.id === "DR0002")!.warnings).toEqual([]);
});

test("eval.json insights and distractors become evidence units linked to their artifacts", async () => {
  const { task, manifest } = await loadTask(root, "drbench/DR0003");
  const evalItems = JSON.parse(
    readFileSync(join(SAMPLE, "DR0003/config/eval.json"), "utf8"),
  ).dr_report_evaluation_qa;
  expect(task.evidence.map((e) => e.id)).toEqual(evalItems.map((e: { id: string }) => e.id));
  const unit = task.evidence.find((e) => e.id === "IN002_pdf")!;
  expect(unit).toMatchObject({ role: "insight", answer: "2,500 new Gen Z members joined by Q2 2024." });
  const carrier = manifest.artifacts.find((a) => a.evidence.includes("IN002_pdf"))!;
  expect(carrier.path).toBe("drive/customer-loyalty-strategies.md");
  expect(carrier.role).toBe("insight");
  // the role lives in the manifest only; the id an agent sees is an opaque handle
  for (const a of manifest.artifacts) expect(a.id).toMatch(DOC_HANDLE);
});

describe("every env.json file ends up in its app, searchable", () => {
  for (const id of ["DR0002", "DR0003"]) {
    test(id, async () => {
      const loaded = await loadTask(root, `drbench/${id}`);
      const env: Env = await loadEnv(loaded, { split: "original" });
      try {
        const files = envJson(id).env_files;
        const docs = await env.list();
        expect(docs).toHaveLength(files.length);
        for (const f of files) {
          const stem = basename(f.destination).replace(/\.[^.]+$/, "");
          const doc = docs.find((d) => basename(d.path).replace(/\.[^.]+$/, "") === stem);
          expect(doc, `${id} ${f.destination}`).toBeDefined();
          expect(doc!.app).toBe(DRBENCH_APPS[f.app]!);
          expect(loaded.manifest.artifacts.find((a) => a.id === doc!.id)?.role as string).toBe(f.qa_type);
          expect(doc!.text.length).toBeGreaterThan(100);
          const hits = await env.search(doc!.title, { limit: 5 });
          expect(
            hits.map((h) => h.documentId),
            `${id}: "${doc!.title}" should find ${doc!.id}`,
          ).toContain(doc!.id);
        }
        // Each folder of the sample maps to at most one artifact; the rest of files/ is not in env.json.
        expect(readdirSync(join(SAMPLE, id, "files")).length).toBeGreaterThanOrEqual(files.length);
      } finally {
        await env.close();
      }
    });
  }
});

test("an insight's answer is findable in the imported text by its question", async () => {
  const loaded = await loadTask(root, "drbench/DR0002");
  const env = await loadEnv(loaded, { split: "original" });
  try {
    const unit = loaded.task.evidence.find((e) => e.id === "IN001_docx")!;
    const carrier = loaded.manifest.artifacts.find((a) => a.evidence.includes("IN001_docx"))!;
    const hits = await env.search(unit.question, { limit: 5 });
    expect(hits.map((h) => h.documentId)).toContain(carrier.id);
  } finally {
    await env.close();
  }
});

test("DRBench's own metadata is imported: industry, domain, difficulty, subquestions, context without secrets", () => {
  const dr3 = results.find((r) => r.task.id === "DR0003")!.task;
  expect(dr3.drbench).toMatchObject({
    industry: "retail",
    domain: "crm",
    difficulty: "medium",
    subquestions: [],
  });
  expect(dr3.drbench!.url).toBe("https://eagleeye.com/blog/grocery-loyalty-inflation-data-growth");
  expect(dr3.drbench!.context).toContain("Marketing Manager");
  expect(dr3.drbench!.context).toContain("3.8% average increase in same-store sales");
  expect(dr3.drbench!.context).not.toContain("my_drbench_pwd");
  // drflow's nearest domain by the stated rule (retail → b2c), DRBench's own kept beside it.
  expect(dr3.seed.domain).toBe("b2c");
  expect(drflowDomain("Healthcare")).toBe("healthcare");
  expect(drflowDomain("Cybersecurity")).toBe("b2b");
});

test("web facts keep their URL; exports are titled for what they hold; export users become people", async () => {
  const { task, manifest } = await loadTask(root, "drbench/DR0002");
  const web = task.evidence.filter((e) => (e.urls ?? []).length > 0);
  expect(web.map((e) => e.id)).toEqual(["EX0000", "EX0001", "EX0002"]);
  expect(web[0]!.urls).toEqual(["https://www.bcg.com/publications/2024/personalization-in-action"]);
  for (const e of web) expect(manifest.artifacts.some((a) => a.evidence.includes(e.id))).toBe(false);
  const chats = manifest.artifacts.filter((a) => a.app === "chat");
  for (const c of chats) expect(c.title).toMatch(/^#[\w-]+(, #[\w-]+)* \(chat export, \d+ posts\)$/);
  const dr3 = await loadTask(root, "drbench/DR0003");
  const mail = dr3.manifest.artifacts.filter((a) => a.app === "email");
  expect(mail.length).toBeGreaterThan(0);
  for (const m of mail) expect(m.title).toMatch(/^Mailbox of [\w.]+ \(\d+ emails\)$/);
  const names = new Set(dr3.task.people.map((p) => p.name));
  for (const a of dr3.manifest.artifacts) if (a.author) expect(names.has(a.author)).toBe(true);
  expect(dr3.task.drbench!.files.find((f) => f.source.startsWith("IN001_pdf/"))).toMatchObject({
    source: "IN001_pdf/loyalty-engagement-strategies.md",
    destination: "shared/loyalty-engagement-strategies.pdf",
  });
});

test("imported tasks pass validation under the DRBench profile, which still catches a missing figure", async () => {
  for (const id of ["DR0002", "DR0003"]) {
    const loaded = await loadTask(root, `drbench/${id}`);
    expect(await validateTask(loaded)).toEqual([]);
  }
  const loaded = await loadTask(root, "drbench/DR0002");
  const evidence = loaded.task.evidence.map((e) =>
    e.id === "IN002_xlsx"
      ? { ...e, text: "As of Q3 2024, Lee's Market has 1.4 million loyalty program members." }
      : e,
  );
  const broken = {
    ...loaded,
    task: { ...loaded.task, evidence: [...evidence, { ...evidence[0]!, id: "EX9", urls: [] }] },
  };
  const found = await validateTask(broken);
  expect(found.map((v) => [v.rule, v.expected.slice(0, 40)])).toEqual([
    ["drbench-figures", "expected the figures 1.4 million of unit"],
    ["drbench-source", 'expected unit "EX9" to be listed by an a'],
  ]);
});

test("the sample's own root (the folder above tasks/) finds the same tasks; a folder with none is refused naming what it holds", async () => {
  const sampleRoot = join(SAMPLE, "..");
  expect((await findDrbenchTasks(sampleRoot)).map((d) => basename(d))).toEqual(["DR0002", "DR0003"]);
  expect(await findDrbenchTasks(join(SAMPLE, "DR0002"))).toEqual([join(SAMPLE, "DR0002")]);
  // Files of one task: no task folder within two levels, and the message says what the folder holds instead.
  const files = join(SAMPLE, "DR0002", "files");
  const refused = await findDrbenchTasks(files).catch((e: Error) => e.message);
  expect(refused).toContain(`${files}: no DRBench task folders`);
  expect(refused).toContain("config/task.json");
  expect(refused).toContain("IN001/");
  expect(await findDrbenchTasks(join(root, "missing")).catch((e: Error) => e.message)).toBe(
    `${join(root, "missing")}: no such folder`,
  );
});
