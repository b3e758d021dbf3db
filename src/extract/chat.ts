/** @module Chat extraction: a Mattermost-bulk-import-shaped JSON channel → "[time] user: message" lines. */
import { z } from "zod";
import { decodeUtf8 } from "../core/utf8.ts";
import { FieldError, parseFields } from "../core/zod-issues.ts";

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

/**
 * A chat export from its bytes (UTF-8, or refused naming the byte) or text; JSON of the wrong shape is refused with
 * one "`file`: $.field: expected …" line per problem, never a dump of zod's issues.
 */
export function parseChat(input: string | Uint8Array, file = "chat export"): ChatExport {
  const text = typeof input === "string" ? input : decodeUtf8(input);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new FieldError([{ file, path: "$", expected: `expected JSON (${(error as Error).message})` }]);
  }
  return parseFields(ChatExport, data, file);
}

export function extractChat(input: string | Uint8Array): string {
  const chat = parseChat(input);
  const channel = chat.channels[0];
  const head = channel ? [`Channel: ${channel.display_name} (${channel.name})`, channel.purpose, ""] : [];
  const lines = chat.posts.map((p) => `[${new Date(p.create_at).toISOString()}] ${p.user}: ${p.message}`);
  return [...head, ...lines].join("\n");
}
