/** @module `loadEnv`: a task's realized files of a split → an `Env` on the embedded backend or on real services. */
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { type AppName, parseTaskRef, type Split } from "../core/index.ts";
import {
  chunkDocument,
  type Embedder,
  HybridIndex,
  hashingEmbedder,
  type VectorStore,
} from "../retrieval/index.ts";
import { artifactPath, type LoadedTask } from "../store/task-store.ts";
import { type WebTools, webFor } from "../web/index.ts";
import { embeddedApp } from "./apps/embedded.ts";
import { readDocuments, splitEntries } from "./documents.ts";
import { APP_NAMES, createEnv, deferredEnv } from "./env.ts";
import { openPersistedIndex } from "./index-file.ts";
import type { App, Env, EnvDocument, EnvOptions } from "./types.ts";

/** Where `drflow env` and `drflow eval` keep persisted indexes unless told otherwise. */
export const DEFAULT_INDEX_DIR = join(".drflow", "env");

/**
 * The persisted index of a task's split: `<indexDir>/<suite>/<task_id>/<split>-<embedder>.sqlite`, from a
 * "suite/task_id" ref of safe ids (checked) and the embedder's name made path-safe.
 */
export function indexPathFor(
  indexDir: string,
  ref: string,
  split: Split,
  embedder: Pick<Embedder, "name">,
): string {
  const { suite, taskId } = parseTaskRef(ref);
  const slug = embedder.name.replace(/[^A-Za-z0-9_.-]+/g, "_");
  return join(indexDir, suite, taskId, `${split}-${slug}.sqlite`);
}

/** Bumped whenever chunking or indexing changes, so persisted indexes are rebuilt. */
export const INDEX_VERSION = "5";

export type LoadEnvOptions = EnvOptions & {
  /** Defaults to the offline hashing embedder. */
  embedder?: Embedder;
  /** Persist the embedded index (documents, chunks, FTS5, vectors) in this SQLite file and reuse it while the task is unchanged. */
  indexPath?: string;
  /** Vector store for the env's index (e.g. a Chroma collection); sqlite-vec in the index database by default. */
  vectors?: VectorStore;
  /**
   * `services` backend: the connected service apps (see `connectServices`); apps left out stay embedded. When
   * omitted, the services named by DRFLOW_IMAP_URL / DRFLOW_WEBDAV_URL / DRFLOW_MATTERMOST_URL / DRFLOW_CHROMA_URL.
   */
  services?: Partial<Record<AppName, App>>;
  /** The web the agents may use: `offline` (the task's saved pages, if any; default), `live` (Brave + fetch), `none`. */
  web?: "live" | "offline" | "none";
  /**
   * Return as soon as the task's metadata and web tools are known, while the index builds in the background: an
   * agent's first model call (planning from the question) overlaps the build, and its first search, read or list
   * waits for it (a failed build fails that call, naming the cause). Embedded backend only.
   */
  background?: boolean;
  /**
   * With `background`: start building when this settles (or when the environment is first used, if sooner) instead
   * of at once — an evaluation starts a cell's build once its agent's first request is out.
   */
  startAfter?: Promise<unknown>;
};

/**
 * Build the four apps from the task's realized files (text via `extractText`'s parsers, never task.json), then one
 * hybrid index over them. Gold workflows and evidence labels stay in `loaded.task`; nothing of them reaches the env.
 */
export async function loadEnv(loaded: LoadedTask, options: LoadEnvOptions): Promise<Env> {
  if (!options.background || options.backend === "services") return loadNow(loaded, options);
  const { task } = loaded;
  return deferredEnv(
    {
      taskId: task.id,
      kind: task.kind,
      question: task.seed.question,
      subquestions: task.drbench?.subquestions ?? [],
      user: task.seed.user,
      split: options.split,
      embedder: (options.embedder ?? hashingEmbedder()).name,
      web: await webFor(loaded.dir, options.web),
    },
    () => loadNow(loaded, { ...options, web: "none" }),
    options.startAfter,
  );
}

async function loadNow(loaded: LoadedTask, options: LoadEnvOptions): Promise<Env> {
  const { split } = options;
  const backend = options.backend ?? "embedded";
  const embedder = options.embedder ?? hashingEmbedder();
  const useServices = backend === "services";
  let services = options.services;
  let vectors = options.vectors;
  if (useServices && (!services || Object.keys(services).length === 0)) {
    // Connect what the DRFLOW_* environment variables name (loaded lazily: service clients are heavy imports).
    const { connectServices, serviceUrlsFromEnv } = await import("./services/index.ts");
    const urls = serviceUrlsFromEnv();
    if (!urls.imap && !urls.webdav && !urls.mattermost) {
      throw new Error(
        'loadEnv: backend "services" needs service apps: pass options.services or set DRFLOW_IMAP_URL, DRFLOW_WEBDAV_URL, DRFLOW_MATTERMOST_URL',
      );
    }
    const connected = await connectServices(
      urls,
      `drflow-${loaded.task.id}-${split}`.replace(/[^A-Za-z0-9._-]/g, "-"),
    );
    services = connected.apps;
    vectors ??= connected.vectors;
  }
  const served = useServices ? services : undefined;
  const persisted = useServices ? undefined : options.indexPath;
  const build = async (index: HybridIndex) =>
    fill(index, appsOver(index, served), await readDocuments(loaded, split), served);
  let index: HybridIndex;
  if (persisted === undefined) {
    // An in-memory index is always built.
    index = await HybridIndex.open({ embedder, vectors });
    try {
      await build(index);
    } catch (error) {
      await index.close();
      throw error;
    }
  } else {
    // A persisted one is reused while it is the complete build of the task's current files, else rebuilt.
    const fingerprint = await taskFingerprint(loaded, { ...options, vectors }, embedder);
    index = await openPersistedIndex(persisted, fingerprint, { embedder, vectors }, build);
  }
  // An index opened over stored vectors reads them for exact sparse search now (a background load: while nobody
  // waits), not at the agent's first search.
  index.vectors.warm?.();
  const { task } = loaded;
  let web: WebTools | null;
  try {
    web = await webFor(loaded.dir, options.web);
  } catch (error) {
    await index.close();
    throw error;
  }
  return createEnv({
    taskId: task.id,
    kind: task.kind,
    question: task.seed.question,
    subquestions: task.drbench?.subquestions ?? [],
    user: task.seed.user,
    split,
    apps: appsOver(index, served),
    index,
    web,
  });
}

/** The four apps: embedded over the index, except those a service backend provides. */
function appsOver(
  index: HybridIndex,
  services: Partial<Record<AppName, App>> | undefined,
): Record<AppName, App> {
  const embedded = Object.fromEntries(APP_NAMES.map((n) => [n, embeddedApp(n, index)])) as Record<
    AppName,
    App
  >;
  return { ...embedded, ...services };
}

/** Replace the index's content with the split's documents (on services, indexed from what the services serve back). */
async function fill(
  index: HybridIndex,
  apps: Record<AppName, App>,
  docs: EnvDocument[],
  services: Partial<Record<AppName, App>> | undefined,
): Promise<void> {
  await index.clear();
  index.db.run("DELETE FROM documents");
  for (const name of APP_NAMES) {
    const mine = docs.filter((d) => d.app === name);
    if (mine.length > 0) await apps[name].add(mine);
  }
  for (const name of Object.keys(services ?? {}) as AppName[]) {
    const served = await apps[name].list();
    await index.add(served.flatMap((d) => chunkDocument(d)));
  }
}

/** Content address of what an index holds: manifest, split, files' sizes and times, embedder, index version. */
async function taskFingerprint(
  loaded: LoadedTask,
  options: LoadEnvOptions,
  embedder: Embedder,
): Promise<string> {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(loaded.manifest));
  hash.update(
    `\0${options.split}\0${embedder.name}\0${INDEX_VERSION}\0${options.vectors?.kind ?? "sqlite-vec"}`,
  );
  for (const entry of splitEntries(loaded, options.split)) {
    const s = await Promise.resolve()
      .then(() => stat(artifactPath(loaded, entry)))
      .catch(() => null);
    hash.update(`\0${entry.path}:${s?.size ?? -1}:${s?.mtimeMs ?? -1}`);
  }
  return hash.digest("hex");
}
