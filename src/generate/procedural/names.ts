/**
 * @module Name pools for people in generated tasks (users, colleagues, case subjects) as data (`data/names.json`, checked by the schema here when loaded), drawn deterministically by the seed.
 */
import { join } from "node:path";
import { z } from "zod";
import { readDataFile } from "../../core/data-file.ts";
import { DATA_DIR } from "./data.ts";

const Names = z.array(z.string().min(1)).min(1);

export const NamePools = z
  .object({
    firstNames: Names,
    lastNames: Names,
    /**
     * Honorifics for subjects when a family uses them (patients): each title with the first names it suits; a
     * first name under none (Quinn, Wei) is written out in full instead.
     */
    honorifics: z.record(z.string().min(1), Names),
  })
  .strict();
export type NamePools = z.infer<typeof NamePools>;

export function loadNames(path = join(DATA_DIR, "names.json")): NamePools {
  return readDataFile(NamePools, path);
}

const NAMES = loadNames();
export const FIRST_NAMES: readonly string[] = NAMES.firstNames;
export const LAST_NAMES: readonly string[] = NAMES.lastNames;
export const HONORIFICS: Readonly<Record<string, readonly string[]>> = NAMES.honorifics;

/** The titles that suit a first name (empty when none is known to). */
export function honorificsOf(first: string): string[] {
  return Object.entries(HONORIFICS)
    .filter(([, names]) => names.includes(first))
    .map(([title]) => title);
}
