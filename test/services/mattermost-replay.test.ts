import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readArtifact } from "../../src/env/documents.ts";
import { channelName, mattermostApp } from "../../src/env/services/mattermost.ts";
import type { App } from "../../src/env/types.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { FIXTURE_ROOT } from "./contract.ts";
import { Exchange, startReplay } from "./mattermost-replay.ts";

// These tests start servers or read whole suites; bun's default 5 s limit is too tight on a loaded machine.
setDefaultTimeout(60_000);

const exchanges = Exchange.array().parse(
  JSON.parse(readFileSync(join(import.meta.dir, "fixtures/mattermost-v4-exchanges.json"), "utf8")),
);

describe("chat app over Mattermost REST API v4 — against API exchanges written from the v4 reference and replayed by a local Hono server (no Mattermost server can run on this machine)", () => {
  const replay = startReplay(exchanges);
  let app: App;
  beforeAll(async () => {
    app = await mattermostApp({ url: replay.url, user: "drflow-admin", pass: "drflow-admin-pw" });
  });
  afterAll(() => replay.close());

  test("add creates the team, one channel per artifact and one post per message", async () => {
    const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
    const chat = await readArtifact(
      loaded,
      loaded.manifest.artifacts.find((a) => a.id === "doc-ddebd2a1b86d")!,
    );
    await app.add([
      chat,
      {
        id: "mm_IN_2",
        app: "chat",
        title: "Zebrafish audit",
        path: "chat/zebrafish.txt",
        text: "The zebrafish husbandry audit found water temperature logs missing.",
        author: "auditor",
        date: "2025-03-04",
        channel: "Lab Ops",
      },
    ]);
    expect(replay.errors).toEqual([]);
  });

  test("list reads the channels back; a chat export round-trips to the same extracted text", async () => {
    const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
    const original = await readArtifact(
      loaded,
      loaded.manifest.artifacts.find((a) => a.id === "doc-ddebd2a1b86d")!,
    );
    const docs = await app.list();
    expect(replay.errors).toEqual([]);
    expect(docs.map((d) => d.id)).toEqual(["doc-ddebd2a1b86d", "mm_IN_2"]);
    expect(docs[0]!.text).toBe(original.text);
    expect(docs[0]).toMatchObject({
      app: "chat",
      channel: "Scheduling",
      path: "chat/scheduling.json",
      author: "sam.lee",
    });
    expect(docs[1]).toMatchObject({
      channel: "Lab Ops",
      text: "The zebrafish husbandry audit found water temperature logs missing.",
    });
  });

  test("read by id, null for a missing one", async () => {
    expect((await app.read("doc-ddebd2a1b86d"))?.text).toContain(
      "dana.wu: Noted, I will book the Spanish interpreter",
    );
    expect(await app.read("doc-404404404404")).toBeNull(); // unknown to drflow: no request at all
    expect(replay.errors).toEqual([]);
  });

  test("search uses Mattermost's post search and ranks the matching channels", async () => {
    const hits = await app.search("language services desk", 5);
    expect(replay.errors).toEqual([]);
    expect(hits.map((h) => h.documentId)).toEqual(["doc-ddebd2a1b86d"]);
    expect(hits[0]).toMatchObject({ app: "chat", channel: "Scheduling" });
    expect(replay.remaining()).toBe(0);
  });

  test("no drflow label reaches the server: no handle, working id, role, path or drflow header or prop", async () => {
    const loaded = await loadTask(FIXTURE_ROOT, "mini/mini_01");
    const sent = replay.requests.map((r) => `${r.method} ${r.path} ${r.body}`).join("\n");
    expect(replay.requests.length).toBeGreaterThan(10);
    for (const a of loaded.manifest.artifacts) expect(sent).not.toContain(a.id);
    expect(sent).not.toContain("mm_IN_2");
    expect(sent).not.toMatch(/drflow:|drflow_|"header"|insight|distractor|adjacent/);
    expect(sent).not.toContain("chat/scheduling.json");
  });

  test("channel names are the chat's file name, valid for Mattermost", () => {
    expect(channelName("chat/preop-nursing-2025-07-29.json")).toBe("preop-nursing-2025-07-29");
    expect(channelName("chat/A b.json")).toBe("a-b");
    expect(channelName(`chat/${"x".repeat(100)}.json`)).toHaveLength(64);
    expect(channelName("chat/x.json")).toBe("x-chat");
  });
});
