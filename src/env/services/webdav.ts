/**
 * @module The drive and files apps over WebDAV with Nextcloud's layout (`/remote.php/dav/files/<user>/<app>/…`), via the
 * `webdav` client. Realized files are PUT as they are (PDF, DOCX, Markdown…) under their ordinary names and nothing
 * else: the mapping from a file's path to its document handle, title, author and date is drflow's own state (this
 * app's memory), never a file on the server. List and read download and extract them. WebDAV has no standard
 * full-text search, so search ranks the folder's documents locally.
 */
import { posix } from "node:path";
import { createClient, type FileStat, type WebDAVClient } from "webdav";
import type { AppName, ArtifactFormat } from "../../core/index.ts";
import { extractBytes } from "../../extract/index.ts";
import { rankDocuments } from "../../retrieval/index.ts";
import type { App, EnvDocument, SearchHit } from "../types.ts";

export type WebdavConfig = {
  /** The user's files root, e.g. `http://host/remote.php/dav/files/alice`. */
  url: string;
  user?: string;
  pass?: string;
};

/** What drflow knows of a file it PUT (never stored on the server). */
type Known = Pick<EnvDocument, "id" | "title" | "path" | "author" | "date" | "channel" | "subject"> & {
  /** Where the bytes are, relative to the app folder. */
  file: string;
  format: ArtifactFormat;
};

const EXTENSION_FORMAT: Record<string, ArtifactFormat> = {
  ".pdf": "pdf",
  ".docx": "docx",
  ".md": "md",
  ".eml": "eml",
  ".json": "chat",
  ".csv": "csv",
  ".txt": "txt",
};

/** `http://user:pass@host/remote.php/dav/files/user` → config (credentials taken out of the URL). */
export function parseWebdavUrl(url: string): WebdavConfig {
  const u = new URL(url);
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = "";
  u.password = "";
  return { url: u.toString().replace(/\/$/, ""), ...(user ? { user } : {}), ...(pass ? { pass } : {}) };
}

/** Whether the server answers at the user's files root with these credentials (throws its error when not). */
export async function probeWebdav(config: WebdavConfig): Promise<void> {
  const client = createClient(config.url, {
    ...(config.user ? { username: config.user, password: config.pass ?? "" } : {}),
  });
  if (!(await client.exists("/")))
    throw new Error(`no WebDAV folder at ${config.url} (expected …/remote.php/dav/files/<user>)`);
}

/** Refuse paths that would leave the app folder. */
function safeRelative(path: string, docId: string): string {
  const norm = posix.normalize(path.replace(/\\/g, "/")).replace(/^\/+/, "");
  if (norm === "" || norm === "." || norm.startsWith("../") || norm === "..") {
    throw new Error(
      `WebDAV: document ${docId} has path "${path}"; expected a relative path inside the app folder`,
    );
  }
  return norm;
}

/** The `drive` or `files` app stored under `<url>/<folder>/`. */
export function webdavApp(name: AppName, config: WebdavConfig, folder: string = name): App {
  const client: WebDAVClient = createClient(config.url, {
    ...(config.user ? { username: config.user, password: config.pass ?? "" } : {}),
  });
  const root = `/${safeRelative(folder, folder)}`;

  /** drflow's state: handle → what it knows of the file, and the file it is stored in. */
  const known = new Map<string, Known>();
  const byFile = () => new Map([...known.values()].map((e) => [`${root}/${e.file}`, e]));

  async function load(remote: string, entry: Known | undefined): Promise<EnvDocument> {
    const rel = remote.slice(root.length + 1);
    const format = entry?.format ?? EXTENSION_FORMAT[posix.extname(rel).toLowerCase()] ?? "txt";
    const bytes = new Uint8Array((await client.getFileContents(remote)) as ArrayBuffer);
    const text = await extractBytes(bytes, format);
    const doc: EnvDocument = {
      id: entry?.id ?? rel,
      app: name,
      title: entry?.title ?? posix.basename(rel),
      path: entry?.path ?? rel,
      text,
      author: entry?.author ?? "",
      date: entry?.date ?? "",
      format,
    };
    if (entry?.channel !== undefined) doc.channel = entry.channel;
    if (entry?.subject !== undefined) doc.subject = entry.subject;
    return doc;
  }

  async function listAll(): Promise<EnvDocument[]> {
    if (!(await client.exists(root))) return [];
    const byRemote = byFile();
    const items = (await client.getDirectoryContents(root, { deep: true })) as FileStat[];
    const files = items
      .filter((f) => f.type === "file")
      .map((f) => f.filename)
      .sort();
    return Promise.all(files.map((f) => load(f, byRemote.get(f))));
  }

  return {
    name,
    async add(docs) {
      await client.createDirectory(root, { recursive: true });
      for (const doc of docs) {
        if (doc.app !== name) throw new Error(`app ${name}: document ${doc.id} belongs to app "${doc.app}"`);
        const rel = safeRelative(
          doc.path.startsWith(`${name}/`) ? doc.path.slice(name.length + 1) : doc.path,
          doc.id,
        );
        const hasRaw = doc.raw !== undefined && doc.format !== undefined;
        const stored = hasRaw
          ? rel
          : rel.replace(/(\.[^./]+)?$/, (ext) =>
              ext && EXTENSION_FORMAT[ext] === "txt" ? ext : `${ext}.txt`,
            );
        const format: ArtifactFormat = hasRaw ? doc.format! : "txt";
        const dir = posix.dirname(`${root}/${stored}`);
        if (dir !== root) await client.createDirectory(dir, { recursive: true });
        await client.putFileContents(`${root}/${stored}`, hasRaw ? Buffer.from(doc.raw!) : doc.text, {
          overwrite: true,
        });
        for (const [id, e] of known) if (e.file === stored && id !== doc.id) known.delete(id);
        const previous = known.get(doc.id);
        if (previous && previous.file !== stored)
          await client.deleteFile(`${root}/${previous.file}`).catch(() => undefined);
        known.set(doc.id, {
          id: doc.id,
          path: doc.path,
          file: stored,
          format,
          title: doc.title,
          author: doc.author,
          date: doc.date,
          ...(doc.channel !== undefined ? { channel: doc.channel } : {}),
          ...(doc.subject !== undefined ? { subject: doc.subject } : {}),
        });
      }
    },
    list: listAll,
    async read(id) {
      const entry = known.get(id);
      if (entry) return load(`${root}/${entry.file}`, entry);
      const remote = `${root}/${safeRelative(id, id)}`;
      return (await client.exists(remote)) ? load(remote, undefined) : null;
    },
    async search(query: string, limit: number): Promise<SearchHit[]> {
      return rankDocuments(await listAll(), query, { limit });
    },
    async close() {},
  };
}
