/**
 * @module A private PostgreSQL server for tests and benchmarks: `initdb` into a temp folder, then `postgres` on a free
 * loopback port (no Unix socket outside the folder, trust auth for loopback only). Postgres refuses to run as root,
 * so under root the folder is given to the `postgres` system user and the server runs as it (`setpriv`).
 * `bun scripts/services/postgres.ts` starts one and prints its URL until Ctrl-C.
 */

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { freePort, portOpen, ServiceUnavailable, waitFor } from "./common.ts";

export type PostgresServer = { url: string; port: number; stop(): Promise<void> };

/** The newest installed server's bin folder (Debian: /usr/lib/postgresql/<version>/bin), or null. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin/postgres")) && existsSync(join(root, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

/** Why no server can start here, or null when one can. */
export function postgresMissing(): string | null {
  if (!postgresBin()) return "PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin";
  if (process.getuid?.() === 0 && spawnSync("id", ["-u", "postgres"]).status !== 0) {
    return "running as root and there is no `postgres` user to run the server as";
  }
  return null;
}

/** argv prefix that runs a command as the `postgres` user when we are root (Postgres will not run as root). */
function asServerUser(): { prefix: string[]; uid: number | null; gid: number | null } {
  if (process.getuid?.() !== 0) return { prefix: [], uid: null, gid: null };
  const uid = Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"]).stdout.toString().trim());
  return { prefix: ["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--init-groups", "--"], uid, gid };
}

/** Start a fresh cluster; `url` connects as superuser `drflow` to database `drflow`. */
export async function startPostgres(): Promise<PostgresServer> {
  const missing = postgresMissing();
  if (missing)
    throw new ServiceUnavailable(`${missing}: run \`bash scripts/setup/postgres.sh\` (package postgresql)`);
  const bin = postgresBin()!;
  const user = asServerUser();
  const dir = mkdtempSync(join(tmpdir(), "drflow-pg-"));
  chmodSync(dir, 0o700);
  if (user.uid !== null) chownSync(dir, user.uid, user.gid!);
  const data = join(dir, "data");
  const [cmd, ...pre] = [...user.prefix, join(bin, "initdb")];
  const init = spawnSync(
    cmd!,
    [...pre, "-D", data, "-U", "drflow", "--auth=trust", "--encoding=UTF8", "--no-sync", "--no-instructions"],
    { encoding: "utf8" },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `initdb failed (as ${user.uid === null ? userInfo().username : "postgres"}): ${init.stderr}`,
    );
  }
  const port = await freePort();
  const [run, ...runPre] = [...user.prefix, join(bin, "postgres")];
  // fsync off: a test cluster is thrown away; max_connections covers many workers with pools.
  const child: ChildProcess = spawn(
    run!,
    [
      ...runPre,
      "-D",
      data,
      "-p",
      String(port),
      "-h",
      "127.0.0.1",
      "-k",
      dir,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=200",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      // SIGINT: "fast shutdown" (disconnect clients, then exit).
      child.kill("SIGINT");
      await Promise.race([exited, Bun.sleep(5000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor("postgres", async () => {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr}`);
      if (!(await portOpen(port))) return false;
      const ready = spawnSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port)]);
      return ready.status === 0;
    });
    const admin = new SQL(`postgres://drflow@127.0.0.1:${port}/postgres`);
    try {
      await admin.unsafe("CREATE DATABASE drflow");
    } finally {
      await admin.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://drflow@127.0.0.1:${port}/drflow`, port, stop };
}

if (import.meta.main) {
  const server = await startPostgres();
  console.log(server.url);
  process.on("SIGINT", () => server.stop().then(() => process.exit(0)));
  await new Promise(() => {});
}
