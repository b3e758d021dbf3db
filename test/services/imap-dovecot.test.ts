import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { ImapFlow } from "imapflow";
import { type DovecotServer, startDovecot } from "../../scripts/services/dovecot.ts";
import { imapApp, parseImapUrl } from "../../src/env/services/imap.ts";
import { appContract, describeService } from "./contract.ts";

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

    test("messages are really in the IMAP mailbox, with drflow headers", async () => {
      const app = await imapApp({ ...parseImapUrl(server.url), mailbox: "Raw" });
      await app.add([
        {
          id: "r_IN_1",
          app: "email",
          title: "Hello",
          path: "email/hello.eml",
          text: "Body text here",
          author: "a@b.example",
          date: "2025-01-01",
        },
      ]);
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
      const msg = await client.fetchOne("*", { source: true });
      lock.release();
      await client.logout();
      const source = msg ? (msg.source?.toString("utf8") ?? "") : "";
      expect(source).toContain("X-Drflow-Id: r_IN_1");
      expect(source).toMatch(/^Subject: =\?UTF-8\?B\?/m);
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
