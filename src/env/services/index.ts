/** @module Connect the service backends named by URLs (flags or `DRFLOW_*` environment variables) into apps for `loadEnv`. */
import type { AppName } from "../../core/index.ts";
import { redactSecrets } from "../../core/redact.ts";
import { chromaStore, type VectorStore } from "../../retrieval/index.ts";
import type { App } from "../types.ts";
import { imapApp, parseImapUrl } from "./imap.ts";
import { mattermostApp } from "./mattermost.ts";
import { parseWebdavUrl, probeWebdav, webdavApp } from "./webdav.ts";

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

/** Each service as a user names it: the flag and variable of its URL, its compose.yaml service, the apps it serves. */
const SERVICE = {
  imap: {
    label: "IMAP server",
    flag: "--imap",
    variable: "DRFLOW_IMAP_URL",
    compose: "dovecot",
    apps: "email",
  },
  webdav: {
    label: "WebDAV server",
    flag: "--webdav",
    variable: "DRFLOW_WEBDAV_URL",
    compose: "nextcloud",
    apps: "drive and files",
  },
  mattermost: {
    label: "Mattermost",
    flag: "--mattermost",
    variable: "DRFLOW_MATTERMOST_URL",
    compose: "mattermost",
    apps: "chat",
  },
  chroma: {
    label: "Chroma",
    flag: "--chroma",
    variable: "DRFLOW_CHROMA_URL",
    compose: "chroma",
    apps: "the vectors",
  },
} as const;

/** A configured service that could not be reached or refused drflow: which, where, why, and what to do. */
export class ServiceConnectError extends Error {
  constructor(
    readonly service: keyof typeof SERVICE,
    url: string,
    cause: unknown,
  ) {
    const s = SERVICE[service];
    super(
      `${s.label} at ${redactSecrets(url)} (${s.flag} or ${s.variable}) did not connect: ${(cause as Error)?.message ?? String(cause)} — ` +
        `start it (compose.yaml: docker compose up -d ${s.compose}), name another with ${s.flag}, or leave both unset to keep ${s.apps} embedded`,
    );
    this.name = "ServiceConnectError";
  }
}

/** `connect`, with its failure told as the service's (`ServiceConnectError`). */
async function reach<T>(service: keyof typeof SERVICE, url: string, connect: () => Promise<T>): Promise<T> {
  try {
    return await connect();
  } catch (error) {
    throw new ServiceConnectError(service, url, error);
  }
}

/** Open every configured service, each checked to answer; apps not configured are left to the embedded backend. */
export async function connectServices(
  urls: ServiceUrls,
  collection: string,
): Promise<{ apps: Partial<Record<AppName, App>>; vectors?: VectorStore }> {
  const apps: Partial<Record<AppName, App>> = {};
  const { imap, webdav, mattermost, chroma } = urls;
  if (imap) apps.email = await reach("imap", imap, () => imapApp(parseImapUrl(imap)));
  if (webdav) {
    const config = parseWebdavUrl(webdav);
    await reach("webdav", webdav, () => probeWebdav(config));
    apps.drive = webdavApp("drive", config);
    apps.files = webdavApp("files", config);
  }
  if (mattermost) {
    const u = new URL(mattermost);
    const user = decodeURIComponent(u.username);
    const pass = decodeURIComponent(u.password);
    u.username = "";
    u.password = "";
    const url = u.toString().replace(/\/$/, "");
    const team = urls.mattermostTeam ? { team: urls.mattermostTeam } : {};
    const token = urls.mattermostToken;
    if (!token && !user)
      throw new Error(
        `Mattermost ${url}: give DRFLOW_MATTERMOST_TOKEN or credentials in the URL (http://user:pass@host:8065)`,
      );
    apps.chat = await reach("mattermost", mattermost, () =>
      mattermostApp(token ? { url, token, ...team } : { url, user, pass, ...team }),
    );
  }
  const vectors = chroma
    ? await reach("chroma", chroma, () =>
        chromaStore({ url: chroma, collection: urls.collection ?? collection, reset: true }),
      )
    : undefined;
  return { apps, ...(vectors ? { vectors } : {}) };
}
