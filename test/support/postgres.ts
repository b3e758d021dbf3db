/**
 * @module PostgreSQL for tests: one private server per test file (scripts/services/postgres.ts) and a fresh database
 * per test. Under CI (`CI=true`) a missing server fails the file; locally it is skipped with a message.
 */
import { afterAll, beforeAll } from "bun:test";
import { SQL } from "bun";
import { type PostgresServer, postgresMissing, startPostgres } from "../../scripts/services/postgres.ts";
import { describeService } from "../services/contract.ts";

/** `body` gets `database()`, which creates an empty database on the file's server and returns its URL. */
export function describePostgres(label: string, body: (database: () => Promise<string>) => void): void {
  describeService(
    label,
    { check: postgresMissing, pkg: "postgresql (bash scripts/setup/postgres.sh)" },
    () => {
      let server: PostgresServer;
      let n = 0;
      beforeAll(async () => {
        server = await startPostgres();
      }, 90_000);
      afterAll(async () => {
        await server?.stop();
      });
      body(async () => {
        const name = `t${++n}`;
        const admin = new SQL(server.url);
        try {
          await admin.unsafe(`CREATE DATABASE ${name}`);
        } finally {
          await admin.close();
        }
        return server.url.replace(/\/drflow$/, `/${name}`);
      });
    },
  );
}
