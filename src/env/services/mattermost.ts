/**
 * @module The chat app over the Mattermost REST API v4 (`@mattermost/client`): one channel per chat artifact in a
 * team (created when missing), one post per message; list/read fetch channel posts back; search is Mattermost's post
 * search with the matching channels ranked locally. Channel headers carry the drflow metadata (`drflow:{…}`).
 */
import { Client4 } from "@mattermost/client";
import { z } from "zod";
import { rankDocuments, words } from "../../retrieval/index.ts";
import { extractChat, parseChat } from "../extract/index.ts";
import type { App, EnvDocument, SearchHit } from "../types.ts";

export type MattermostConfig = {
  /** Server URL, e.g. `http://localhost:8065`. */
  url: string;
  /** Team name (created when missing); default `drflow`. */
  team?: string;
} & ({ token: string } | { user: string; pass: string });

const HEADER_PREFIX = "drflow:";
const MAX_POST = 16_000;
const PAGE = 200;

const ChannelMeta = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
  author: z.string(),
  date: z.string(),
  kind: z.enum(["chat", "text"]),
  /** The artifact's own channel (chat exports). */
  name: z.string().default(""),
  display: z.string().default(""),
  purpose: z.string().default(""),
});
type ChannelMeta = z.infer<typeof ChannelMeta>;

type Channel = { id: string; name: string; display_name: string; header: string; purpose?: string };
type Post = {
  id: string;
  channel_id: string;
  message: string;
  create_at: number;
  props?: Record<string, unknown>;
};
type PostList = { order: string[]; posts: Record<string, Post> };

/** Mattermost channel names: lowercase letters, digits, `-`, `_`, 2–64 characters. */
export function channelName(docId: string): string {
  const slug = docId
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `d-${slug}`.slice(0, 64);
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

  async function channelOf(id: string): Promise<Channel | null> {
    const t = await team(false);
    if (!t) return null;
    try {
      return (await client.getChannelByName(t, channelName(id))) as unknown as Channel;
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
    if (!channel.header?.startsWith(HEADER_PREFIX)) return null;
    const parsed = ChannelMeta.safeParse(JSON.parse(channel.header.slice(HEADER_PREFIX.length)));
    return parsed.success ? parsed.data : null;
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
            user: String(p.props?.drflow_user ?? ""),
            message: p.message,
            create_at: Number(p.props?.drflow_create_at ?? p.create_at),
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
        const chat = doc.raw && doc.format === "chat" ? parseChat(new TextDecoder().decode(doc.raw)) : null;
        const own = chat?.channels[0];
        const m: ChannelMeta = {
          id: doc.id,
          path: doc.path,
          title: doc.title.slice(0, 200),
          author: doc.author,
          date: doc.date,
          kind: chat ? "chat" : "text",
          name: own?.name ?? "",
          display: own?.display_name ?? "",
          purpose: (own?.purpose ?? "").slice(0, 200),
        };
        let channel = await channelOf(doc.id);
        if (channel) {
          for (const p of await posts(channel.id)) await client.deletePost(p.id);
          await client.patchChannel(channel.id, { header: HEADER_PREFIX + JSON.stringify(m) });
        } else {
          channel = (await client.createChannel({
            team_id: t,
            name: channelName(doc.id),
            display_name: (doc.channel ?? doc.title).slice(0, 64),
            type: "O",
            header: HEADER_PREFIX + JSON.stringify(m),
            purpose: doc.title.slice(0, 250),
          })) as unknown as Channel;
        }
        const messages = chat
          ? chat.posts.map((p) => ({
              message: p.message,
              props: { drflow_user: p.user, drflow_create_at: p.create_at },
            }))
          : Array.from({ length: Math.max(1, Math.ceil(doc.text.length / MAX_POST)) }, (_, i) => ({
              message: doc.text.slice(i * MAX_POST, (i + 1) * MAX_POST),
              props: {},
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
      const channel = await channelOf(id);
      return channel ? asDocument(channel) : null;
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
      ];
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
