/** @module Chat extraction: a Mattermost-bulk-import-shaped JSON channel → "[time] user: message" lines. */
import { z } from "zod";

export const ChatExport = z.object({
  version: z.number().int(),
  team: z.object({ name: z.string(), display_name: z.string() }),
  channels: z.array(
    z.object({
      team: z.string(),
      name: z.string(),
      display_name: z.string(),
      purpose: z.string().default(""),
    }),
  ),
  users: z.array(
    z.object({ username: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  ),
  posts: z.array(
    z.object({
      team: z.string(),
      channel: z.string(),
      user: z.string(),
      message: z.string(),
      create_at: z.number().int(),
    }),
  ),
});
export type ChatExport = z.infer<typeof ChatExport>;

export function parseChat(text: string): ChatExport {
  return ChatExport.parse(JSON.parse(text));
}

export function extractChat(text: string): string {
  const chat = parseChat(text);
  const channel = chat.channels[0];
  const head = channel ? [`Channel: ${channel.display_name} (${channel.name})`, channel.purpose, ""] : [];
  const lines = chat.posts.map((p) => `[${new Date(p.create_at).toISOString()}] ${p.user}: ${p.message}`);
  return [...head, ...lines].join("\n");
}
