import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "xlsx";
import { importSeeds, SeedImportError } from "../../src/generate/llm/seeds/import.ts";
import { generateLlmSuite } from "../../src/generate/llm/suite.ts";
import { createModel } from "../../src/llm/index.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { validateTaskFolder } from "../../src/store/task-store.ts";
import * as W from "../fixtures/generate-llm/world.ts";
import { type ScriptedServer, startScriptedServer } from "../support/scripted-server.ts";
import { fixtureReplier, schemaOf } from "./replier.ts";

let tmp: string;
const servers: ScriptedServer[] = [];
const now = () => "2026-03-02T10:00:00Z";

/** The S1 columns, with the spreadsheet's own task ids; user_company_* left empty in the CSV (they default to the company). */
function rows(prefix: string) {
  return W.SPECS.map((s, i) => ({ task_id: `${prefix}_${i + 1}`, domain: "healthcare", ...W.seedRow(s) }));
}

async function serve(reply = fixtureReplier().reply) {
  const server = await startScriptedServer({ reply });
  servers.push(server);
  return { server, model: createModel(`compat:${server.url}#test-model`, { cache: null }) };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-seeds-"));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows("xl")), "seeds");
  await writeFile(join(tmp, "seeds.xlsx"), XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
  const csvRows = rows("csv").map((r) => ({ ...r, user_company: "", user_industry: "" }));
  await writeFile(join(tmp, "seeds.csv"), XLSX.utils.sheet_to_csv(XLSX.utils.json_to_sheet(csvRows)));
  await writeFile(join(tmp, "seeds.json"), JSON.stringify(rows("js")));
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await rm(tmp, { recursive: true, force: true });
});

describe("seed import (CSV / XLSX / JSON with the S1 columns)", () => {
  test("every format yields the same seeds; empty user_company_* take the company's values", async () => {
    const xl = await importSeeds(join(tmp, "seeds.xlsx"));
    const csv = await importSeeds(join(tmp, "seeds.csv"));
    const js = await importSeeds(join(tmp, "seeds.json"));
    expect(xl.map((s) => s.task_id)).toEqual(["xl_1", "xl_2"]);
    expect(csv[1]!.user_company).toBe("Lakeside Community Clinic");
    const strip = ({ task_id: _, ...rest }: { task_id: string }) => rest;
    expect(csv.map(strip)).toEqual(xl.map(strip));
    expect(js.map(strip)).toEqual(xl.map(strip));
  });

  test("a bad row names the file, row and column", async () => {
    const bad = join(tmp, "bad.csv");
    const r = rows("b");
    await writeFile(
      bad,
      XLSX.utils.sheet_to_csv(
        XLSX.utils.json_to_sheet([
          { ...r[0], domain: "" },
          { ...r[1], task_id: "../etc" },
        ]),
      ),
    );
    const error = await importSeeds(bad).catch((e) => e);
    expect(error).toBeInstanceOf(SeedImportError);
    expect(error.message).toContain("bad.csv: row 2, column domain: expected a non-empty value");
    expect(error.message).toContain("bad.csv: row 3, column task_id");
  });

  test("seeds from a spreadsheet drive S2–S6 (no S1 call)", async () => {
    const { server, model } = await serve();
    const seeds = await importSeeds(join(tmp, "seeds.xlsx"));
    const result = await generateLlmSuite({
      root: join(tmp, "tasks"),
      suite: "xl",
      source: { kind: "seeds", seeds },
      model,
      now,
    });
    expect(result.tasks.map((t) => t.task.id)).toEqual(["xl_1", "xl_2"]);
    for (const t of result.tasks) expect(await validateTaskFolder(t.dir)).toEqual([]);
    const schemas = new Set(server.requests.map(schemaOf));
    expect(schemas.has("task_seeds")).toBe(false);
    for (const s of [
      "dual_contexts",
      "generic_workflow",
      "company_distractors",
      "personalized_workflow",
      "user_insights",
      "adjacent_questions",
      "adjacent_scene",
    ]) {
      expect(schemas.has(s)).toBe(true);
    }
    expect(result.tasks[1]!.task.seed.company.name).toBe("Lakeside Community Clinic");
  }, 60_000);
});

describe("resume after interruption", () => {
  test("an interrupted run resumes at the next stage under the same run id", async () => {
    const root = join(tmp, "resume");
    const store = new RunStore(join(tmp, "runs.sqlite"));
    const seeds = (await importSeeds(join(tmp, "seeds.csv"))).slice(0, 1);
    const normal = fixtureReplier().reply;
    const broken = await serve((req) =>
      schemaOf(req) === "personalized_workflow"
        ? { status: 400, json: { error: { message: "interrupted" } } }
        : normal(req),
    );
    const failed = await generateLlmSuite({
      root,
      suite: "r",
      source: { kind: "seeds", seeds },
      model: broken.model,
      store,
      now,
    }).catch((e) => e);
    expect(failed).toBeInstanceOf(Error);
    const runId = store.listRuns({}).find((r) => r.kind === "generate")!.id;
    expect(store.getRun(runId)!.status).toBe("failed");

    const again = await serve();
    const events: string[] = [];
    const result = await generateLlmSuite({
      root,
      suite: "r",
      source: { kind: "seeds", seeds },
      model: again.model,
      store,
      now,
      onProgress: (e) => e.kind === "stage" && events.push(`${e.stage}:${e.status}`),
    });
    expect(result.runId).toBe(runId);
    expect(store.getRun(runId)!.status).toBe("done");
    const schemas = again.server.requests.map(schemaOf);
    for (const s of ["dual_contexts", "generic_workflow", "company_distractors"])
      expect(schemas).not.toContain(s);
    expect(schemas[0]).toBe("personalized_workflow");
    expect(events.slice(0, 4)).toEqual([
      "S2 contexts:resumed",
      "S2 generic workflow:resumed",
      "S3 company distractors:resumed",
      "S4 personalized workflow:start",
    ]);
    store.close();
  }, 60_000);
});
