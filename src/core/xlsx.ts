/**
 * @module The xlsx library (spreadsheets and CSV), loaded on first use: loading it takes ~0.6 s, which every `drflow`
 * command paid at startup because the review export and the seed import name it.
 */
import { createRequire } from "node:module";

type Xlsx = typeof import("xlsx");
let lib: Xlsx | null = null;

/** The xlsx module (required once, then kept). */
export function xlsx(): Xlsx {
  lib ??= createRequire(import.meta.url)("xlsx") as Xlsx;
  return lib;
}
