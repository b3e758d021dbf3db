/** @module Connect the service backends named by URLs (flags or `DRFLOW_*` environment variables) into apps for `loadEnv`. */
import type { AppName } from "../../core/index.ts";
import { chromaStore, type VectorStore } from "../../retrieval/index.ts";
import type { App } from "../types.ts";
import { imapApp, parseImapUrl } from "./imap.ts";
import { mattermostApp } from "./mattermost.ts";
import { parseWebdavUrl, webdavApp } from "./webdav.ts";

export { type ImapConfig, imapApp, parseImapUrl } from "./imap.ts";
export { channelName, type MattermostConfig, mattermostApp } from "./mattermost.ts";
export { parseWebdavUrl, type WebdavConfig, webdavApp } from "./webdav.ts";

export type ServiceUrls = {
  /** `imap://user:pass@host:port[/mailbox]` → email app. */
  imap?: string;
  /** `http://user:pass@host/remote.php/dav/files/<user>` → drive (`<root>/drive/`) and files (`<root>/files/`). */
  webdav?: string;
  /** Mattermost server → chat app; with a personal access token, or `http://user:pass@host:8065`. */
  mattermost?: string;
  mattermostToken?: string;
  /** Mattermost team to load into (default `drflow`). */
  mattermostTeam?: string;
  /** Chroma server for the env's vectors, e.g. `http://127.0.0.1:8000`. */
  chroma?: string;
  /** Chroma collection name (default `drflow-<task>-<split>`). */
  collection?: string;
};

/**
 * Service URLs from the environment: DRFLOW_IMAP_URL, DRFLOW_WEBDAV_URL, DRFLOW_MATTERMOST_URL (+ DRFLOW_MATTERMOST_TOKEN,
 * DRFLOW_MATTERMOST_TEAM), DRFLOW_CHROMA_URL.
 */
export function serviceUrlsFromEnv(env: Record<string, string | undefined> = process.env): ServiceUrls {
  return {
    ...(env.DRFLOW_IMAP_URL ? { imap: env.DRFLOW_IMAP_URL } : {}),
    ...(env.DRFLOW_WEBDAV_URL ? { webdav: env.DRFLOW_WEBDAV_URL } : {}),
    ...(env.DRFLOW_MATTERMOST_URL ? { mattermost: env.DRFLOW_MATTERMOST_URL } : {}),
    ...(env.DRFLOW_MATTERMOST_TOKEN ? { mattermostToken: env.DRFLOW_MATTERMOST_TOKEN } : {}),
    ...(env.DRFLOW_MATTERMOST_TEAM ? { mattermostTeam: env.DRFLOW_MATTERMOST_TEAM } : {}),
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
  if (urls.mattermost) {
    const u = new URL(urls.mattermost);
    const user = decodeURIComponent(u.username);
    const pass = decodeURIComponent(u.password);
    u.username = "";
    u.password = "";
    const url = u.toString().replace(/\/$/, "");
    const team = urls.mattermostTeam ? { team: urls.mattermostTeam } : {};
    if (urls.mattermostToken) apps.chat = await mattermostApp({ url, token: urls.mattermostToken, ...team });
    else if (user) apps.chat = await mattermostApp({ url, user, pass, ...team });
    else
      throw new Error(
        `Mattermost ${url}: give DRFLOW_MATTERMOST_TOKEN or credentials in the URL (http://user:pass@host:8065)`,
      );
  }
  const vectors = urls.chroma
    ? await chromaStore({ url: urls.chroma, collection: urls.collection ?? collection, reset: true })
    : undefined;
  return { apps, ...(vectors ? { vectors } : {}) };
}
