/**
 * @module A private Dovecot IMAP server for tests and local use: temp base_dir, random free port, passwd-file auth,
 * maildir in the temp folder. `bun scripts/services/dovecot.ts` starts one and prints its IMAP URL.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, portOpen, ServiceUnavailable, waitFor, which } from "./common.ts";

export type DovecotServer = {
  host: string;
  port: number;
  user: string;
  pass: string;
  url: string;
  stop(): Promise<void>;
};

/** Start Dovecot with a user `user`/`pass`; needs the Debian package `dovecot-imapd` (and root, for its privilege drop). */
export async function startDovecot(options: { user?: string; pass?: string } = {}): Promise<DovecotServer> {
  const dovecot = which("dovecot");
  if (!dovecot) throw new ServiceUnavailable("dovecot not found: install the Debian package dovecot-imapd");
  const user = options.user ?? "drflow";
  const pass = options.pass ?? "drflow-test";
  const port = await freePort();
  const base = mkdtempSync(join(tmpdir(), "drflow-dovecot-"));
  chmodSync(base, 0o755);
  const mail = join(base, "mail");
  mkdirSync(mail);
  const ids = (name: string) => spawnSync("id", ["-u", name]).stdout.toString().trim();
  const uid = Number(ids("dovecot"));
  const gid = Number(spawnSync("id", ["-g", "dovecot"]).stdout.toString().trim());
  if (Number.isFinite(uid) && Number.isFinite(gid)) chownSync(mail, uid, gid);
  writeFileSync(join(base, "passwd"), `${user}:{PLAIN}${pass}\n`);
  const conf = join(base, "dovecot.conf");
  writeFileSync(
    conf,
    `base_dir = ${base}/run
state_dir = ${base}/state
log_path = ${base}/dovecot.log
info_log_path = ${base}/dovecot.log
listen = 127.0.0.1
protocols = imap
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:${mail}/%u
first_valid_uid = 1
first_valid_gid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${base}/passwd
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  // The daemon keeps inherited pipes open, so its output goes to the log file, never to a pipe.
  const started = spawnSync(dovecot, ["-c", conf], { stdio: "ignore", timeout: 15_000 });
  if (started.status !== 0) {
    const log = safeRead(join(base, "dovecot.log"));
    rmSync(base, { recursive: true, force: true });
    throw new Error(`dovecot -c ${conf} failed (exit ${started.status}): ${log}`);
  }
  const stop = async () => {
    const pid = Number(safeRead(join(base, "run", "master.pid")).trim());
    if (pid > 0) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {}
      await waitFor("dovecot to stop", async () => !(await portOpen(port)), 10_000).catch(() => {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      });
    }
    rmSync(base, { recursive: true, force: true });
  };
  try {
    await waitFor(`dovecot on 127.0.0.1:${port} (log ${base}/dovecot.log)`, () => portOpen(port));
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `imap://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;
  return { host: "127.0.0.1", port, user, pass, url, stop };
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

if (import.meta.main) {
  const server = await startDovecot();
  console.log(`dovecot IMAP ready: ${server.url}\nexport DRFLOW_IMAP_URL='${server.url}'\n(Ctrl-C stops it)`);
  process.on("SIGINT", async () => {
    await server.stop();
    process.exit(0);
  });
  await new Promise(() => {});
}
