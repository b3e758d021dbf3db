import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { ImapFlow } from "imapflow";
import { type DovecotServer, startDovecot } from "../../scripts/services/dovecot.ts";
import { readArtifact } from "../../src/env/documents.ts";
import { imapApp, parseImapUrl } from "../../src/env/services/imap.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { appContract, describeService, FIXTURE_ROOT } from "./contract.ts";

// These tests start servers or read whole suites; bun's default 5 s limit is too tight on a loaded machine.
setDefaultTimeout(60_000);

describeService(
  "contract: email app over IMAP on a real Dovecot server",
  { binary: "dovecot", pkg: "the Debian package dovecot-imapd" },
  () => {
    let server: DovecotServer;
    let box = 0;
    beforeAll(async () => {
      server = await startDovecot();
    });
    afterAll(async () => {
      await server?.stop();
    });

    // Each test gets its own empty mailbox on the one server.
    appContract("email", () => imapApp({ ...parseImapUrl(server.url), mailbox: `Contract${++box}` }));

    test("the mailbox holds ordinary messages: no drflow label (handle, role, path, X-Drflow header) reaches the server", async () => {
      const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
      const realized = await readArtifact(loaded, loaded.manifest.artifacts.find((a) => a.format === "eml")!);
      const composed = {
        id: "doc-0123456789ab",
        app: "email" as const,
        title: "Hello",
        path: "email/hello.eml",
        text: "Body text here",
        author: "a@b.example",
        date: "2025-01-01",
      };
      const app = await imapApp({ ...parseImapUrl(server.url), mailbox: "Raw" });
      await app.add([realized, composed]);
      expect((await app.read(realized.id))?.id).toBe(realized.id); // the mapping is drflow's, in the app
      await app.close();
      const client = new ImapFlow({
        host: server.host,
        port: server.port,
        secure: false,
        auth: { user: server.user, pass: server.pass },
        logger: false,
      });
      await client.connect();
      const lock = await client.getMailboxLock("Raw");
      const sources: string[] = [];
      for await (const msg of client.fetch("1:*", { source: true }))
        sources.push(msg.source?.toString("utf8") ?? "");
      lock.release();
      await client.logout();
      expect(sources).toHaveLength(2);
      // the realized .eml is stored as the task holds it (the server keeps lines CRLF-terminated, as IMAP requires)
      expect(sources).toContain(new TextDecoder().decode(realized.raw!).replace(/\r?\n/g, "\r\n"));
      for (const source of sources) {
        expect(source).not.toMatch(/x-drflow|drflow/i);
        for (const a of loaded.manifest.artifacts) expect(source).not.toContain(a.id);
        expect(source).not.toContain(composed.id);
        expect(source).not.toContain(composed.path);
        expect(source).not.toMatch(/insight|distractor|adjacent/i);
      }
      expect(sources.join("\n")).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    });

    test("parseImapUrl reads credentials, port and mailbox", () => {
      expect(parseImapUrl("imap://u%40x:p%3As@mail.example:1143/Work")).toEqual({
        host: "mail.example",
        port: 1143,
        user: "u@x",
        pass: "p:s",
        secure: false,
        mailbox: "Work",
      });
    });
  },
);
