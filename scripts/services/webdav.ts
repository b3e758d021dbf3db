/**
 * @module A local WebDAV server with Nextcloud's path layout (`/remote.php/dav/files/<user>/`), served by
 * `rclone serve webdav` over a temp folder. `bun scripts/services/webdav.ts` starts one and prints its URL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ServiceUnavailable, waitFor, which } from "./common.ts";

export type WebdavServer = {
  /** Server origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** Nextcloud-style root of the user's files: `<origin>/remote.php/dav/files/<user>`. */
  url: string;
  user: string;
  pass: string;
  dir: string;
  stop(): Promise<void>;
};

/** Start rclone's WebDAV server with basic auth; needs the Debian package `rclone`. */
export async function startWebdav(
  options: { user?: string; pass?: string; dir?: string } = {},
): Promise<WebdavServer> {
  const rclone = which("rclone");
  if (!rclone) throw new ServiceUnavailable("rclone not found: install the Debian package rclone");
  const user = options.user ?? "drflow";
  const pass = options.pass ?? "drflow-test";
  const port = await freePort();
  const owned = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "drflow-webdav-"));
  const baseurl = `/remote.php/dav/files/${user}`;
  const child: ChildProcess = spawn(
    rclone,
    [
      "serve",
      "webdav",
      dir,
      "--addr",
      `127.0.0.1:${port}`,
      "--baseurl",
      baseurl,
      "--user",
      user,
      "--pass",
      pass,
    ],
    { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, RCLONE_CONFIG: "/dev/null" } },
  );
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr = (stderr + String(d)).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}${baseurl}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, Bun.sleep(3000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    if (owned) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`rclone serve webdav on ${origin}`, async () => {
      if (child.exitCode !== null) throw new Error(`rclone exited ${child.exitCode}: ${stderr}`);
      const res = await fetch(`${url}/`, {
        method: "PROPFIND",
        headers: { Depth: "0", Authorization: `Basic ${btoa(`${user}:${pass}`)}` },
      });
      return res.status === 207;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, url, user, pass, dir, stop };
}

if (import.meta.main) {
  const server = await startWebdav({ dir: process.argv[2] });
  console.log(
    `WebDAV ready: ${server.url} (user ${server.user})\nexport DRFLOW_WEBDAV_URL='${server.url.replace("http://", `http://${server.user}:${server.pass}@`)}'\n(Ctrl-C stops it)`,
  );
  process.on("SIGINT", async () => {
    await server.stop();
    process.exit(0);
  });
  await new Promise(() => {});
}
