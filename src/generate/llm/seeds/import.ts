/**
 * @module Seed import: task seeds from a CSV, XLSX or JSON file with the S1 columns (task_id, dr_question, domain,
 * company_*, company_persona*, user_*) — the 23 columns of the DRFlow authors' annotation spreadsheet. Domains are
 * case-insensitive (`B2B`, `Healthcare`); a domain outside the five built-in ones (`finance`) is accepted with the
 * generic profile: the LLM pipeline (S2–S6) uses the domain only as text in its prompts, so such a seed generates
 * like any other; only the offline procedural generator, which has templates for the five built-in domains, cannot
 * make tasks for it.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { Domain, SAFE_ID, SeedDomain } from "../../../core/index.ts";
import { xlsx } from "../../../core/xlsx.ts";
import { SeedRecord } from "../stages/s1-seeds.ts";

/** A malformed seed file: every problem names the file, the row (1-based, header = row 1) and the column. */
export class SeedImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "SeedImportError";
  }
}

/** K.1 asks for the user's company to match the company; an empty user_company_* column takes the company's value. */
const USER_COMPANY_FALLBACK: Record<string, string> = {
  user_company: "company_name",
  user_industry: "company_industry",
  user_company_description: "company_description",
  user_company_size: "company_size",
  user_company_employee_count: "company_employee_count",
  user_company_annual_revenue: "company_annual_revenue",
};

/** `Healthcare` → `healthcare`, `Supply Chain` → `supply_chain`: the domain as drflow names it. */
export function normalizeDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** Whether a domain has a built-in profile (else it gets the generic one). */
export function isBuiltInDomain(domain: string): boolean {
  return Domain.safeParse(domain).success;
}

function cell(value: unknown): string {
  return value === undefined || value === null ? "" : String(value).trim();
}

/** Rows of the first sheet (XLSX) or the CSV, as header → text. */
function sheetRows(bytes: Uint8Array, csv: boolean): Record<string, string>[] {
  const book = csv
    ? xlsx().read(new TextDecoder().decode(bytes), { type: "string", raw: true })
    : xlsx().read(bytes, { type: "array" });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""];
  if (!sheet) return [];
  const rows = xlsx().utils.sheet_to_json<Record<string, unknown>>(sheet, { defval: "", raw: false });
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.trim(), cell(v)])));
}

function jsonRows(text: string, file: string): Record<string, string>[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SeedImportError([`${file}: expected valid JSON (${(error as Error).message})`]);
  }
  const list = Array.isArray(data)
    ? data
    : ((data as { dr_questions?: unknown; seeds?: unknown })?.dr_questions ??
      (data as { seeds?: unknown })?.seeds);
  if (!Array.isArray(list))
    throw new SeedImportError([`${file}: expected an array of seed objects (or {"dr_questions": [...]})`]);
  return list.map((r) =>
    Object.fromEntries(Object.entries((r ?? {}) as Record<string, unknown>).map(([k, v]) => [k, cell(v)])),
  );
}

/** Validate rows into seed records; `where(i)` names a row in messages. */
export function seedsFromRows(rows: Record<string, string>[], where: (i: number) => string): SeedRecord[] {
  const problems: string[] = [];
  const out: SeedRecord[] = [];
  const ids = new Set<string>();
  rows.forEach((row, i) => {
    const filled: Record<string, string> = { ...row, domain: normalizeDomain(row.domain ?? "") };
    for (const [user, company] of Object.entries(USER_COMPANY_FALLBACK))
      if (!filled[user]) filled[user] = filled[company] ?? "";
    const parsed = SeedRecord.safeParse(filled);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(
          `${where(i)}, column ${String(issue.path[0] ?? "?")}: expected ${issue.code === "invalid_type" ? "a value" : "a non-empty value"}`,
        );
      }
      return;
    }
    const seed = parsed.data;
    if (!SeedDomain.safeParse(seed.domain).success) {
      problems.push(
        `${where(i)}, column domain: expected a domain name (e.g. ${Domain.options.join(", ")}), got "${row.domain}"`,
      );
    }
    if (!SAFE_ID.test(seed.task_id))
      problems.push(
        `${where(i)}, column task_id: expected letters, digits, '_', '-', '.', got "${seed.task_id}"`,
      );
    if (ids.has(seed.task_id)) problems.push(`${where(i)}, column task_id: "${seed.task_id}" repeats`);
    ids.add(seed.task_id);
    out.push(seed);
  });
  if (problems.length > 0) throw new SeedImportError(problems);
  if (out.length === 0) throw new SeedImportError(["expected at least one seed row"]);
  return out;
}

/** Import seeds from `.csv`, `.xlsx`/`.xls` or `.json`. */
export async function importSeeds(file: string): Promise<SeedRecord[]> {
  return seedsFromFile(new Uint8Array(await readFile(file)), file);
}

/** Seeds from a file's bytes (an upload); `file` names it in messages and its extension picks the format. */
export function seedsFromFile(bytes: Uint8Array, file: string): SeedRecord[] {
  const ext = extname(file).toLowerCase();
  if (ext === ".json")
    return seedsFromRows(jsonRows(new TextDecoder().decode(bytes), file), (i) => `${file}: $[${i}]`);
  if (ext === ".csv" || ext === ".xlsx" || ext === ".xls") {
    return seedsFromRows(sheetRows(bytes, ext === ".csv"), (i) => `${file}: row ${i + 2}`);
  }
  throw new SeedImportError([
    `${file}: expected a .csv, .xlsx or .json file, got "${ext || "no extension"}"`,
  ]);
}
