/** @module `drflow env load|search|show|up`: build a task's environment, search it, list or print its documents, load it into services. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { AppName, parseTaskRef, Split } from "../../core/index.ts";
import { ALPHA, auditTasks, MIN_EXPLOIT, MIN_TAU, MIN_U, renderAudit } from "../../env/audit/index.ts";
import { APP_NAMES } from "../../env/env.ts";
import { DEFAULT_INDEX_DIR, indexPathFor, loadEnv } from "../../env/load.ts";
import { connectServices, type ServiceUrls, serviceUrlsFromEnv } from "../../env/services/index.ts";
import type { Env } from "../../env/types.ts";
import { createModel } from "../../llm/model.ts";
import { type Embedder, embedderFor, type SearchMode } from "../../retrieval/index.ts";
import { DEFAULT_TASK_ROOT, loadTask, resolveTaskTargets } from "../../store/task-store.ts";
import { type FlagSpec, intFlag, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, test/cli/flags.test.ts). */
export const FLAGS = {
  strings: [
    "task",
    "split",
    "root",
    "index-dir",
    "embedder",
    "limit",
    "mode",
    "id",
    "imap",
    "webdav",
    "mattermost",
    "chroma",
  ],
  multiple: ["app"],
  booleans: ["services", "json"],
} satisfies FlagSpec;

const USAGE = `drflow env <load|search|show|up> --task <suite/task_id> [options]
       drflow env audit <suite | suite/task_id> [--split original|mixed] [--root tasks] [--json]

  drflow env load   --task demo/healthcare_01 [--split original|mixed] [--embedder hashing|<model handle>]
  drflow env search --task demo/healthcare_01 [--split mixed] [--app chat --app email] [--limit 10]
                    [--mode hybrid|bm25|vector] "<query>"
  drflow env show   --task demo/healthcare_01 [--split mixed] [--app drive] [--id <artifact id>]
  drflow env up --services --task demo/healthcare_01 [--split mixed]
                    [--imap imap://user:pass@host:port] [--webdav http://user:pass@host/remote.php/dav/files/<user>]
                    [--mattermost http://user:pass@host:8065] [--chroma http://host:8000]

  Common: --root tasks (task folder root), --index-dir .drflow/env (where embedded indexes are kept).
  load/search/show use the embedded backend; the index is built once per task, split and embedder and reused.
  up --services loads the task's realized files into real services (see compose.yaml): emails are APPENDed over
  IMAP, drive and files documents are PUT over WebDAV (Nextcloud layout), chats become Mattermost channels and posts
  (API v4), vectors go to Chroma. URLs default to DRFLOW_IMAP_URL, DRFLOW_WEBDAV_URL, DRFLOW_MATTERMOST_URL (with
  DRFLOW_MATTERMOST_TOKEN or credentials in the URL; DRFLOW_MATTERMOST_TEAM) and DRFLOW_CHROMA_URL; apps without a
  service stay embedded. Credentials are never printed.
  audit checks that nothing an agent observes predicts a document's role or the gold step order better than chance:
  every form feature (format, folder, title/subject/file-name template, code, author, length and date band,
  headers, handle) per app and folder, the same features as rules learned on the other tasks (picking the user's
  case, ranking distractors), the seed behind the handles, and every order an agent sees (listing, search ties,
  dates, numbers, ids). It exits 1 on a leak (src/env/audit/README.md).`;

const SUBCOMMANDS = ["load", "search", "show", "up", "audit"] as const;

type Common = { ref: string; split: Split; root: string; indexDir: string; embedder: Embedder };

function common(flags: Record<string, string | boolean | string[] | undefined>): Common {
  if (!flags.task) throw new UsageError(`--task is required (e.g. demo/healthcare_01)\nusage: ${USAGE}`);
  const ref = String(flags.task);
  parseTaskRef(ref);
  const split = Split.safeParse(flags.split ?? "original");
  if (!split.success) throw new UsageError(`--split: expected original or mixed, got "${flags.split}"`);
  const spec = String(flags.embedder ?? "hashing");
  return {
    ref,
    split: split.data,
    root: String(flags.root ?? DEFAULT_TASK_ROOT),
    indexDir: String(flags["index-dir"] ?? DEFAULT_INDEX_DIR),
    embedder: embedderFor(spec, (h) => createModel(h)),
  };
}

async function openEmbedded(c: Common): Promise<Env> {
  const loaded = await loadTask(c.root, c.ref);
  const indexPath = indexPathFor(c.indexDir, c.ref, c.split, c.embedder);
  mkdirSync(dirname(indexPath), { recursive: true });
  return loadEnv(loaded, { split: c.split, embedder: c.embedder, indexPath });
}

function apps(flags: Record<string, unknown>): AppName[] | undefined {
  const raw = flags.app as string[] | undefined;
  if (!raw || raw.length === 0) return undefined;
  return raw
    .flatMap((a) => a.split(","))
    .map((a) => {
      const parsed = AppName.safeParse(a.trim());
      if (!parsed.success) throw new UsageError(`--app: expected one of ${APP_NAMES.join(", ")}, got "${a}"`);
      return parsed.data;
    });
}

export const env: Command = {
  name: "env",
  summary: "Build, search and inspect a task's environment; load it into real services",
  flags: FLAGS,
  usage: USAGE,
  async run(args) {
    const [sub, ...rest] = args;
    if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new UsageError(
        `expected a sub-command (${SUBCOMMANDS.join(", ")}), got "${sub ?? ""}"\nusage: ${USAGE}`,
      );
    }
    const { flags, positionals } = parseFlags(rest, FLAGS, USAGE);
    if (sub === "audit") return audit(flags, positionals);
    const c = common(flags);
    if (sub === "load") return load(c);
    if (sub === "search") return search(c, flags, positionals);
    if (sub === "show") return show(c, flags);
    return up(c, flags);
  },
};

async function audit(flags: Record<string, unknown>, positionals: string[]): Promise<number> {
  const target = positionals[0] ?? (flags.task as string | undefined);
  if (!target || positionals.length > 1)
    throw new UsageError(
      `audit needs one suite or suite/task_id, e.g. drflow env audit demo --split mixed\nusage: ${USAGE}`,
    );
  const split = Split.safeParse(flags.split ?? "original");
  if (!split.success) throw new UsageError(`--split: expected original or mixed, got "${flags.split}"`);
  const root = String(flags.root ?? DEFAULT_TASK_ROOT);
  const refs = (await resolveTaskTargets(root, [target])).map((t) => t.ref);
  const loaded = await Promise.all(refs.map((r) => loadTask(root, r)));
  const rows = await auditTasks(loaded, split.data);
  const leaks = rows.filter((r) => r.leak);
  if (flags.json)
    console.log(JSON.stringify({ target, split: split.data, tasks: refs.length, rows }, null, 2));
  else {
    console.log(`leak audit: ${target} (${refs.length} task(s), ${split.data} split)\n`);
    console.log(renderAudit(rows));
    console.log(
      leaks.length === 0
        ? `\nno leak: nothing visible predicts role or gold order (p < ${ALPHA} and U ≥ ${MIN_U}, exploit ≥ chance + ${MIN_EXPLOIT} or |τ| ≥ ${MIN_TAU}; no seed recoverable)`
        : `\nLEAK: ${leaks.map((r) => `${r.field} (${r.test})`).join(", ")}`,
    );
  }
  return leaks.length === 0 ? 0 : 1;
}

async function load(c: Common): Promise<number> {
  const started = performance.now();
  const e = await openEmbedded(c);
  try {
    const counts = await Promise.all(APP_NAMES.map(async (a) => `${a} ${(await e.list(a)).length}`));
    const ms = performance.now() - started;
    console.log(
      `${c.ref} (${c.split}): ${counts.join(", ")} documents; embedder ${c.embedder.name}; ${ms.toFixed(0)} ms`,
    );
    console.log(`index: ${indexPathFor(c.indexDir, c.ref, c.split, c.embedder)}`);
  } finally {
    await e.close();
  }
  return 0;
}

async function search(c: Common, flags: Record<string, unknown>, positionals: string[]): Promise<number> {
  const query = positionals.join(" ").trim();
  if (!query) throw new UsageError(`search needs a query\nusage: ${USAGE}`);
  const limit = intFlag(flags.limit, "limit", 10, 1);
  const mode = String(flags.mode ?? "hybrid") as SearchMode;
  if (!["hybrid", "bm25", "vector"].includes(mode))
    throw new UsageError(`--mode: expected hybrid, bm25 or vector, got "${mode}"`);
  const e = await openEmbedded(c);
  try {
    const hits = await e.search(query, { apps: apps(flags), limit, mode });
    if (flags.json) {
      console.log(
        JSON.stringify(
          hits.map(({ text: _t, ...h }) => h),
          null,
          2,
        ),
      );
      return 0;
    }
    if (hits.length === 0) console.log("no hits");
    hits.forEach((h, i) => {
      const norm = (x: string) =>
        x
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, " ")
          .trim();
      const extra = h.channel ? `#${h.channel}` : h.subject ? `"${h.subject}"` : "";
      const where = extra && !norm(h.title).includes(norm(extra)) ? ` ${extra}` : "";
      console.log(
        `${String(i + 1).padStart(2)}. ${h.score.toFixed(4)}  ${h.app.padEnd(5)}  ${h.documentId}  ${h.title}${where}`,
      );
      console.log(`    ${h.snippet}`);
    });
  } finally {
    await e.close();
  }
  return 0;
}

async function show(c: Common, flags: Record<string, unknown>): Promise<number> {
  const e = await openEmbedded(c);
  try {
    if (flags.id) {
      const doc = await e.read(String(flags.id));
      if (!doc)
        throw new Error(
          `no document "${flags.id}" in ${c.ref} (${c.split}); drflow env show --task ${c.ref} lists them`,
        );
      const meta = [
        `id: ${doc.id}`,
        `app: ${doc.app}`,
        `title: ${doc.title}`,
        `path: ${doc.path}`,
        `author: ${doc.author}`,
        `date: ${doc.date}`,
      ];
      if (doc.channel) meta.push(`channel: ${doc.channel}`);
      if (doc.subject) meta.push(`subject: ${doc.subject}`);
      console.log(`${meta.join("\n")}\n\n${doc.text}`);
      return 0;
    }
    const selected = apps(flags) ?? [...APP_NAMES];
    for (const app of selected) {
      const docs = await e.list(app);
      console.log(`${app} (${docs.length})`);
      for (const d of docs) console.log(`  ${d.id.padEnd(24)} ${d.path.padEnd(40)} ${d.title}`);
    }
  } finally {
    await e.close();
  }
  return 0;
}

async function up(c: Common, flags: Record<string, unknown>): Promise<number> {
  if (!flags.services)
    throw new UsageError(
      `env up loads the task into real services: add --services, with --imap/--webdav/--mattermost/--chroma or DRFLOW_IMAP_URL, DRFLOW_WEBDAV_URL, DRFLOW_MATTERMOST_URL, DRFLOW_CHROMA_URL (the embedded environment needs no up: drflow env load)\nusage: ${USAGE}`,
    );
  const fromEnv = serviceUrlsFromEnv();
  const urls: ServiceUrls = {
    ...fromEnv,
    ...(flags.imap ? { imap: String(flags.imap) } : {}),
    ...(flags.webdav ? { webdav: String(flags.webdav) } : {}),
    ...(flags.mattermost ? { mattermost: String(flags.mattermost) } : {}),
    ...(flags.chroma ? { chroma: String(flags.chroma) } : {}),
  };
  if (!urls.imap && !urls.webdav && !urls.mattermost && !urls.chroma) {
    throw new UsageError(
      `no service configured: pass --imap/--webdav/--mattermost/--chroma or set DRFLOW_IMAP_URL, DRFLOW_WEBDAV_URL, DRFLOW_MATTERMOST_URL, DRFLOW_CHROMA_URL\nusage: ${USAGE}`,
    );
  }
  const loaded = await loadTask(c.root, c.ref);
  const collection = `drflow-${loaded.task.id}-${c.split}`.replace(/[^A-Za-z0-9._-]/g, "-");
  const { apps: serviceApps, vectors } = await connectServices(urls, collection);
  const e = await loadEnv(loaded, {
    split: c.split,
    backend: Object.keys(serviceApps).length > 0 ? "services" : "embedded",
    services: serviceApps,
    embedder: c.embedder,
    ...(vectors ? { vectors } : {}),
  });
  try {
    for (const app of APP_NAMES) {
      const kind = app === "email" ? "IMAP" : app === "chat" ? "Mattermost" : "WebDAV";
      const where = serviceApps[app] ? kind : "embedded (no service)";
      console.log(`${app.padEnd(5)} ${String((await e.list(app)).length).padStart(3)} documents → ${where}`);
    }
    if (vectors) console.log(`vectors → Chroma collection ${collection}`);
  } finally {
    await e.close();
  }
  return 0;
}
