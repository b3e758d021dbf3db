/**
 * @module The chat app over the Mattermost REST API v4 (`@mattermost/client`): one channel per chat artifact in a
 * team (created when missing), one post per message; list/read fetch channel posts back; search is Mattermost's post
 * search with the matching channels ranked locally. The server holds what a real workspace would: channels named after
 * the chat (its file name), posts with their author (`override_username`, the webhook convention) and time. Which
 * channel is which document (handle, path, title) is drflow's own state, kept in this app, never a channel header.
 */
import { Client4 } from "@mattermost/client";
import { extractChat, parseChat } from "../../extract/index.ts";
import { rankDocuments, words } from "../../retrieval/index.ts";
import type { App, EnvDocument, SearchHit } from "../types.ts";

export type MattermostConfig = {
  /** Server URL, e.g. `http://localhost:8065`. */
  url: string;
  /** Team name (created when missing); default `drflow`. */
  team?: string;
} & ({ token: string } | { user: string; pass: string });

const MAX_POST = 16_000;
const PAGE = 200;

/** What drflow knows of a channel it created for a document (never stored on the server). */
type ChannelMeta = {
  id: string;
  path: string;
  title: string;
  author: string;
  date: string;
  kind: "chat" | "text";
  /** The artifact's own channel (chat exports). */
  name: string;
  display: string;
  purpose: string;
  channelId: string;
};

type Channel = { id: string; name: string; display_name: string; header: string; purpose?: string };
type Post = {
  id: string;
  channel_id: string;
  message: string;
  create_at: number;
  props?: Record<string, unknown>;
};
type PostList = { order: string[]; posts: Record<string, Post> };

/**
 * The channel a document becomes, named as a workspace would name it: after the file (`chat/preop-nursing-2025-07-29.json`
 * → `preop-nursing-2025-07-29`); Mattermost channel names are lowercase letters, digits, `-`, `_`, 2–64 characters.
 */
export function channelName(path: string): string {
  const stem = (path.split("/").pop() ?? path).replace(/\.[^.]+$/, "");
  const slug = stem
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return slug.length >= 2 ? slug : `${slug}-chat`.replace(/^-/, "");
}

function status(error: unknown): number | undefined {
  return (error as { status_code?: number }).status_code;
}

/** Connect (log in when given a user) and return the chat `App`. */
export async function mattermostApp(config: MattermostConfig): Promise<App> {
  const client = new Client4();
  client.setUrl(config.url.replace(/\/$/, ""));
  if ("token" in config) client.setToken(config.token);
  else await client.login(config.user, config.pass);
  const teamName = config.team ?? "drflow";
  let teamId: string | null = null;

  async function team(create: boolean): Promise<string | null> {
    if (teamId) return teamId;
    try {
      teamId = (await client.getTeamByName(teamName)).id;
    } catch (error) {
      if (status(error) !== 404 || !create) {
        if (status(error) === 404) return null;
        throw error;
      }
      teamId = (await client.createTeam({ name: teamName, display_name: teamName, type: "O" } as never)).id;
    }
    return teamId;
  }

  /** drflow's state: handle → what it knows of the document's channel; channel id → handle. */
  const known = new Map<string, ChannelMeta>();
  const byChannel = new Map<string, string>();

  async function channelNamed(name: string): Promise<Channel | null> {
    const t = await team(false);
    if (!t) return null;
    try {
      return (await client.getChannelByName(t, name)) as unknown as Channel;
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
  }

  async function posts(channelId: string): Promise<Post[]> {
    const out: Post[] = [];
    for (let page = 0; ; page++) {
      const list = (await client.getPosts(channelId, page, PAGE)) as unknown as PostList;
      out.push(...list.order.map((id) => list.posts[id]!).filter(Boolean));
      if (list.order.length < PAGE) break;
    }
    return out.sort((a, b) => a.create_at - b.create_at);
  }

  function meta(channel: Channel): ChannelMeta | null {
    const id = byChannel.get(channel.id);
    return id ? (known.get(id) ?? null) : null;
  }

  async function asDocument(channel: Channel): Promise<EnvDocument | null> {
    const m = meta(channel);
    if (!m) return null;
    const list = await posts(channel.id);
    let text: string;
    if (m.kind === "chat") {
      text = extractChat(
        JSON.stringify({
          version: 1,
          team: { name: teamName, display_name: teamName },
          channels: [{ team: teamName, name: m.name, display_name: m.display, purpose: m.purpose }],
          users: [],
          posts: list.map((p) => ({
            team: teamName,
            channel: m.name,
            user: String(p.props?.override_username ?? ""),
            message: p.message,
            create_at: p.create_at,
          })),
        }),
      );
    } else {
      text = list.map((p) => p.message).join("");
    }
    const doc: EnvDocument = {
      id: m.id,
      app: "chat",
      title: m.title,
      path: m.path,
      text,
      author: m.author,
      date: m.date,
    };
    doc.channel = m.kind === "chat" ? m.display : channel.display_name;
    return doc;
  }

  return {
    name: "chat",
    async add(docs) {
      const t = (await team(true))!;
      for (const doc of docs) {
        if (doc.app !== "chat") throw new Error(`app chat: document ${doc.id} belongs to app "${doc.app}"`);
        const chat = doc.raw && doc.format === "chat" ? parseChat(doc.raw) : null;
        const own = chat?.channels[0];
        // another document of this load already holds the name (same file name in two folders): number it
        const base = channelName(doc.path || doc.title);
        let name = base;
        let channel = await channelNamed(name);
        for (let k = 2; channel && byChannel.has(channel.id) && byChannel.get(channel.id) !== doc.id; k++) {
          name = `${base.slice(0, 60)}-${k}`;
          channel = await channelNamed(name);
        }
        if (channel) {
          for (const p of await posts(channel.id)) await client.deletePost(p.id);
        } else {
          channel = (await client.createChannel({
            team_id: t,
            name,
            display_name: (doc.channel ?? doc.title).slice(0, 64),
            type: "O",
            purpose: (own?.purpose ?? doc.title).slice(0, 250),
          } as never)) as unknown as Channel;
        }
        const previous = known.get(doc.id);
        if (previous) byChannel.delete(previous.channelId);
        known.set(doc.id, {
          id: doc.id,
          path: doc.path,
          title: doc.title,
          author: doc.author,
          date: doc.date,
          kind: chat ? "chat" : "text",
          name: own?.name ?? "",
          display: own?.display_name ?? "",
          purpose: own?.purpose ?? "",
          channelId: channel.id,
        });
        byChannel.set(channel.id, doc.id);
        // a chat export's posts keep their author (the webhook convention `override_username`) and their time
        const messages = chat
          ? chat.posts.map((p) => ({
              message: p.message,
              create_at: p.create_at,
              props: { override_username: p.user },
            }))
          : Array.from({ length: Math.max(1, Math.ceil(doc.text.length / MAX_POST)) }, (_, i) => ({
              message: doc.text.slice(i * MAX_POST, (i + 1) * MAX_POST),
            }));
        for (const msg of messages) await client.createPost({ channel_id: channel.id, ...msg } as never);
      }
    },
    async list() {
      const t = await team(false);
      if (!t) return [];
      const channels: Channel[] = [];
      for (let page = 0; ; page++) {
        const batch = (await client.getChannels(t, page, PAGE)) as unknown as Channel[];
        channels.push(...batch);
        if (batch.length < PAGE) break;
      }
      const docs: EnvDocument[] = [];
      for (const c of channels) {
        const doc = meta(c) ? await asDocument(c) : null;
        if (doc) docs.push(doc);
      }
      return docs;
    },
    async read(id) {
      const m = known.get(id);
      if (!m) return null;
      return asDocument((await client.getChannel(m.channelId)) as unknown as Channel);
    },
    async search(query: string, limit: number): Promise<SearchHit[]> {
      const t = await team(false);
      const terms = [...new Set(words(query))];
      if (!t || terms.length === 0) return [];
      const found = (await client.searchPostsWithParams(t, {
        terms: terms.join(" "),
        is_or_search: true,
        include_deleted_channels: false,
        page: 0,
        per_page: 100,
      })) as unknown as PostList;
      const channelIds = [
        ...new Set(found.order.map((id) => found.posts[id]?.channel_id).filter((c): c is string => !!c)),
      ].filter((c) => byChannel.has(c));
      const docs: EnvDocument[] = [];
      for (const id of channelIds) {
        const doc = await asDocument((await client.getChannel(id)) as unknown as Channel);
        if (doc) docs.push(doc);
      }
      return rankDocuments(docs, query, { limit });
    },
    async close() {},
  };
}
