/**
 * The annotation campaign queries (src/studio/annotation/store.ts) on both databases the run store speaks: bun:sqlite
 * and a private PostgreSQL server, with the same schema (migration 4) and the same assertions: a campaign, labels
 * upserted, the one-to-one rule refused by the query and by the UNIQUE constraint, an import that replaces all
 * labels or fails as a whole.
 */
import { expect, test } from "bun:test";
import { RunStore } from "../../src/store/run-store.ts";
import type { SqlDb } from "../../src/store/sql.ts";
import { AnnotationStore, GoldTaken } from "../../src/studio/annotation/store.ts";
import { describePostgres } from "../support/postgres.ts";

async function scenario(db: SqlDb): Promise<void> {
  const store = new AnnotationStore(db);
  await store.createCampaign(
    { id: "c1", name: "Pilot", guideline: "match one to one", created_at: "2026-01-01T00:00:00Z" },
    [
      { id: "w1", run_id: "run-a" },
      { id: "w2", run_id: "run-b" },
    ],
    [
      { id: "a1", name: "Ann", secret_hash: "00" },
      { id: "a2", name: "Bo", secret_hash: "11" },
    ],
  );
  const label = (annotator_id: string, item_id: string, step: number, gold_step: number | null) => ({
    annotator_id,
    item_id,
    step,
    gold_step,
    note: "",
  });
  await store.putLabel("c1", label("a1", "w1", 1, 3));
  await store.putLabel("c1", label("a1", "w1", 2, null));
  await store.putLabel("c1", label("a1", "w1", 3, null));
  await store.putLabel("c1", label("a2", "w1", 1, 3)); // another annotator may choose the same gold step
  await store.putLabel("c1", label("a1", "w2", 1, 3)); // …and so may another workflow
  await expect(store.putLabel("c1", label("a1", "w1", 2, 3))).rejects.toBeInstanceOf(GoldTaken);
  // The UNIQUE constraint refuses it even past the check.
  expect(() =>
    db.run(
      "INSERT INTO annotation_labels (campaign_id, annotator_id, item_id, step, gold_step, note, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ["c1", "a1", "w1", 4, 3, "", "t"],
    ),
  ).toThrow();
  await store.putLabel("c1", { ...label("a1", "w1", 1, 4), note: "moved" });
  const a1 = await store.labels("c1", "a1");
  expect(a1.map((l) => [l.item_id, l.step, l.gold_step, l.note])).toEqual([
    ["w1", 1, 4, "moved"],
    ["w1", 2, null, ""],
    ["w1", 3, null, ""],
    ["w2", 1, 3, ""],
  ]);
  const [summary] = await store.campaigns();
  expect(summary).toMatchObject({ id: "c1", items: 2, annotators: 2, labels: 5 });
  expect(await store.annotator("c1", "a2")).toEqual({ id: "a2", name: "Bo", secret_hash: "11" });
  await store.setSecret("c1", "a2", "22");
  expect((await store.annotator("c1", "a2"))!.secret_hash).toBe("22");

  // An import swapping two steps' gold steps applies as a whole; one that breaks one to one writes nothing.
  await store.importLabels(
    "c1",
    [
      { ...label("a1", "w1", 1, null), updated_at: "t1" },
      { ...label("a1", "w1", 2, 4), updated_at: "t1" },
    ],
    false,
  );
  expect((await store.labels("c1", "a1")).find((l) => l.step === 2 && l.item_id === "w1")!.gold_step).toBe(4);
  const before = await store.labels("c1");
  await expect(
    store.importLabels("c1", [{ ...label("a1", "w1", 3, 4), updated_at: "t2" }], false),
  ).rejects.toBeInstanceOf(GoldTaken);
  expect(await store.labels("c1")).toEqual(before);
  await store.importLabels("c1", [{ ...label("a2", "w2", 1, 1), updated_at: "t3" }], true);
  expect((await store.labels("c1")).map((l) => [l.annotator_id, l.item_id, l.gold_step])).toEqual([
    ["a2", "w2", 1],
  ]);
  await store.clearLabel("c1", "a2", "w2", 1);
  expect(await store.labels("c1")).toEqual([]);
}

test("annotation store on SQLite (the run store's database)", async () => {
  const runs = new RunStore(":memory:");
  try {
    await scenario(runs.db);
  } finally {
    runs.close();
  }
});

describePostgres("annotation store on PostgreSQL", (database) => {
  test("the same queries and constraints", async () => {
    // The run store on PostgreSQL migrates the same schema (migration 4 included).
    const runs = new RunStore(await database());
    try {
      await scenario(runs.db);
      expect(
        runs.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM annotation_campaigns").get()!.n,
      ).toBe(1);
    } finally {
      runs.close();
    }
  });
});
