/**
 * `drflow serve` as a process (issue 30): bound to any loopback address it answers its own host; a server restarted
 * right after the previous one was killed (kill -9, its process not yet reaped: a zombie that still answers
 * `kill(pid, 0)`) shows that process's runs as interrupted before it serves them, never as running.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApp } from "../../src/api/app.ts";
import { defaultDeps } from "../../src/api/primitives.ts";
import { RunStore } from "../../src/store/run-store.ts";
import { startServe } from "../support/cli-process.ts";

const TASKS = resolve(import.meta.dir, "../../tasks");
const dir = mkdtempSync(join(tmpdir(), "drflow-serve-process-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Read a child's stdout until a line matches. */
async function lineMatching(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<RegExpExecArray> {
  let seen = "";
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`ended before ${pattern}: ${seen}`);
    seen += new TextDecoder().decode(value);
    const m = pattern.exec(seen);
    if (m) {
      reader.releaseLock();
      return m;
    }
  }
}

test("serve --host 127.0.0.2 answers requests naming its own address, and still refuses a foreign Host", async () => {
  const server = await startServe(
    ["--host", "127.0.0.2", "--port", "0", "--root", TASKS, "--store", join(dir, "a.sqlite")],
    dir,
    { DRFLOW_STATE: join(dir, "state") },
  );
  try {
    const origin = server.origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
    const tasks = await fetch(`${origin}/tasks?suite=demo`);
    expect(tasks.status).toBe(200);
    const foreign = await fetch(`${origin}/health`, { headers: { host: "attacker.example" } });
    expect(foreign.status).toBe(403);
  } finally {
    server.child.kill();
    await server.exited;
  }
}, 60_000);

test("a store opened right after its running process was killed (not yet reaped) marks that run interrupted; the API serves it so", async () => {
  const file = join(dir, "runs.sqlite");
  // A stand-in for a server in the middle of a run: it records the run as running and waits.
  const holder = Bun.spawn(
    [
      "bun",
      "-e",
      `import { RunStore } from ${JSON.stringify(resolve(import.meta.dir, "../../src/store/run-store.ts"))};
       const store = new RunStore(${JSON.stringify(file)});
       store.saveRun({ id: "held", kind: "agent", status: "running", started_at: new Date().toISOString() });
       console.log("ready");
       await Bun.sleep(60_000);`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  await lineMatching(holder.stdout, /ready/);
  process.kill(holder.pid, "SIGKILL");
  // Block this thread so nothing reaps the child: it stays a zombie, as under a parent that has not waited yet.
  Bun.sleepSync(300);
  const state = readFileSync(`/proc/${holder.pid}/stat`, "utf8").split(") ")[1]?.[0];
  const store = new RunStore(file);
  try {
    expect(state).toBe("Z");
    expect(store.interrupted.map((r) => r.id)).toEqual(["held"]);
    const app = createApp({ deps: defaultDeps({ store, tasksRoot: TASKS, models: [] }) });
    const run = (await (await app.request("http://127.0.0.1/runs/held")).json()) as { status: string };
    expect(run.status).toBe("interrupted");
  } finally {
    store.close();
    await holder.exited;
  }
}, 60_000);
