import { afterAll, beforeAll, expect, setDefaultTimeout, spyOn, test } from "bun:test";
import { join } from "node:path";
import { type ChromaServer, chromaPaths, startChroma } from "../../scripts/services/chroma.ts";
import { type DovecotServer, startDovecot } from "../../scripts/services/dovecot.ts";
import { startWebdav, type WebdavServer } from "../../scripts/services/webdav.ts";
import { env as envCommand } from "../../src/cli/commands/env.ts";
import { readDocuments } from "../../src/env/documents.ts";
import { loadEnv } from "../../src/env/load.ts";
import { connectServices } from "../../src/env/services/index.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { describeService } from "./contract.ts";

// These tests start servers or read whole suites; bun's default 5 s limit is too tight on a loaded machine.
setDefaultTimeout(60_000);

const ROOT = join(import.meta.dir, "../../tasks");
const TASK = "demo/healthcare_01";

function missing(): string | null {
  if (!Bun.which("dovecot", { PATH: `${process.env.PATH}:/usr/sbin` })) return "dovecot not found";
  if (!Bun.which("rclone")) return "rclone not found";
  const p = chromaPaths();
  return p.cli && p.loader && p.node ? null : "Chroma CLI or side-loaded glibc missing";
}

describeService(
  "drflow env up --services: a demo task loaded into real Dovecot, rclone WebDAV and Chroma",
  { check: missing, pkg: "dovecot-imapd and rclone (Debian), then bash scripts/setup/chroma.sh" },
  () => {
    let imap: DovecotServer;
    let dav: WebdavServer;
    let chroma: ChromaServer;
    beforeAll(async () => {
      [imap, dav, chroma] = await Promise.all([startDovecot(), startWebdav(), startChroma()]);
    }, 90_000);
    afterAll(async () => {
      await Promise.all([imap?.stop(), dav?.stop(), chroma?.stop()]);
    });
    const davUrl = () => dav.url.replace("http://", `http://${dav.user}:${dav.pass}@`);

    test("env up loads every realized file of the split into its service", async () => {
      const lines: string[] = [];
      const spy = spyOn(console, "log").mockImplementation((...a: unknown[]) => {
        lines.push(a.join(" "));
      });
      try {
        const args = ["up", "--services", "--root", ROOT, "--task", TASK, "--split", "mixed"];
        const code = await envCommand.run([
          ...args,
          "--imap",
          imap.url,
          "--webdav",
          davUrl(),
          "--chroma",
          chroma.url,
        ]);
        expect(code).toBe(0);
      } finally {
        spy.mockRestore();
      }
      const out = lines.join("\n");
      const loaded = await loadTask(ROOT, TASK);
      const count = (app: string) => loaded.manifest.artifacts.filter((a) => a.app === app).length;
      expect(out).toContain(`email ${String(count("email")).padStart(3)} documents → IMAP`);
      expect(out).toContain(`drive ${String(count("drive")).padStart(3)} documents → WebDAV`);
      expect(out).toContain(`files ${String(count("files")).padStart(3)} documents → WebDAV`);
      expect(out).toContain("vectors → Chroma collection drflow-healthcare_01-mixed");
      expect(out).not.toContain(imap.pass);
    }, 120_000);

    test("the services serve the same text as the embedded backend, and search agrees", async () => {
      const loaded = await loadTask(ROOT, TASK);
      const { apps, vectors } = await connectServices(
        { imap: imap.url, webdav: davUrl(), chroma: chroma.url },
        "drflow-test-services",
      );
      const viaServices = await loadEnv(loaded, {
        split: "mixed",
        backend: "services",
        services: apps,
        vectors,
      });
      const embedded = await loadEnv(loaded, { split: "mixed" });
      try {
        const local = await readDocuments(loaded, "mixed");
        for (const app of ["email", "drive", "files"] as const) {
          const served = await viaServices.list(app);
          const want = local.filter((d) => d.app === app);
          expect(served.map((d) => d.id).sort()).toEqual(want.map((d) => d.id).sort());
          for (const d of want) expect(served.find((s) => s.id === d.id)!.text.trim()).toBe(d.text.trim());
        }
        for (const step of loaded.task.generic_workflow.slice(0, 5)) {
          const a = await viaServices.search(step.title, { limit: 3 });
          const b = await embedded.search(step.title, { limit: 3 });
          expect(a.map((h) => h.documentId)).toEqual(b.map((h) => h.documentId));
        }
        // The email app's own search is IMAP SEARCH on the server.
        const subject = local.find((d) => d.app === "email")!.subject!;
        const hits = await viaServices.apps.email.search(subject, 3);
        expect(hits.length).toBeGreaterThan(0);
        expect(hits.every((h) => h.app === "email")).toBe(true);
      } finally {
        await viaServices.close();
        await embedded.close();
      }
    }, 120_000);
  },
);
