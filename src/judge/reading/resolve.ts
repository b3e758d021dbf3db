/**
 * @module Citation key → the task source it names, for every citation form a report may use: drflow's reference keys
 * (`src_1` → artifact id), artifact ids, footnotes and numbered references (through the report's own definitions),
 * artifact paths (`drive/x.md`), DRBench's own names (`IN001_pdf/x.md`, `shared/x.docx`, the folder `IN011_roundcube`),
 * a file name with or without its extension, a document title, and URLs of pages in the task's offline web store.
 * Names that match more than one source resolve to none (reported unresolved).
 */
import { basename, extname } from "node:path";
import type { ArtifactEntry, Task } from "../../core/index.ts";
import { normalizeUrl } from "../../web/types.ts";
import type { SourceDocument, SourceReader } from "../sources.ts";
import { scanCitations } from "./citations.ts";
import type { ReadReport } from "./report.ts";

export type ResolvedCitations = {
  documents: SourceDocument[];
  unresolved: string[];
  /** The unresolved keys that name a web page (a URL) the task's offline web store does not hold. */
  unsavedWeb: string[];
};
export type CitationResolver = (keys: readonly string[]) => Promise<ResolvedCitations>;

const norm = (s: string) =>
  s
    .trim()
    .replace(/^`|`$/g, "")
    .replace(/^\.?\/+/, "")
    .replace(/^artifacts\//, "")
    .toLowerCase();
const stem = (s: string) => basename(norm(s), extname(s)).replace(/[\s_-]+/g, "-");

/** Index of the names each source goes by; a name claimed by two sources is ambiguous and dropped. */
function nameIndex(task: Task, artifacts: readonly ArtifactEntry[], webUrls: readonly string[]) {
  const exact = new Map<string, string | null>();
  const loose = new Map<string, string | null>();
  const titles = new Map<string, string | null>();
  const put = (map: Map<string, string | null>, name: string, id: string) => {
    if (!name) return;
    const prev = map.get(name);
    map.set(name, prev === undefined || prev === id ? id : null);
  };
  for (const a of artifacts) {
    put(exact, a.id.toLowerCase(), a.id);
    put(exact, norm(a.path), a.id);
    put(exact, norm(`${a.app}/${basename(a.path)}`), a.id);
    put(loose, stem(a.path), a.id);
    put(loose, a.title.trim().toLowerCase(), a.id);
    put(titles, a.title.trim().toLowerCase(), a.id);
  }
  for (const f of task.drbench?.files ?? []) {
    put(exact, norm(f.source), f.artifact_id);
    put(exact, norm(f.source.split("/")[0] ?? ""), f.artifact_id);
    if (f.destination) put(exact, norm(f.destination), f.artifact_id);
    put(loose, stem(f.source), f.artifact_id);
    if (f.destination) put(loose, stem(f.destination), f.artifact_id);
  }
  for (const url of webUrls) put(exact, normalizeUrl(url).toLowerCase(), url);
  return { exact, loose, titles };
}

/** One resolver per evaluated report: its definitions and references first, then the task's names for its sources. */
export function citationResolver(
  task: Task,
  artifacts: readonly ArtifactEntry[],
  webUrls: readonly string[],
  reading: Pick<ReadReport, "definitions">,
  read: SourceReader,
): CitationResolver {
  const { exact, loose, titles } = nameIndex(task, artifacts, webUrls);
  const lookup = (candidate: string): string | null => {
    const c = candidate.trim();
    if (!c) return null;
    if (/^https?:\/\//i.test(c)) return exact.get(normalizeUrl(c).toLowerCase()) ?? null;
    const n = norm(c);
    // A document's title names that document only when no other has it; a shared title names none.
    if (titles.has(n) && !exact.has(n)) return titles.get(n) ?? null;
    const hit = exact.get(n) ?? exact.get(n.split("/")[0] ?? "") ?? loose.get(stem(c)) ?? loose.get(n);
    return hit ?? null;
  };
  const idFor = (key: string): string => {
    // A key that is itself a name ("drive/x.md" in "- [drive/x.md] — Title") names its file, whatever the line adds.
    if (!/^\^?\d+$/.test(key.trim())) {
      const own = lookup(key);
      if (own) return own;
    }
    const target = reading.definitions.get(key) ?? key;
    const direct = lookup(target);
    if (direct) return direct;
    // A definition may say more than a name: "IN001_pdf/x.md — Food safety report", "[1] Title (shared/x.docx)". Its
    // path- or id-like parts first (a title two files share names neither), then what is left as a title; never a
    // single ordinary word, which could be any file's stem.
    const parts = [...scanCitations(target).keys, ...target.split(/[\s()<>,;—–]+/)].filter((c) =>
      /[/._:\d]/.test(c),
    );
    for (const c of parts) {
      const id = lookup(c);
      if (id) return id;
    }
    const title = parts
      .reduce((t, p) => t.split(p).join(" "), target)
      .replace(/[[\]()<>—–:]+/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    const byTitle = title.includes(" ") ? lookup(title) : null;
    if (byTitle) return byTitle;
    // Not a known name: the key may still be a source id the reader knows (a custom reader, an env document id).
    return target;
  };
  return async (keys) => {
    const documents: SourceDocument[] = [];
    const unresolved: string[] = [];
    const unsavedWeb: string[] = [];
    for (const key of keys) {
      const doc = await read(idFor(key));
      if (doc && !documents.some((d) => d.id === doc.id)) documents.push(doc);
      else if (!doc) {
        unresolved.push(key);
        if (/^https?:\/\//i.test(reading.definitions.get(key) ?? key)) unsavedWeb.push(key);
      }
    }
    return { documents, unresolved, unsavedWeb };
  };
}
