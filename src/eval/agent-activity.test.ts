import { expect, test } from "bun:test";
import type { Model } from "../llm/types.ts";
import { AgentActivity } from "./agent-activity.ts";

/** A model whose calls settle when the test says so. */
function heldModel() {
  const held: (() => void)[] = [];
  const wait = () => new Promise<void>((resolve) => held.push(resolve));
  const model = {
    handle: "test:held",
    chat: async () => {
      await wait();
      return { text: "ok", usage: {} };
    },
    generateObject: async () => {
      await wait();
      return { object: {}, usage: {}, attempts: 1, raw: "{}" };
    },
    embed: async () => {
      await wait();
      return [[1]];
    },
  } as unknown as Model;
  return { model, release: () => held.shift()?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test("quiet settles only while every busy slot's agent waits on a call", async () => {
  const activity = new AgentActivity();
  const { model, release } = heldModel();
  let thinking!: () => void;
  const between = new Promise<void>((resolve) => {
    thinking = resolve;
  });
  const waited: string[] = [];
  const agent = activity.busy(() =>
    activity.run(
      model,
      async (m) => {
        await m!.chat({ messages: [], context: { stage: "a" } } as never);
        await between; // the agent's own work between two calls
        await m!.chat({ messages: [], context: { stage: "b" } } as never);
      },
      () => waited.push("first call"),
    ),
  );
  await tick();
  expect(waited).toEqual(["first call"]);
  let quiet = false;
  void activity.quiet().then(() => {
    quiet = true;
  });
  await tick();
  expect(quiet).toBe(true); // the agent waits on its first call

  release(); // the reply arrives: the agent is between calls
  await tick();
  quiet = false;
  void activity.quiet().then(() => {
    quiet = true;
  });
  await tick();
  expect(quiet).toBe(false);
  thinking(); // it sends its second call; the waiting work goes on a later turn, once the request is on its way
  await tick();
  await tick();
  expect(quiet).toBe(true);
  release();
  await agent;
  expect(waited).toEqual(["first call"]); // called once
});

test("a slot starting its cell holds background work back; an offline agent does not", async () => {
  const activity = new AgentActivity();
  let quiet = false;
  let started!: () => void;
  const starting = activity.busy(
    () =>
      new Promise<void>((resolve) => {
        started = resolve;
      }),
  );
  void activity.quiet().then(() => {
    quiet = true;
  });
  await tick();
  await tick();
  expect(quiet).toBe(false); // the slot is loading its task, claiming its run…
  started();
  await starting;
  await tick();
  expect(quiet).toBe(true);

  const order: string[] = [];
  let offlineQuiet = false;
  await activity.busy(() =>
    activity.run(
      null,
      async () => {
        void activity.quiet().then(() => {
          offlineQuiet = true;
        });
        await tick();
        await tick();
        order.push("offline agent ran");
      },
      () => order.push("handed over"),
    ),
  );
  expect(order).toEqual(["handed over", "offline agent ran"]);
  expect(offlineQuiet).toBe(true);

  const { model } = heldModel();
  const calls: string[] = [];
  await activity.busy(() =>
    activity.run(
      model,
      async () => "no call",
      () => calls.push("handed over"),
    ),
  );
  expect(calls).toEqual(["handed over"]); // an agent that ends without a call still hands over
});

test("a slot waiting aside (on another process) holds nothing back, and is busy again after", async () => {
  const activity = new AgentActivity();
  let otherProcessDone!: () => void;
  let quiet = false;
  const slot = activity.busy(async () => {
    await activity.aside(
      () =>
        new Promise<void>((resolve) => {
          otherProcessDone = resolve;
        }),
    );
    void activity.quiet().then(() => {
      quiet = true;
    });
    await tick();
    await tick();
    expect(quiet).toBe(false); // busy again: starting its agent
  });
  let judged = false;
  void activity.quiet().then(() => {
    judged = true;
  });
  await tick();
  await tick();
  expect(judged).toBe(true); // the other process may be waiting for this judging
  otherProcessDone();
  await slot;
  await tick();
  expect(quiet).toBe(true);
});
