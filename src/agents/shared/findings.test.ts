import { expect, test } from "bun:test";
import type { SearchHit } from "../../env/types.ts";
import { FindingsStore } from "./findings.ts";

const hit = (chunkId: string, app: SearchHit["app"], text: string): SearchHit => ({
  documentId: chunkId.split("#")[0]!,
  chunkId,
  app,
  title: chunkId,
  path: `${app}/${chunkId}`,
  score: 1,
  snippet: "",
  text,
  author: "",
  date: "",
});

test("an action's hits are stored in the order found; a chunk seen before keeps its first record", async () => {
  const findings = await FindingsStore.open();
  const first = [
    hit("policy#0", "drive", "Interpreters must be booked two days ahead."),
    hit("blank#0", "drive", "   "),
    hit("mail#0", "email", "Mrs. Alvarez reads Spanish only."),
    hit("policy#0", "drive", "Interpreters must be booked two days ahead."),
  ];
  expect(
    await findings.addHits(first, { stage: "REQUIREMENT_COLLECTION", actionId: "a1", iteration: 1 }),
  ).toBe(2);
  const second = [
    hit("mail#0", "email", "Mrs. Alvarez reads Spanish only."),
    hit("chat#0", "chat", "Book the interpreter for Dec 3."),
  ];
  expect(
    await findings.addHits(second, { stage: "PERSONAL_EVIDENCE_COLLECTION", actionId: "a2", iteration: 2 }),
  ).toBe(1);
  expect(findings.all().map((f) => [f.id, f.actionId, f.iteration, f.side])).toEqual([
    ["policy#0", "a1", 1, "policy"],
    ["mail#0", "a1", 1, "personal"],
    ["chat#0", "a2", 2, "personal"],
  ]);
  expect((await findings.search("Spanish interpreter booking", 3)).map((f) => f.id).sort()).toEqual([
    "chat#0",
    "mail#0",
    "policy#0",
  ]);
  await findings.close();
});
