import { afterAll, expect, spyOn, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env } from "./env.ts";

const ROOT = join(import.meta.dir, "../../../test/fixtures/env");
const indexDir = mkdtempSync(join(tmpdir(), "drflow-env-cli-"));
afterAll(() => rmSync(indexDir, { recursive: true, force: true }));

async function capture(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const spy = spyOn(console, "log").mockImplementation((...a: unknown[]) => {
    lines.push(a.join(" "));
  });
  try {
    const code = await env.run(args);
    return { code, out: lines.join("\n") };
  } finally {
    spy.mockRestore();
  }
}

const common = ["--root", ROOT, "--task", "mini/mini_01", "--index-dir", indexDir];

test("env search prints ranked hits with rank, score, app, artifact id and snippet", async () => {
  const { code, out } = await capture(["search", ...common, "--split", "mixed", "Korean interpreter"]);
  expect(code).toBe(0);
  const first = out.split("\n")[0]!;
  expect(first).toMatch(/^ 1\. \d\.\d{4} {2}email {2}doc-30d2f5d7dd20 {2}Kim visit/);
  expect(out).toContain("Korean interpreter next month");
});

test("env search --app restricts apps; --json prints hits as JSON", async () => {
  const { out } = await capture(["search", ...common, "--app", "chat", "--json", "interpreter"]);
  const hits = JSON.parse(out) as { app: string; documentId: string }[];
  expect(hits.map((h) => h.documentId)).toEqual(["doc-ddebd2a1b86d"]);
});

test("env show lists documents per app and prints one by id", async () => {
  const listed = await capture(["show", ...common]);
  expect(listed.out).toContain("email (1)");
  expect(listed.out).toContain("doc-3289506b5f71");
  const one = await capture(["show", ...common, "--id", "doc-a06c526f7b14"]);
  expect(one.out).toContain("subject: Alvarez visit on Thursday");
  expect(one.out).toContain("Mr. Alvarez prefers Spanish");
});

test("usage errors name the flag", async () => {
  await expect(env.run(["search", ...common, "--split", "weird", "x"])).rejects.toThrow(/--split/);
  await expect(env.run(["frobnicate", ...common])).rejects.toThrow(/sub-command/);
  await expect(env.run(["up", ...common])).rejects.toThrow(/--services/);
});

test("env up with a service that does not answer names the service, its flag and variable, and what to do", async () => {
  // Nothing listens on these loopback ports (the h29 range of the team's port plan).
  const up = (service: string, url: string) => env.run(["up", ...common, "--services", service, url]);
  await expect(up("--imap", "imap://u:secret@127.0.0.1:19406")).rejects.toThrow(
    /^IMAP server at imap:\/\/u:\*\*\*@127\.0\.0\.1:19406 \(--imap or DRFLOW_IMAP_URL\) did not connect: .*ECONNREFUSED.* — start it \(compose\.yaml: docker compose up -d dovecot\), name another with --imap, or leave both unset to keep email embedded$/,
  );
  await expect(up("--webdav", "http://u:secret@127.0.0.1:19407/remote.php/dav/files/u")).rejects.toThrow(
    /^WebDAV server at http:\/\/\*\*\*@127\.0\.0\.1:19407\/remote\.php\/dav\/files\/u \(--webdav or DRFLOW_WEBDAV_URL\) did not connect: /,
  );
});
