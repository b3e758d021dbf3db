/**
 * @module The citation registry (Appendix J.8): valid sources get simplified ids (`src_1`, `src_2` …) for prompts,
 * which map back to real source ids; invalid or unusable sources are never registered, unknown keys never resolve.
 */
import type { AppName, Reference } from "../../core/index.ts";

/** The source types the workflow prompt distinguishes (J.4 integration: source-type preservation). */
export type SourceType =
  | "internal_document"
  | "enterprise_file"
  | "enterprise_email"
  | "enterprise_chat"
  | "web";

export type Source = {
  /** Real source id: the document's handle in the environment (`doc-<12 hex>`), or a URL for the web. */
  id: string;
  title: string;
  app: AppName | "web";
  path: string;
  author: string;
  date: string;
};

export type RegisteredSource = Source & { key: string; type: SourceType };

const KEY = /^src_(\d+)$/;

export function sourceType(app: Source["app"]): SourceType {
  switch (app) {
    case "drive":
      return "enterprise_file";
    case "files":
      return "internal_document";
    case "email":
      return "enterprise_email";
    case "chat":
      return "enterprise_chat";
    default:
      return "web";
  }
}

export class CitationRegistry {
  private readonly byKey = new Map<string, RegisteredSource>();
  private readonly byId = new Map<string, RegisteredSource>();

  /**
   * Register a source and return its key (the same key for the same id). A source without an id, or whose id is
   * only whitespace, is unusable: returns null and registers nothing.
   */
  register(source: Source): string | null {
    const id = source.id.trim();
    if (!id) return null;
    const existing = this.byId.get(id);
    if (existing) return existing.key;
    const key = `src_${this.byKey.size + 1}`;
    const entry: RegisteredSource = { ...source, id, key, type: sourceType(source.app) };
    this.byKey.set(key, entry);
    this.byId.set(id, entry);
    return key;
  }

  /** The source a citation names: a registered `src_N` key, or a registered real id cited directly. */
  resolve(citation: string): RegisteredSource | null {
    const c = citation.trim();
    return this.byKey.get(c) ?? this.byId.get(c) ?? null;
  }

  keyOf(sourceId: string): string | null {
    return this.byId.get(sourceId)?.key ?? null;
  }

  entries(): RegisteredSource[] {
    return [...this.byKey.values()].sort((a, b) => Number(KEY.exec(a.key)![1]) - Number(KEY.exec(b.key)![1]));
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The references section: one entry per key actually cited, in key order, unknown keys filtered out. */
  references(citedKeys: Iterable<string>): Reference[] {
    const cited = new Set<string>();
    for (const k of citedKeys) {
      const s = this.resolve(k);
      if (s) cited.add(s.key);
    }
    return this.entries()
      .filter((s) => cited.has(s.key))
      .map((s) => ({ key: s.key, source_id: s.id, title: s.title, app: s.app, path: s.path }));
  }
}
