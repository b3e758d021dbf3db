/**
 * @module Family and domain data files: `data/families/*.json` and `data/domains/*.json`, each validated by its zod
 * schema when loaded (a bad file fails with its path and the field at fault). Families are ordered by file name, so a
 * domain's first families are the ones a small suite uses.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readDataFile } from "../../core/data-file.ts";
import type { Domain } from "../../core/index.ts";
import { COMMON_SLOTS, DomainSpec, FamilySpec } from "./family.ts";

export const DATA_DIR = join(import.meta.dir, "data");

/** Every `{slot}` of a family's templates must be a case variable (the family's or its adjacent case's) or a common slot. */
function checkSlots(family: FamilySpec, path: string): void {
  const known = new Set([...COMMON_SLOTS, ...Object.keys(family.vars)]);
  const unknown = new Set<string>();
  const visit = (value: unknown, extra: ReadonlySet<string>) => {
    if (typeof value === "string") {
      for (const m of value.matchAll(/\{([a-z_]+)\}/g))
        if (!known.has(m[1]!) && !extra.has(m[1]!)) unknown.add(m[1]!);
    } else if (Array.isArray(value)) for (const v of value) visit(v, extra);
    else if (value && typeof value === "object") for (const v of Object.values(value)) visit(v, extra);
  };
  const { adjacent, ...rest } = family;
  visit(rest, new Set());
  for (const a of adjacent) visit(a, new Set(Object.keys(a.vars ?? {})));
  if (unknown.size > 0)
    throw new Error(`${path}: templates use unknown slots ${[...unknown].map((s) => `{${s}}`).join(", ")}`);
}

export function loadFamilyFile(path: string): FamilySpec {
  const family = readDataFile(FamilySpec, path);
  checkSlots(family, path);
  return family;
}

/** Every `*.json` family in `dir`, in file-name order; family ids must be unique. */
export function loadFamilies(dir = join(DATA_DIR, "families")): FamilySpec[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const families = files.map((f) => loadFamilyFile(join(dir, f)));
  const seen = new Set<string>();
  for (const [i, f] of families.entries()) {
    if (seen.has(f.id)) throw new Error(`${join(dir, files[i]!)}: family id "${f.id}" is already defined`);
    seen.add(f.id);
  }
  return families;
}

export function loadDomains(dir = join(DATA_DIR, "domains")): Record<Domain, DomainSpec> {
  const out: Partial<Record<Domain, DomainSpec>> = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const spec = readDataFile(DomainSpec, join(dir, f));
    out[spec.domain] = spec;
  }
  return out as Record<Domain, DomainSpec>;
}

/** The families and domains shipped with drflow. */
export const FAMILIES: readonly FamilySpec[] = loadFamilies();
export const DOMAINS: Record<Domain, DomainSpec> = loadDomains();
