/** @module Connect the service backends named by URLs (flags or `DRFLOW_*` environment variables) into apps for `loadEnv`. */
import type { AppName } from "../../core/index.ts";
import { chromaStore, type VectorStore } from "../../retrieval/index.ts";
import type { App } from "../types.ts";
import { imapApp, parseImapUrl } from "./imap.ts";
import { parseWebdavUrl, webdavApp } from "./webdav.ts";

export { type ImapConfig, imapApp, parseImapUrl } from "./imap.ts";
export { parseWebdavUrl, type WebdavConfig, webdavApp } from "./webdav.ts";

export type ServiceUrls = {
  /** `imap://user:pass@host:port[/mailbox]` → email app. */
  imap?: string;
  /** `http://user:pass@host/remote.php/dav/files/<user>` → drive (`<root>/drive/`) and files (`<root>/files/`). */
  webdav?: string;
  /** Chroma server for the env's vectors, e.g. `http://127.0.0.1:8000`. */
  chroma?: string;
  /** Chroma collection name (default `drflow-<task>-<split>`). */
  collection?: string;
};

/** Service URLs from the environment: DRFLOW_IMAP_URL, DRFLOW_WEBDAV_URL, DRFLOW_CHROMA_URL. */
export function serviceUrlsFromEnv(env: Record<string, string | undefined> = process.env): ServiceUrls {
  return {
    ...(env.DRFLOW_IMAP_URL ? { imap: env.DRFLOW_IMAP_URL } : {}),
    ...(env.DRFLOW_WEBDAV_URL ? { webdav: env.DRFLOW_WEBDAV_URL } : {}),
    ...(env.DRFLOW_CHROMA_URL ? { chroma: env.DRFLOW_CHROMA_URL } : {}),
  };
}

/** Open every configured service; apps not configured are left to the embedded backend. */
export async function connectServices(
  urls: ServiceUrls,
  collection: string,
): Promise<{ apps: Partial<Record<AppName, App>>; vectors?: VectorStore }> {
  const apps: Partial<Record<AppName, App>> = {};
  if (urls.imap) apps.email = await imapApp(parseImapUrl(urls.imap));
  if (urls.webdav) {
    const config = parseWebdavUrl(urls.webdav);
    apps.drive = webdavApp("drive", config);
    apps.files = webdavApp("files", config);
  }
  const vectors = urls.chroma
    ? await chromaStore({ url: urls.chroma, collection: urls.collection ?? collection, reset: true })
    : undefined;
  return { apps, ...(vectors ? { vectors } : {}) };
}
