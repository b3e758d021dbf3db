/** @module The embedded app: documents in SQLite next to the shared hybrid index; search is that index restricted to the app. */
import type { AppName } from "../../core/index.ts";
import { chunkDocument, type HybridIndex } from "../../retrieval/index.ts";
import type { App, EnvDocument, SearchHit } from "../types.ts";

const SCHEMA = `CREATE TABLE IF NOT EXISTS documents (
  id TEXT PRIMARY KEY, app TEXT NOT NULL, title TEXT NOT NULL, path TEXT NOT NULL, text TEXT NOT NULL,
  author TEXT NOT NULL, date TEXT NOT NULL, channel TEXT, subject TEXT, format TEXT, seq INTEGER NOT NULL)`;

/** Optional document fields, stored as NULL when absent. */
type Nullable = "channel" | "subject" | "format";
/** A `documents` row: an EnvDocument without its raw bytes, optional fields as NULL. */
type Row = Omit<EnvDocument, Nullable | "raw"> & { [K in Nullable]: NonNullable<EnvDocument[K]> | null };

function asDocument(r: Row): EnvDocument {
  const doc: EnvDocument = {
    id: r.id,
    app: r.app,
    title: r.title,
    path: r.path,
    text: r.text,
    author: r.author,
    date: r.date,
  };
  if (r.channel !== null) doc.channel = r.channel;
  if (r.subject !== null) doc.subject = r.subject;
  if (r.format !== null) doc.format = r.format;
  return doc;
}

/** An in-process app whose documents live in the index's database (so a persisted index keeps them). */
export function embeddedApp(name: AppName, index: HybridIndex): App {
  const db = index.db;
  db.run(SCHEMA);
  return {
    name,
    async add(docs: EnvDocument[]) {
      for (const d of docs) {
        if (d.app !== name) throw new Error(`app ${name}: document ${d.id} belongs to app "${d.app}"`);
      }
      const put = db.query(
        `INSERT INTO documents(id, app, title, path, text, author, date, channel, subject, format, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM documents))
         ON CONFLICT(id) DO UPDATE SET app = excluded.app, title = excluded.title, path = excluded.path, text = excluded.text,
           author = excluded.author, date = excluded.date, channel = excluded.channel, subject = excluded.subject, format = excluded.format`,
      );
      db.transaction(() => {
        for (const d of docs) {
          put.run(
            d.id,
            d.app,
            d.title,
            d.path,
            d.text,
            d.author,
            d.date,
            d.channel ?? null,
            d.subject ?? null,
            d.format ?? null,
          );
        }
      })();
      await index.add(docs.flatMap((d) => chunkDocument(d)));
    },
    async list() {
      return (db.query("SELECT * FROM documents WHERE app = ? ORDER BY seq").all(name) as Row[]).map(
        asDocument,
      );
    },
    async read(id: string) {
      const row = db.query("SELECT * FROM documents WHERE id = ? AND app = ?").get(id, name) as Row | null;
      return row ? asDocument(row) : null;
    },
    search(query: string, limit: number): Promise<SearchHit[]> {
      return index.search(query, { apps: [name], limit });
    },
    async close() {},
  };
}
