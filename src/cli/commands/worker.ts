/** @module `drflow worker`: take evaluation cells off the shared queue and run them on the shared run store and cache. */
import { DEFAULT_INDEX_DIR } from "../../env/load.ts";
import { DEFAULT_POLICY, newWorkerName, openQueue, runWorker } from "../../eval/queue.ts";
import { defaultServices } from "../../eval/services.ts";
import { rateLimitedFetch, SharedRateLimit } from "../../llm/rate-limit.ts";
import { RunStore } from "../../store/run-store.ts";
import { DATABASE_URL_ENV, databaseUrl } from "../../store/shared.ts";
import { DEFAULT_TASK_ROOT } from "../../store/task-store.ts";
import { type FlagSpec, intFlag, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = {
  strings: ["database", "root", "concurrency", "index-dir", "heartbeat", "pause-ms", "rpm", "tpm"],
} satisfies FlagSpec;

const USAGE =
  "drflow worker [--database postgres://…] [--root tasks] [--concurrency 1] [--index-dir .drflow/env]\n" +
  "              [--heartbeat 30] [--rpm N [--tpm N]] [--pause-ms 0]";

export const worker: Command = {
  name: "worker",
  summary: "Take evaluation cells from the shared queue (drflow eval --queue) and run them",
  flags: FLAGS,
  usage: `${USAGE}\n\n  The database comes from --database or ${DATABASE_URL_ENV}. Tasks are read from --root; a task whose content\n  fingerprint differs from the enqueued one is refused by this worker and left for one whose task matches\n  (dead-lettered, with every fingerprint, once every live worker refused it or none took it within 15 minutes). Runs are written to the\n  shared run store and model calls cached in the shared cache (DRFLOW_CACHE_PATH: a cache of its own), both on that\n  database; a run is stored before its cell is marked complete. --rpm/--tpm: requests and tokens per minute\n  per provider key, shared by every worker through the database (a provider's Retry-After holds all of them). Stops on SIGINT/SIGTERM after the cells in hand.`,
  async run(args) {
    const { flags } = parseFlags(args, FLAGS, USAGE);
    const url = databaseUrl(flags.database ? String(flags.database) : null);
    if (!url)
      throw new UsageError(
        `a shared database is required: --database or ${DATABASE_URL_ENV}\nusage: ${USAGE}`,
      );
    const root = flags.root ? String(flags.root) : DEFAULT_TASK_ROOT;
    const concurrency = intFlag(flags.concurrency, "concurrency", 1, 1);
    const heartbeat = intFlag(flags.heartbeat, "heartbeat", DEFAULT_POLICY.heartbeatSeconds, 1);
    if (heartbeat < 10)
      throw new UsageError(`--heartbeat: pg-boss needs at least 10 seconds, got ${heartbeat}`);
    const pauseMs = intFlag(flags["pause-ms"], "pause-ms", 0, 0);
    const rpm = flags.rpm === undefined ? null : intFlag(flags.rpm, "rpm", 0, 1);
    const tpm = flags.tpm === undefined ? null : intFlag(flags.tpm, "tpm", 0, 1);
    if (tpm !== null && rpm === null) throw new UsageError(`--tpm needs --rpm\nusage: ${USAGE}`);
    const limit =
      rpm === null ? null : await SharedRateLimit.open(url, { requestsPerMinute: rpm, tokensPerMinute: tpm });
    // Models cache in the shared database unless DRFLOW_CACHE_PATH names another cache (DRFLOW_CACHE=off: none).
    const modelOptions = {
      cache: process.env.DRFLOW_CACHE_PATH || url,
      ...(limit ? { fetch: rateLimitedFetch(limit) } : {}),
    };
    const store = new RunStore(url);
    const policy = { ...DEFAULT_POLICY, heartbeatSeconds: heartbeat };
    const name = newWorkerName();
    const boss = await openQueue(url, policy, { worker: name });
    const indexDir = String(flags["index-dir"] ?? DEFAULT_INDEX_DIR);
    const handle = await runWorker({
      boss,
      store,
      concurrency,
      pauseMs,
      name,
      policy,
      services: (judge, judgeProtocol) =>
        defaultServices({ root, store, judge, judgeProtocol, indexDir, modelOptions }),
      log: (line) => console.error(`worker ${process.pid}: ${line}`),
    });
    console.error(`worker ${process.pid}: taking cells (concurrency ${concurrency}) as ${name}`);
    await new Promise<void>((resolve) => {
      process.once("SIGINT", () => resolve());
      process.once("SIGTERM", () => resolve());
    });
    console.error(`worker ${process.pid}: stopping after the cells in hand`);
    await handle.stop();
    await boss.stop({ graceful: true });
    await limit?.close();
    store.close();
    return 0;
  },
};
