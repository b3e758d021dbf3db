/** @module Chat realization: one channel as JSON shaped like a Mattermost bulk import (team, channels, users, posts). */
import type { ChatContent } from "./content.ts";

export function renderChat(content: ChatContent): string {
  const team = content.team.name;
  const channel = content.channel.name;
  const doc = {
    version: 1,
    team: { name: team, display_name: content.team.display_name, type: "I" },
    channels: [
      {
        team,
        name: channel,
        display_name: content.channel.display_name,
        type: "O",
        purpose: content.channel.purpose,
      },
    ],
    users: content.users.map((u) => ({
      username: u.username,
      email: u.email,
      first_name: u.first_name,
      last_name: u.last_name,
      teams: [{ name: team, channels: [{ name: channel }] }],
    })),
    posts: content.posts.map((p) => ({
      team,
      channel,
      user: p.user,
      message: p.message,
      create_at: p.create_at,
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
