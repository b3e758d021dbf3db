import { describe, expect, test } from "bun:test";
import { CacheMissError } from "../../llm/errors.ts";
import { type Action, toAction } from "./action.ts";
import { ActionPlan, runRound } from "./plan.ts";

function act(id: string, priority: number, query: string, deps: string[] = []): Action {
  const action = toAction(
    {
      type: "local_document_search",
      description: id,
      parameters: { query },
      priority,
      expected_output: "",
      preferred_tool: "",
    },
    { id, stage: "REQUIREMENT_COLLECTION", origin: "plan" },
  );
  return { ...action, dependencies: deps };
}

describe("ActionPlan scheduler", () => {
  test("runs ready actions by priority, one at a time by default", async () => {
    const plan = new ActionPlan("q");
    plan.add([act("low", 0.2, "alpha"), act("high", 0.9, "beta"), act("mid", 0.5, "gamma")]);
    const order: string[] = [];
    for (let i = 1; plan.hasPending(); i++) {
      const ran = await runRound(plan, async (a) => void order.push(a.id), { iteration: i });
      expect(ran).toHaveLength(1);
    }
    expect(order).toEqual(["high", "mid", "low"]);
  });

  test("honours dependencies and drops references to unknown ids", async () => {
    const plan = new ActionPlan("q");
    plan.add([act("b", 0.9, "two", ["a"]), act("a", 0.1, "one"), act("c", 0.5, "three", ["nowhere"])]);
    expect(plan.get("c")!.action.dependencies).toEqual([]);
    expect(plan.ready().map((e) => e.action.id)).toEqual(["c", "a"]);
    const order: string[] = [];
    for (let i = 1; plan.hasPending(); i++)
      await runRound(plan, async (a) => void order.push(a.id), { iteration: i });
    expect(order.indexOf("a")).toBeLessThan(order.indexOf("b"));
  });

  test("actions added ahead run before every other ready action, whatever their priority", () => {
    const plan = new ActionPlan("q");
    plan.add([act("plan", 0.99, "policy")]);
    plan.add([act("cond", 0.3, "evidence")], { ahead: true });
    expect(plan.ready().map((e) => e.action.id)).toEqual(["cond", "plan"]);
  });

  test("bounded concurrency runs up to N actions together; a failure is recorded, not thrown", async () => {
    const plan = new ActionPlan("q");
    plan.add([act("a", 0.9, "a1"), act("b", 0.8, "b1"), act("c", 0.7, "c1")]);
    let running = 0;
    let peak = 0;
    const ran = await runRound(
      plan,
      async (a) => {
        running += 1;
        peak = Math.max(peak, running);
        await Bun.sleep(5);
        running -= 1;
        if (a.id === "b") throw new Error("tool down");
      },
      { concurrency: 2, iteration: 1 },
    );
    expect(ran.map((a) => a.id)).toEqual(["a", "b"]);
    expect(peak).toBe(2);
    expect(plan.get("b")!.status).toBe("failed");
    expect(plan.get("b")!.error).toBe("tool down");
    expect(plan.stats()).toMatchObject({ total: 3, pending: 1, completed: 1, failed: 1 });
  });

  test("novelty refines the score: a query of unused terms outranks one that repeats them at equal priority", async () => {
    const plan = new ActionPlan("q");
    plan.add([act("first", 0.9, "consent policy")]);
    await runRound(plan, async () => {}, { iteration: 1 });
    plan.add([act("repeat", 0.5, "consent policy"), act("novel", 0.5, "interpreter booking")]);
    expect(plan.ready().map((e) => e.action.id)).toEqual(["novel", "repeat"]);
  });

  test("a replay miss inside an action fails the round at once, never recorded as one failed action", async () => {
    const plan = new ActionPlan("q");
    plan.add([act("a", 0.9, "one"), act("b", 0.5, "two")]);
    const miss = new CacheMissError("k".repeat(64), "embed: one", "openai:text-embedding-3-small");
    await expect(
      runRound(
        plan,
        async () => {
          throw miss;
        },
        { iteration: 1 },
      ),
    ).rejects.toBe(miss);
  });
});
