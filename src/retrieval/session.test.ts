import { expect, test } from "bun:test";
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
