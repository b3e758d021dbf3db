import { afterEach, expect, test } from "bun:test";
import { type ScriptedServer, startScriptedServer } from "../../test/support/scripted-server.ts";
import { createModel } from "./model.ts";
import { withoutRuntimeTimeout } from "./transport.ts";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ctx = { stage: "test", role: "agent" as const, runId: "run-1" };

test("every request goes out with Bun's own 300 s timeout off, the caller's options kept", async () => {
  const seen: RequestInit[] = [];
  const inner = (async (_input: unknown, init?: RequestInit) => {
    seen.push(init ?? {});
    return new Response("{}");
  }) as unknown as typeof fetch;
  await withoutRuntimeTimeout(inner)("http://127.0.0.1:1/v1", { method: "POST", body: "x" });
  expect(seen).toEqual([{ method: "POST", body: "x", timeout: false } as RequestInit]);
});

test("the request timeout is still the one deadline: a slow answer inside it arrives, one past it is retried", async () => {
  let calls = 0;
  server = await startScriptedServer({
    reply: () => {
      calls++;
      return { content: "late", delayMs: calls === 1 ? 900 : 0 };
    },
  });
  const sleeps: number[] = [];
  const model = (timeoutMs: number) =>
    createModel(`compat:${server!.url}#slow`, {
      cache: null,
      env: {},
      timeoutMs,
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    });
  const patient = await model(5_000).chat({ messages: [{ role: "user", content: "a" }], context: ctx });
  expect(patient.text).toBe("late");
  expect(calls).toBe(1);
  calls = 0;
  const hasty = await model(300).chat({ messages: [{ role: "user", content: "b" }], context: ctx });
  expect(hasty.text).toBe("late");
  expect(calls).toBe(2); // the first attempt timed out at 300 ms and was retried
  expect(sleeps.length).toBe(1);
});
