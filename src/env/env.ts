/** @module The `Env` an agent explores: four apps plus hybrid search over everything they hold. */
import type { AppName, Persona, Split, TaskKind } from "../core/index.ts";
import type { HybridIndex } from "../retrieval/index.ts";
import type { WebTools } from "../web/types.ts";
import { byHandle } from "./documents.ts";
import type { App, Env, EnvDocument, SearchHit } from "./types.ts";

export const APP_NAMES: readonly AppName[] = ["drive", "files", "chat", "email"];

export type EnvParts = {
  taskId: string;
  kind?: TaskKind;
  question: string;
  subquestions?: readonly string[];
  web?: WebTools | null;
  user: Persona;
  split: Split;
  apps: Record<AppName, App>;
  /** Index over every app's documents; closed with the env. */
  index: HybridIndex;
};

/** Assemble an `Env`; reads go to the apps (so a service backend serves its own content), search goes to the index. */
export function createEnv(parts: EnvParts): Env {
  const { apps, index } = parts;
  return {
    taskId: parts.taskId,
    kind: parts.kind ?? "drflow",
    question: parts.question,
    subquestions: parts.subquestions ?? [],
    web: parts.web ?? null,
    user: parts.user,
    split: parts.split,
    embedder: index.embedder.name,
    apps,
    search(query, options = {}): Promise<SearchHit[]> {
      return index.search(query, {
        apps: options.apps,
        limit: options.limit ?? 10,
        mode: options.mode ?? "hybrid",
      });
    },
    async read(id: string): Promise<EnvDocument | null> {
      for (const name of APP_NAMES) {
        const doc = await apps[name].read(id);
        if (doc) return doc;
      }
      return null;
    },
    async list(app?: AppName): Promise<EnvDocument[]> {
      const names = app ? [app] : APP_NAMES;
      const lists = await Promise.all(names.map((n) => apps[n].list()));
      // handle order on every backend: what a service lists first (IMAP UID, WebDAV name) is not a signal either
      return lists.flat().sort(byHandle);
    },
    async close() {
      const closing = new Set(Object.values(apps));
      for (const app of closing) await app.close();
      await index.close();
    },
  };
}

/** What an `Env` is before its index is built: the task's metadata and web tools. */
export type EnvMeta = Omit<Env, "apps" | "search" | "read" | "list" | "close">;

/**
 * An `Env` whose metadata is there at once and whose apps and search wait for `build` (an index building in the
 * background). The build starts when `startAfter` settles, or at once without it, or when the env is first used,
 * whichever comes first; closing the env waits for a started build and closes what it built (one never started is
 * not started any more).
 */
export function deferredEnv(meta: EnvMeta, build: () => Promise<Env>, startAfter?: Promise<unknown>): Env {
  const { promise: built, resolve: resolveBuilt, reject: rejectBuilt } = Promise.withResolvers<Env>();
  built.catch(() => {}); // whoever uses the env sees the failure
  let started = false;
  let closed = false;
  const ready = (): Promise<Env> => {
    if (!started && !closed) {
      started = true;
      build().then(resolveBuilt, rejectBuilt);
    }
    return built;
  };
  if (startAfter) startAfter.then(ready, ready);
  else ready();
  const apps = Object.fromEntries(
    APP_NAMES.map((name): [AppName, App] => [
      name,
      {
        name,
        add: async (docs) => (await ready()).apps[name].add(docs),
        list: async () => (await ready()).apps[name].list(),
        read: async (id) => (await ready()).apps[name].read(id),
        search: async (query, limit) => (await ready()).apps[name].search(query, limit),
        close: async () => {},
      },
    ]),
  ) as Record<AppName, App>;
  const builtOk = built.then(() => {});
  builtOk.catch(() => {});
  return {
    ...meta,
    ready: builtOk,
    apps,
    search: async (query, options) => (await ready()).search(query, options),
    read: async (id) => (await ready()).read(id),
    list: async (app) => (await ready()).list(app),
    async close() {
      closed = true;
      if (!started) return;
      const env = await built.catch(() => null);
      await env?.close();
    },
  };
}
