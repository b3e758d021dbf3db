/** @module The environment an agent explores: four apps over a task's realized files, and search across them. */
import type { AppName, ArtifactFormat, Persona, Split, TaskKind } from "../core/index.ts";
import type { SearchHit } from "../retrieval/search-hit.ts";
import type { WebTools } from "../web/types.ts";

export type { SearchHit };

/**
 * Gold-side fields of a manifest entry or an evidence unit. None may appear on a type an agent sees: `NoGold<T>` is
 * `true` only when `T` has none, so `const ok: NoGold<EnvDocument> = true` stops compiling on a leak.
 */
export type GoldField =
  | "role"
  | "side"
  | "evidence"
  | "supports_steps"
  | "resolves_conditions"
  | "selects_branch"
  | "case_id";
export type NoGold<T> = [Extract<keyof T, GoldField>] extends [never] ? true : never;

/** A document as an app serves it: text extracted from the realized file, never from task.json. */
export type EnvDocument = {
  /** The document's opaque handle (`doc-<12 hex>`); a service's native id for documents drflow did not load. */
  id: string;
  app: AppName;
  title: string;
  path: string;
  text: string;
  author: string;
  date: string;
  /** Chat channel or email subject, when the app has one. */
  channel?: string;
  subject?: string;
  /** The realized file the text came from (service backends load these bytes: APPEND an .eml, PUT a PDF). */
  format?: ArtifactFormat;
  raw?: Uint8Array;
};

/** One app (drive, files, chat, email) behind one interface, embedded or backed by a real service. */
export interface App {
  readonly name: AppName;
  add(docs: EnvDocument[]): Promise<void>;
  list(): Promise<EnvDocument[]>;
  read(id: string): Promise<EnvDocument | null>;
  search(query: string, limit: number): Promise<SearchHit[]>;
  close(): Promise<void>;
}

export type EnvOptions = { split: Split; backend?: "embedded" | "services" };

export interface Env {
  readonly taskId: string;
  /** What the task asks for: a DRFlow workflow or a DRBench research report (an agent picks its output form from it). */
  readonly kind?: TaskKind;
  readonly question: string;
  /** Sub-questions that come with the question (DRBench tasks; empty otherwise). */
  readonly subquestions?: readonly string[];
  /** The web the agent may use (a task's offline pages, or the live web when asked); null when there is none. */
  readonly web?: WebTools | null;
  /**
   * The mailbox owner, as the task's persona gives them: whose emails, chats and files these are, and their role and
   * responsibilities (the paper's "persona block"; an agent may know this, nothing more).
   */
  readonly user: Persona;
  readonly split: Split;
  /** The name of the embedder the search index was built with (`hashing-…` or a model handle). */
  readonly embedder?: string;
  /**
   * Settles when the search index is built (an env loaded in the background); rejects with the build's failure, so a
   * run whose searches all failed (say, the embedder's key is missing) fails instead of reporting without evidence.
   */
  readonly ready?: Promise<void>;
  readonly apps: Record<AppName, App>;
  /** Hybrid search across every app (BM25 + vectors, fused). */
  search(
    query: string,
    options?: { apps?: AppName[]; limit?: number; mode?: "hybrid" | "bm25" | "vector" },
  ): Promise<SearchHit[]>;
  read(id: string): Promise<EnvDocument | null>;
  list(app?: AppName): Promise<EnvDocument[]>;
  close(): Promise<void>;
}
