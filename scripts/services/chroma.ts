/**
 * @module A local Chroma server (the `chromadb` package's `chroma run`) started through the side-loaded glibc from
 * `scripts/setup/chroma.sh`, on a random free port with its own data folder. It ignores SIGTERM, so it is stopped
 * with SIGKILL by pid. `bun scripts/services/chroma.ts` starts one and prints its URL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort, ServiceUnavailable, waitFor, which } from "./common.ts";

const REPO = resolve(import.meta.dir, "../..");

export type ChromaServer = { url: string; port: number; stop(): Promise<void> };

/** Where the Chroma CLI and the private glibc are; null fields say what is missing. */
export function chromaPaths(): {
  cli: string | null;
  glibc: string;
  loader: string | null;
  node: string | null;
} {
  const cli = join(REPO, "node_modules/chromadb/dist/cli.mjs");
  const glibc = process.env.DRFLOW_GLIBC_DIR ?? join(REPO, ".drflow/glibc");
  const loader = join(glibc, "usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2");
  return {
    cli: existsSync(cli) ? cli : null,
    glibc,
    loader: existsSync(loader) ? loader : null,
    node: which("node"),
  };
}

/** Start `chroma run --path <tmp> --port <free port>` and wait for `/api/v2/heartbeat`. */
export async function startChroma(): Promise<ChromaServer> {
  const { cli, glibc, loader, node } = chromaPaths();
  if (!cli) throw new ServiceUnavailable("chromadb CLI not found: run `bun install` (package chromadb)");
  if (!node) throw new ServiceUnavailable("node not found: install Node.js (the Chroma CLI runs under node)");
  if (!loader)
    throw new ServiceUnavailable(`no side-loaded glibc in ${glibc}: run \`bash scripts/setup/chroma.sh\``);
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "drflow-chroma-"));
  const libs = [join(glibc, "lib/x86_64-linux-gnu"), join(glibc, "usr/lib/x86_64-linux-gnu")].join(":");
  const child: ChildProcess = spawn(
    loader,
    ["--library-path", libs, node, cli, "run", "--path", data, "--port", String(port), "--host", "127.0.0.1"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(child.pid, "SIGKILL");
      await Promise.race([exited, Bun.sleep(3000)]);
    }
    rmSync(data, { recursive: true, force: true });
  };
  try {
    await waitFor(
      `chroma on ${url}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`chroma exited ${child.exitCode}: ${stderr}`);
        return (await fetch(`${url}/api/v2/heartbeat`)).ok;
      },
      60_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, stop };
}

if (import.meta.main) {
  const server = await startChroma();
  console.log(`chroma ready: ${server.url}\nexport DRFLOW_CHROMA_URL='${server.url}'\n(Ctrl-C stops it)`);
  process.on("SIGINT", async () => {
    await server.stop();
    process.exit(0);
  });
  await new Promise(() => {});
}
