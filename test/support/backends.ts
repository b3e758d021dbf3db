/**
 * @module The same store suite on both backends: embedded SQLite (a file in a fresh temp folder per test) and
 * PostgreSQL (a fresh database per test on the file's private server, see postgres.ts).
 */
import { afterAll, describe } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dialect } from "../../src/store/sql.ts";
import { describePostgres } from "./postgres.ts";

/** `body` gets `fresh(name)`: a new, empty store location (a SQLite path or a Postgres URL) for each call. */
export function describeBackends(
  label: string,
  body: (fresh: (name?: string) => Promise<string>, dialect: Dialect) => void,
): void {
  describe(`${label} [sqlite]`, () => {
    const dirs: string[] = [];
    afterAll(() => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });
    body(async (name = "store") => {
      const dir = mkdtempSync(join(tmpdir(), "drflow-backend-"));
      dirs.push(dir);
      return join(dir, `${name}.sqlite`);
    }, "sqlite");
  });
  describePostgres(`${label} [postgres]`, (database) => body(() => database(), "postgres"));
}
