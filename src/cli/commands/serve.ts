/** @module `drflow serve`: the HTTP API and the notebooks, bound to 127.0.0.1 unless told otherwise (then a token is required). */
import { createApp } from "../../api/app.ts";
import { defaultDeps } from "../../api/primitives.ts";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from "../../api/safety.ts";
import { redactSecrets } from "../../core/redact.ts";
import { parseList } from "../../eval/agent-list.ts";
import { RunStore } from "../../store/run-store.ts";
import { runStoreLocation } from "../../store/shared.ts";
import { announceServer } from "../../studio/announce.ts";
import { type FlagSpec, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { reportInterrupted } from "../interrupted.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = {
  strings: ["host", "port", "token", "root", "models", "allow-host", "store", "cache"],
} satisfies FlagSpec;

const USAGE =
  "drflow serve [--host 127.0.0.1] [--port 8787] [--token <secret>] [--root tasks] [--models h1,h2] [--allow-host name,…]\n" +
  "             [--store .drflow/runs.sqlite] [--cache .drflow/cache.sqlite]";

export const serve: Command = {
  name: "serve",
  summary: "Serve the HTTP API (generate, env, runs, judge, tasks), the notebooks and the studio (/studio/)",
  flags: FLAGS,
  usage:
    `${USAGE}\n\n  --token defaults to DRFLOW_API_TOKEN; binding anything but loopback without a token is refused.\n` +
    "  --models (default DRFLOW_API_MODELS) lists the model handles requests may name; any other is refused, so keys\n" +
    "  and documents only go to endpoints you chose. Requests must use this server's own host name (--allow-host adds\n" +
    "  names), come from no other origin, and send state-changing bodies as application/json.\n" +
    "  --store is the run store the API records into and the studio shows; --cache the LLM cache the studio reads\n" +
    "  model calls' messages and replies from. OpenAPI document at /openapi.json; the studio at /studio/.",
  async run(args) {
    const { flags } = parseFlags(args, FLAGS, USAGE);
    const host = (flags.host as string | undefined) ?? "127.0.0.1";
    const port = Number(flags.port ?? 8787);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port: expected 0–65535, got ${flags.port}\nusage: ${USAGE}`);
    const token = (flags.token as string | undefined) ?? (process.env.DRFLOW_API_TOKEN || undefined);
    // --store, else the shared database (DRFLOW_DATABASE_URL), else .drflow/runs.sqlite: the API and the studio read it.
    const deps = defaultDeps({
      store: new RunStore(runStoreLocation(flags)),
      tasksRoot: (flags.root as string | undefined) ?? "tasks",
      ...(flags.models ? { models: parseList(String(flags.models)) } : {}),
    });
    reportInterrupted(deps.store);
    const allowedHosts = flags["allow-host"] ? parseList(String(flags["allow-host"])) : undefined;
    const app = createApp({
      deps,
      host,
      ...(token ? { token } : {}),
      ...(allowedHosts ? { allowedHosts } : {}),
      studio: flags.cache ? { cachePath: String(flags.cache) } : {},
    });
    // Bun's own cap is a backstop above the largest route limit (the routes' limits answer 413 first).
    const server = Bun.serve({
      hostname: host,
      port,
      fetch: app.fetch,
      idleTimeout: 0,
      maxRequestBodySize: 2 * Math.max(DEFAULT_BODY_LIMIT, ...BODY_LIMITS.map((l) => l.bytes)),
    });
    const origin = `http://${host.includes(":") ? `[${host}]` : host}:${server.port}`;
    const unannounce = await announceServer(`${origin}/`, deps.store.path);
    console.log(
      redactSecrets(
        `drflow API on ${origin}/ (${token ? "bearer token required" : "loopback only, no token"}; models allowed: ${deps.models.join(", ") || "none"}); OpenAPI at /openapi.json; studio at ${origin}/studio/`,
      ),
    );
    await new Promise<void>((resolve) => {
      const stop = () => {
        unannounce();
        server.stop();
        resolve();
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    return 0;
  },
};
