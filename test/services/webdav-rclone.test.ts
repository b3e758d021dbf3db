import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { startWebdav, type WebdavServer } from "../../scripts/services/webdav.ts";
import { readArtifact } from "../../src/env/documents.ts";
import { parseWebdavUrl, webdavApp } from "../../src/env/services/webdav.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { appContract, describeService, FIXTURE_ROOT } from "./contract.ts";

// These tests start servers or read whole suites; bun's default 5 s limit is too tight on a loaded machine.
setDefaultTimeout(60_000);

describeService(
  "contract: drive and files apps over WebDAV (Nextcloud layout) on a real rclone server",
  { binary: "rclone", pkg: "the Debian package rclone" },
  () => {
    let server: WebdavServer;
    let n = 0;
    beforeAll(async () => {
      server = await startWebdav();
    });
    afterAll(async () => {
      await server?.stop();
    });
    const open = (app: "drive" | "files") => async () =>
      webdavApp(app, { url: server.url, user: server.user, pass: server.pass }, `t${++n}/${app}`);

    appContract("drive", open("drive"));
    appContract("files", open("files"));

    test("files land under /remote.php/dav/files/<user>/<folder>/ as their realized bytes", async () => {
      const app = webdavApp(
        "drive",
        { url: server.url, user: server.user, pass: server.pass },
        "layout/drive",
      );
      const raw = new TextEncoder().encode("# Policy\n\nAll visitors sign in.\n");
      await app.add([
        {
          id: "l_IN_1",
          app: "drive",
          title: "Policy",
          path: "drive/policies/visitors.md",
          text: "",
          author: "x",
          date: "",
          format: "md",
          raw,
        },
      ]);
      expect(server.url).toEndWith(`/remote.php/dav/files/${server.user}`);
      const onDisk = join(server.dir, "layout/drive/policies/visitors.md");
      expect(existsSync(onDisk)).toBe(true);
      expect(readFileSync(onDisk, "utf8")).toBe("# Policy\n\nAll visitors sign in.\n");
      expect((await app.read("l_IN_1"))?.text).toContain("All visitors sign in.");
    });

    test("the server holds only the realized files under their ordinary names: no sidecar, no drflow label", async () => {
      const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
      const docs = await Promise.all(
        loaded.manifest.artifacts
          .filter((a) => a.app === "drive" || a.app === "files")
          .map((a) => readArtifact(loaded, a)),
      );
      const config = { url: server.url, user: server.user, pass: server.pass };
      for (const app of ["drive", "files"] as const)
        await webdavApp(app, config, `clean/${app}`).add(docs.filter((d) => d.app === app));
      const stored = readdirSync(join(server.dir, "clean"), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(join(server.dir, "clean"), join(e.parentPath, e.name)))
        .sort();
      expect(stored).toEqual(docs.map((d) => d.path).sort());
      for (const file of stored) {
        const bytes = readFileSync(join(server.dir, "clean", file));
        const doc = docs.find((d) => d.path === file)!;
        expect(bytes.equals(Buffer.from(doc.raw!))).toBe(true);
        expect(file).not.toMatch(/drflow|_IN_|_DI_|_AD_|doc-[0-9a-f]{12}/);
      }
    });

    test("wrong credentials are refused by the server", async () => {
      const app = webdavApp("drive", { url: server.url, user: server.user, pass: "wrong" }, "nope/drive");
      await expect(app.list()).rejects.toThrow(/401/);
    });

    test("paths escaping the app folder are refused", async () => {
      const app = webdavApp("files", { url: server.url, user: server.user, pass: server.pass }, "esc/files");
      await expect(
        app.add([
          {
            id: "e_IN_1",
            app: "files",
            title: "x",
            path: "../../outside.txt",
            text: "x",
            author: "",
            date: "",
          },
        ]),
      ).rejects.toThrow(/inside the app folder/);
    });

    test("parseWebdavUrl takes the credentials out of the URL", () => {
      expect(parseWebdavUrl("http://al%40ice:s3cret@h:8080/remote.php/dav/files/alice/")).toEqual({
        url: "http://h:8080/remote.php/dav/files/alice",
        user: "al@ice",
        pass: "s3cret",
      });
    });
  },
);
