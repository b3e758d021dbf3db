import { expect, test } from "bun:test";
import { hashingEmbedder } from "./embedders/hashing.ts";
import { SessionIndex } from "./session.ts";

test("an agent writes findings and finds them again with their sources", async () => {
  const session = await SessionIndex.open();
  await session.write({
    title: "Interpreter rule",
    text: "Spanish speakers need a certified interpreter.",
    sources: ["t_IN_1"],
  });
  const second = await session.write({
    text: "Cardiology referral approved by insurer.",
    sources: ["t_IN_2"],
  });
  expect(second.id).toBe("finding_2");
  const [top] = await session.search("which interpreter is needed", 1);
  expect(top?.finding).toMatchObject({ id: "finding_1", sources: ["t_IN_1"] });
  expect(session.all()).toHaveLength(2);
  await session.close();
});

test("writing findings together stores and ranks them exactly as writing them one by one", async () => {
  const inputs = [
    {
      title: "Interpreter rule",
      text: "Spanish speakers need a certified interpreter.",
      sources: ["t_IN_1"],
    },
    { text: "Cardiology referral approved by insurer.", sources: ["t_IN_2"] },
    { id: "note", text: "The interpreter desk books Spanish interpreters by email.", sources: ["t_IN_3"] },
    // A later finding with the same id replaces the earlier one, in a batch as in turn.
    { id: "note", text: "Interpreter bookings close at noon.", sources: ["t_IN_4"] },
    { text: "A certified interpreter signs the consent form too.", sources: ["t_IN_1", "t_IN_5"] },
  ];
  const one = await SessionIndex.open();
  const oneByOne = [];
  for (const input of inputs) oneByOne.push(await one.write(input));
  const batch = await SessionIndex.open();
  expect(await batch.writeAll(inputs)).toEqual(oneByOne);
  expect(batch.all()).toEqual(one.all());
  for (const mode of ["hybrid", "bm25", "vector"] as const) {
    for (const query of ["certified interpreter", "who approved the referral", "bookings"]) {
      expect(await batch.search(query, 5, mode)).toEqual(await one.search(query, 5, mode));
    }
  }
  await one.close();
  await batch.close();
});

test("writes are indexed on a later turn, or before a search, and a failed indexing is reported, not lost", async () => {
  const base = hashingEmbedder();
  let embedded = 0;
  let broken = false;
  const counting = {
    name: base.name,
    embed: async (texts: string[]) => {
      if (broken) throw new Error("embedder down: connection refused");
      embedded += texts.length;
      return base.embed(texts);
    },
  };
  const session = await SessionIndex.open({ embedder: counting });
  await session.write({ text: "Spanish speakers need a certified interpreter.", sources: ["a"] });
  await session.write({ text: "Cardiology referral approved by insurer.", sources: ["b"] });
  expect(embedded).toBe(0); // not yet: the writer went on at once
  await new Promise((resolve) => setImmediate(resolve));
  expect(embedded).toBe(2); // both, in one batch, while the writer waited on something else

  await session.write({ text: "The interpreter desk books by email.", sources: ["c"] });
  const hits = await session.search("interpreter desk email", 3); // indexed before the search
  expect(hits[0]?.finding.sources).toEqual(["c"]);
  expect(embedded).toBe(4); // the search's own query embedding included

  broken = true;
  await session.write({ text: "Anything at all.", sources: ["d"] });
  await new Promise((resolve) => setImmediate(resolve));
  await expect(session.search("anything")).rejects.toThrow("embedder down: connection refused");
  await expect(session.write({ text: "More.", sources: ["e"] })).rejects.toThrow("embedder down");
  await session.close();
});
