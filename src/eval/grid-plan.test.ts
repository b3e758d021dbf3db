import { expect, test } from "bun:test";
import { join } from "node:path";
import { GridError, planGrid } from "./grid-plan.ts";

const root = join(import.meta.dir, "../../tasks");
const base = {
  root,
  suite: "demo",
  splits: ["original"] as const,
  agents: ["extractive"],
  repeats: 1,
  judge: "lexical",
  judgeProtocol: "per-step" as const,
};

test("every task of the suite, no model for offline agents, a batch id that repeats", async () => {
  const plan = await planGrid(base);
  expect(plan.tasks.length).toBe(10);
  expect(plan.tasks.every((t) => t.startsWith("demo/"))).toBe(true);
  expect(plan.models).toEqual([]);
  expect(plan.agents.map((a) => a.agent.name)).toEqual(["extractive"]);
  expect(plan.batch).toMatch(/^eval-[0-9a-f]{12}$/);
  expect((await planGrid(base)).batch).toBe(plan.batch);
  expect((await planGrid({ ...base, repeats: 2 })).batch).not.toBe(plan.batch);
});

test("chosen tasks by id or ref, a given batch kept, the agent role's model for an agent that needs one", async () => {
  const plan = await planGrid({
    ...base,
    tasks: ["legal_01", "demo/b2c_02"],
    agents: ["extractive", "basic"],
    batch: "mine",
  });
  expect(plan.tasks).toEqual(["demo/legal_01", "demo/b2c_02"]);
  expect(plan.batch).toBe("mine");
  expect(plan.models).toHaveLength(1);
  expect(
    (await planGrid({ ...base, agents: ["basic"], models: ["compat:http://127.0.0.1:9/v1#m"] })).models,
  ).toEqual(["compat:http://127.0.0.1:9/v1#m"]);
});

test("a suite without tasks and tasks it does not hold are GridErrors naming them", async () => {
  await expect(planGrid({ ...base, suite: "nosuchsuite" })).rejects.toThrow(GridError);
  await expect(planGrid({ ...base, tasks: ["legal_01", "legal_99"] })).rejects.toThrow(
    '--tasks: not in suite "demo": demo/legal_99',
  );
});

test("a task the suite lacks comes with the nearest task it holds", async () => {
  await expect(planGrid({ ...base, tasks: ["legal_1"] })).rejects.toThrow(
    '--tasks: not in suite "demo": demo/legal_1 (did you mean demo/legal_01?)',
  );
});
