/**
 * @module The API's worker thread: CPU-bound primitives (the lexical judge, procedural generation, building an
 * environment index) run here, so the server's event loop keeps answering while they work. One worker per job,
 * terminated after it, so the memory the work used is returned.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { MetricName, Report, Split } from "../core/index.ts";
import { loadEnv } from "../env/load.ts";
import { generateSuite } from "../generate/index.ts";
import { evaluate } from "../judge/evaluate.ts";
import { hashingEmbedder } from "../retrieval/index.ts";
import { loadTask } from "../store/task-store.ts";

export type WorkerTask =
  | { kind: "judge"; root: string; task: string; report: Report | string; metrics?: MetricName[] }
  | { kind: "generate"; root: string; suite: string; seed: number; perDomain: number; replace?: boolean }
  | { kind: "index"; root: string; task: string; split: Split; indexPath: string };

export type WorkerReply = { ok: true; result: unknown } | { ok: false; error: string };

async function perform(t: WorkerTask): Promise<unknown> {
  switch (t.kind) {
    case "judge": {
      const loaded = await loadTask(t.root, t.task);
      const out = await evaluate(t.report, loaded, {
        judge: "lexical",
        ...(t.metrics ? { metrics: t.metrics } : {}),
      });
      return out.metrics;
    }
    case "generate":
      return (
        await generateSuite({
          root: t.root,
          suite: t.suite,
          seed: t.seed,
          perDomain: t.perDomain,
          replace: t.replace === true,
        })
      ).map((x) => x.ref);
    case "index": {
      mkdirSync(dirname(t.indexPath), { recursive: true });
      const env = await loadEnv(await loadTask(t.root, t.task), {
        split: t.split,
        embedder: hashingEmbedder(),
        indexPath: t.indexPath,
      });
      await env.close();
      return null;
    }
  }
}

declare const self: Worker;
self.onmessage = async (event: MessageEvent<WorkerTask>) => {
  let reply: WorkerReply;
  try {
    reply = { ok: true, result: await perform(event.data) };
  } catch (error) {
    reply = { ok: false, error: (error as Error).message ?? String(error) };
  }
  self.postMessage(reply);
};
