/**
 * @module The email app over IMAP (imapflow): a task's .eml files are APPENDed to a mailbox; list and read fetch them
 * back; search is the server's IMAP SEARCH (any query word in the text) with the candidates ranked locally.
 */
import { ImapFlow } from "imapflow";
import { extractEml, parseEml } from "../../extract/index.ts";
import { rankDocuments, words } from "../../retrieval/index.ts";
import type { App, EnvDocument, SearchHit } from "../types.ts";
import { composedMessageId, toMessage } from "./mail-format.ts";

export type ImapConfig = {
  host: string;
  port: number;
  user: string;
  pass: string;
  secure?: boolean;
  mailbox?: string;
};

/** `imap://user:pass@host:port[/mailbox]` (or `imaps://`) → config. */
export function parseImapUrl(url: string): ImapConfig {
  const u = new URL(url);
  if (u.protocol !== "imap:" && u.protocol !== "imaps:")
    throw new Error(`IMAP URL "${u.protocol}//…": expected imap:// or imaps://`);
  const secure = u.protocol === "imaps:";
  const mailbox = decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined;
  return {
    host: u.hostname,
    port: Number(u.port || (secure ? 993 : 143)),
    user: decodeURIComponent(u.username),
    pass: decodeURIComponent(u.password),
    secure,
    ...(mailbox ? { mailbox } : {}),
  };
}

/** Connect and return the email `App`; the mailbox is created when missing. */
export async function imapApp(config: ImapConfig): Promise<App> {
  const mailbox = config.mailbox ?? "INBOX";
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure ?? false,
    auth: { user: config.user, pass: config.pass },
    logger: false,
  });
  await client.connect();
  if (mailbox !== "INBOX") await client.mailboxCreate(mailbox).catch(() => undefined);

  async function withMailbox<T>(fn: () => Promise<T>): Promise<T> {
    const lock = await client.getMailboxLock(mailbox);
    try {
      return await fn();
    } finally {
      lock.release();
    }
  }

  /**
   * drflow's own state: Message-ID → the document's handle, path and title. The mailbox holds ordinary messages
   * only; a message this app did not add is listed under its Message-ID.
   */
  const known = new Map<string, { id: string; path: string; title: string }>();
  const messageIdOf = new Map<string, string>();

  async function asDocument(source: Buffer): Promise<EnvDocument | null> {
    const mail = await parseEml(source);
    const text = await extractEml(source);
    const meta = known.get(mail.messageId);
    const id = meta?.id ?? (mail.messageId || null);
    if (!id) return null;
    return {
      id,
      app: "email",
      title: meta?.title || mail.subject,
      path: meta?.path ?? "",
      text,
      author: mail.from,
      date: mail.date,
      subject: mail.subject,
      format: "eml",
    };
  }

  async function fetchDocs(uids: number[] | "1:*"): Promise<EnvDocument[]> {
    if (Array.isArray(uids) && uids.length === 0) return [];
    const docs: EnvDocument[] = [];
    for await (const msg of client.fetch(uids, { source: true, uid: true }, { uid: true })) {
      if (!msg.source) continue;
      const doc = await asDocument(msg.source);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  async function uidsOf(id: string): Promise<number[]> {
    const messageId = messageIdOf.get(id) ?? id;
    const found = await client.search({ header: { "message-id": messageId } }, { uid: true });
    return found || [];
  }

  return {
    name: "email",
    async add(docs) {
      const messages: { doc: EnvDocument; message: Uint8Array; messageId: string }[] = [];
      for (const doc of docs) {
        if (doc.app !== "email") throw new Error(`app email: document ${doc.id} belongs to app "${doc.app}"`);
        const message = toMessage(doc);
        const messageId =
          doc.raw && doc.format === "eml" ? (await parseEml(message)).messageId : composedMessageId(doc);
        if (!messageId) throw new Error(`app email: document ${doc.path || doc.id} has no Message-ID header`);
        messages.push({ doc, message, messageId });
      }
      // Adding again replaces: the message this document was before, and any message with the same Message-ID
      // (a mailbox loaded by an earlier run, whose mapping that run kept).
      await withMailbox(async () => {
        for (const { doc, messageId } of messages) {
          const old = [...new Set([...(await uidsOf(doc.id)), ...(await uidsOf(messageId))])];
          if (old.length > 0) await client.messageDelete(old, { uid: true });
        }
      });
      for (const { doc, message, messageId } of messages) {
        known.set(messageId, { id: doc.id, path: doc.path, title: doc.title });
        messageIdOf.set(doc.id, messageId);
        await client.append(mailbox, Buffer.from(message), ["\\Seen"]);
      }
    },
    list: () =>
      withMailbox(async () => {
        const status = await client.status(mailbox, { messages: true });
        return status && (status.messages ?? 0) > 0 ? fetchDocs("1:*") : [];
      }),
    read: (id) =>
      withMailbox(async () => (await fetchDocs(await uidsOf(id))).find((d) => d.id === id) ?? null),
    async search(query: string, limit: number): Promise<SearchHit[]> {
      const terms = [...new Set(words(query))].slice(0, 12);
      if (terms.length === 0) return [];
      const candidates = await withMailbox(async () => {
        const criteria = terms.length === 1 ? { text: terms[0] } : { or: terms.map((t) => ({ text: t })) };
        return fetchDocs((await client.search(criteria, { uid: true })) || []);
      });
      return rankDocuments(candidates, query, { limit });
    },
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}
