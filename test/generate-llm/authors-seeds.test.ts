/**
 * Seeds in the DRFlow authors' annotation-spreadsheet format (23 columns; domains written `B2B`, `B2C`, `Healthcare`,
 * `Legal`, `Education` and `finance`, which is not a built-in domain) import completely, from CSV and from XLSX.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as XLSX from "xlsx";
import { Task } from "../../src/core/index.ts";
import { importSeeds, isBuiltInDomain } from "../../src/generate/llm/seeds/import.ts";
import { checkSeedRow, toTaskSeed } from "../../src/generate/llm/stages/s1-seeds.ts";

const FIXTURE = join(import.meta.dir, "../fixtures/seeds/authors-format.csv");
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "drflow-authors-seeds-"));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

test("the fixture has the authors' 23 columns and their domain spellings", () => {
  const [header, ...rows] = readFileSync(FIXTURE, "utf8").trim().split("\n");
  expect(header!.split(",")).toHaveLength(23);
  const domains = new Set(rows.map((r) => r.split(",")[1]));
  expect([...domains].sort()).toEqual(["B2B", "B2C", "Education", "Healthcare", "Legal", "finance"]);
});

test("every row imports: domains case-insensitive, an unknown domain kept with the generic profile", async () => {
  const seeds = await importSeeds(FIXTURE);
  expect(seeds).toHaveLength(12);
  expect(seeds.map((s) => s.domain)).toEqual([
    "b2b",
    "b2b",
    "b2c",
    "b2c",
    "healthcare",
    "healthcare",
    "legal",
    "legal",
    "education",
    "education",
    "finance",
    "finance",
  ]);
  expect(seeds.filter((s) => !isBuiltInDomain(s.domain)).map((s) => s.task_id)).toEqual(["S1_011", "S1_012"]);
  // Empty user_company_* columns take the company's values (K.1: the user asks about their own company).
  expect(seeds[0]!.user_company).toBe("Kestrel Components");
  // The rows pass the S1 checks the generator applies, and become task seeds (finance included).
  for (const [i, seed] of seeds.entries()) {
    expect(checkSeedRow(seed, `row ${i + 2}`)).toEqual([]);
    expect(Task.shape.seed.safeParse(toTaskSeed(seed)).success).toBe(true);
  }
});

test("the same spreadsheet as XLSX imports identically", async () => {
  const book = XLSX.read(readFileSync(FIXTURE, "utf8"), { type: "string", raw: true });
  const path = join(tmp, "authors.xlsx");
  await writeFile(path, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
  expect(await importSeeds(path)).toEqual(await importSeeds(FIXTURE));
});
