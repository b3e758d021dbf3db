/** @module `drflow serve`: the HTTP API and the notebooks, bound to 127.0.0.1 unless told otherwise (then a token is required). */
import { createApp } from "../../api/app.ts";
import { defaultDeps } from "../../api/primitives.ts";
import { RunStore } from "../../store/run-store.ts";
import { announceServer } from "../../studio/announce.ts";
import { parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

const USAGE =
  "drflow serve [--host 127.0.0.1] [--port 8787] [--token <secret>] [--root tasks] [--store .drflow/runs.sqlite] [--cache .drflow/cache.sqlite]";

export const serve: Command = {
  name: "serve",
  summary: "Serve the HTTP API (generate, env, runs, judge, tasks), the notebooks and the studio (/studio)",
  usage: `${USAGE}\n\n  --token defaults to DRFLOW_API_TOKEN; binding anything but loopback without a token is refused.\n  OpenAPI document at /openapi.json.`,
  async run(args) {
    const { flags } = parseFlags(
      args,
      { strings: ["host", "port", "token", "root", "store", "cache"] },
      USAGE,
    );
    const host = (flags.host as string | undefined) ?? "127.0.0.1";
    const port = Number(flags.port ?? 8787);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port: expected 0–65535, got ${flags.port}\nusage: ${USAGE}`);
    const token = (flags.token as string | undefined) ?? (process.env.DRFLOW_API_TOKEN || undefined);
    const deps = defaultDeps({
      tasksRoot: (flags.root as string | undefined) ?? "tasks",
      ...(flags.store ? { store: new RunStore(String(flags.store)) } : {}),
    });
    const studio = flags.cache ? { cachePath: String(flags.cache) } : {};
    const app = createApp({ deps, host, studio, ...(token ? { token } : {}) });
    const server = Bun.serve({ hostname: host, port, fetch: app.fetch, idleTimeout: 0 });
    const origin = `http://${host.includes(":") ? `[${host}]` : host}:${server.port}`;
    const unannounce = await announceServer(`${origin}/`, deps.store.path);
    console.log(
      `drflow API on ${origin}/ (${token ? "bearer token required" : "loopback only, no token"}); OpenAPI at /openapi.json; studio at ${origin}/studio/`,
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
