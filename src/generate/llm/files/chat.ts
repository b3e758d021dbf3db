/** @module Chat artifacts: the Mattermost set-up (K.15), one channel-day of posts carrying the target, and the naturalness review with one rewrite. */
import { z } from "zod";
import { fill } from "../../../llm/prompt-template.ts";
import {
  MIN_REVIEWED_POSTS,
  needsRewrite,
  reviewChannelDay,
  reviewerFeedback,
} from "../../../review/naturalness.ts";
import type { Rng } from "../../procedural/prng.ts";
import type { ChatContent } from "../../realize/index.ts";
import { slug } from "../../slug.ts";
import { CHAT_POSTS, CHAT_SETUP } from "../prompts/chat.ts";
import { generateValidated } from "../regenerate.ts";
import type { CastMember } from "../stages/s6-adjacent.ts";
import { callSettings } from "../stages/stage-env.ts";
import { companySlots, type FileContext, personaContext, type Realized } from "./context.ts";
import { type FactTarget, numberErrors } from "./targets.ts";

const Membership = z.object({
  name: z.string(),
  roles: z.string(),
  channels: z.array(z.object({ name: z.string(), roles: z.string() })),
});
export const ChatSetup = z.object({
  teams: z.array(
    z.object({
      type: z.string(),
      team: z.object({
        name: z.string().min(1),
        display_name: z.string(),
        type: z.string(),
        header: z.string(),
        purpose: z.string(),
      }),
    }),
  ),
  channels: z.array(
    z.object({
      type: z.string(),
      channel: z.object({
        team: z.string(),
        name: z.string().min(1),
        display_name: z.string(),
        type: z.string(),
        header: z.string(),
        purpose: z.string(),
      }),
    }),
  ),
  users: z.array(
    z.object({
      type: z.string(),
      user: z.object({
        username: z.string().min(1),
        email: z.string(),
        password: z.string(),
        nickname: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        position: z.string(),
        roles: z.string(),
        locale: z.string(),
        teams: z.array(Membership),
      }),
    }),
  ),
});
export type ChatSetup = z.infer<typeof ChatSetup>;

export const ChatPosts = z.object({
  posts: z.array(
    z.object({
      user: z.string().min(1),
      minute: z.number().int().min(0),
      message: z.string().min(1),
      carries_target: z.boolean(),
    }),
  ),
});
export type ChatPosts = z.infer<typeof ChatPosts>;

const RESERVED = /^(channel|api|login|admin|signup)/;

export function checkChatSetup(s: ChatSetup, persona: { username: string; email: string }): string[] {
  const errors: string[] = [];
  if (s.teams.length < 2) errors.push(`$.teams: expected at least 2 teams, got ${s.teams.length}`);
  if (s.channels.length < 2)
    errors.push(`$.channels: expected at least 2 channels, got ${s.channels.length}`);
  if (s.users.length < 3) errors.push(`$.users: expected at least 3 users, got ${s.users.length}`);
  const teams = new Set(s.teams.map((t) => t.team.name));
  s.teams.forEach((t, i) => {
    if (RESERVED.test(t.team.name))
      errors.push(`$.teams[${i}].team.name: "${t.team.name}" starts with a reserved prefix`);
  });
  const channels = new Map(s.channels.map((c) => [c.channel.name, c.channel.team]));
  s.channels.forEach((c, i) => {
    if (!teams.has(c.channel.team))
      errors.push(`$.channels[${i}].channel.team: team "${c.channel.team}" does not exist`);
  });
  s.users.forEach((u, i) => {
    if (u.user.teams.length === 0)
      errors.push(`$.users[${i}].user.teams: expected membership of at least one team`);
    u.user.teams.forEach((m, j) => {
      if (!teams.has(m.name))
        errors.push(`$.users[${i}].user.teams[${j}].name: team "${m.name}" does not exist`);
      m.channels.forEach((c, k) => {
        if (channels.get(c.name) !== m.name) {
          errors.push(
            `$.users[${i}].user.teams[${j}].channels[${k}].name: channel "${c.name}" does not exist in team "${m.name}"`,
          );
        }
      });
    });
  });
  const me = s.users.find((u) => u.user.username === persona.username);
  if (!me) errors.push(`$.users: expected the persona with username "${persona.username}" exactly as given`);
  else {
    if (me.user.email !== persona.email)
      errors.push(`$.users: the persona's email must be "${persona.email}", got "${me.user.email}"`);
    const mine = new Set(me.user.teams.flatMap((m) => m.channels.map((c) => c.name)));
    for (const c of channels.keys())
      if (!mine.has(c)) errors.push(`$.users: the persona must be a member of channel "${c}"`);
  }
  return errors;
}

export function channelMembers(s: ChatSetup, channel: string): string[] {
  return s.users
    .filter((u) => u.user.teams.some((m) => m.channels.some((c) => c.name === channel)))
    .map((u) => u.user.username);
}

export function checkPosts(
  p: ChatPosts,
  turns: number,
  members: readonly string[],
  target: FactTarget,
): string[] {
  const errors: string[] = [];
  if (p.posts.length !== turns)
    errors.push(`$.posts: expected exactly ${turns} posts, got ${p.posts.length}`);
  p.posts.forEach((post, i) => {
    if (!members.includes(post.user))
      errors.push(
        `$.posts[${i}].user: "${post.user}" is not a member of the channel (${members.join(", ")})`,
      );
    if (i > 0 && post.minute <= p.posts[i - 1]!.minute) {
      errors.push(
        `$.posts[${i}].minute: expected posts in chronological order (after minute ${p.posts[i - 1]!.minute}), got ${post.minute}`,
      );
    }
  });
  const carriers = p.posts.map((post, i) => [post, i] as const).filter(([post]) => post.carries_target);
  if (carriers.length !== 1)
    errors.push(`$.posts: expected exactly one post with carries_target true, got ${carriers.length}`);
  else errors.push(...numberErrors(target, carriers[0]![0].message, `$.posts[${carriers[0]![1]}].message`));
  return errors;
}

export type ChatRequest = {
  target: FactTarget;
  date: string;
  rng: Rng;
  stage: string;
  /** A fixed cast (adjacent cases): skips K.15 and uses the persona plus these colleagues in one channel. */
  cast?: CastMember[];
};

function castSetup(ctx: FileContext, cast: NonNullable<ChatRequest["cast"]>): ChatSetup {
  const domain = ctx.persona.email.split("@")[1] ?? "example.com";
  const team = slug(`${ctx.seed.company_name}-cases`);
  const channel = slug(`case-${cast[0]?.last_name ?? "team"}`);
  const people = [
    {
      username: ctx.persona.username,
      email: ctx.persona.email,
      first_name: ctx.persona.name.split(" ")[0] ?? "",
      last_name: ctx.persona.name.split(" ").slice(1).join(" "),
      position: ctx.persona.role,
    },
    ...cast.map((c) => ({
      username: c.username,
      email: `${c.username}@${domain}`,
      first_name: c.first_name,
      last_name: c.last_name,
      position: c.role,
    })),
  ];
  return {
    teams: [
      {
        type: "team",
        team: { name: team, display_name: ctx.seed.company_name, type: "O", header: "", purpose: "" },
      },
    ],
    channels: [
      {
        type: "channel",
        channel: {
          team,
          name: channel,
          display_name: channel,
          type: "O",
          header: "",
          purpose: "Case coordination",
        },
      },
    ],
    users: people.map((p) => ({
      type: "user",
      user: {
        ...p,
        password: "",
        nickname: p.first_name,
        roles: "system_user",
        locale: "en",
        teams: [{ name: team, roles: "team_user", channels: [{ name: channel, roles: "channel_user" }] }],
      },
    })),
  };
}

/** One channel-day: set-up (K.15, or the case cast), posts (validated, regenerated), naturalness review and at most one rewrite. */
export async function realizeChat(ctx: FileContext, req: ChatRequest): Promise<Realized> {
  const base = { ...callSettings(ctx.env), stage: req.stage };
  const setup = req.cast
    ? castSetup(ctx, req.cast)
    : (
        await generateValidated({
          ...base,
          prompt: fill(CHAT_SETUP, {
            ...companySlots(ctx.seed),
            persona_context: personaContext(ctx),
            specific_question: req.target.question,
            answer: req.target.answer,
            num_turns: ctx.chatTurns,
          }),
          schema: ChatSetup,
          schemaName: "chat_setup",
          template: CHAT_SETUP.id,
          validate: (s) => checkChatSetup(s, ctx.persona),
        })
      ).object;
  const channel = req.rng.pick(setup.channels).channel;
  const members = channelMembers(setup, channel.name);
  const postsFor = async (feedback: string) =>
    (
      await generateValidated({
        ...base,
        prompt: fill(CHAT_POSTS, {
          ...companySlots(ctx.seed),
          persona_context: personaContext(ctx),
          channel: channel.display_name || channel.name,
          channel_purpose: channel.purpose,
          members: members.join(", "),
          date: req.date,
          specific_question: req.target.question,
          answer: req.target.answer,
          num_turns: ctx.chatTurns,
          reviewer_feedback: feedback,
        }),
        schema: ChatPosts,
        schemaName: "chat_posts",
        template: CHAT_POSTS.id,
        validate: (p) => checkPosts(p, ctx.chatTurns, members, req.target),
      })
    ).object;
  let posts = await postsFor("");
  if (posts.posts.length >= MIN_REVIEWED_POSTS) {
    const review = await reviewChannelDay(ctx.env.model, channel.name, posts.posts, ctx.env.runId);
    if (needsRewrite(review)) posts = await postsFor(reviewerFeedback(review));
  }
  const start = Date.parse(`${req.date}T09:00:00Z`);
  const users = setup.users.filter((u) => members.includes(u.user.username)).map((u) => u.user);
  const content: ChatContent = {
    kind: "chat",
    team: {
      name: channel.team,
      display_name: setup.teams.find((t) => t.team.name === channel.team)?.team.display_name ?? channel.team,
    },
    channel: {
      name: channel.name,
      display_name: channel.display_name || channel.name,
      purpose: channel.purpose,
    },
    users: users.map((u) => ({
      username: u.username,
      email: u.email,
      first_name: u.first_name,
      last_name: u.last_name,
    })),
    posts: posts.posts.map((p) => ({
      user: p.user,
      message: p.message,
      create_at: start + p.minute * 60_000,
    })),
  };
  const carrierIndex = posts.posts.findIndex((p) => p.carries_target);
  const carrier = posts.posts[carrierIndex]!.message;
  return {
    content,
    modality: "chat",
    carrier,
    carrierPath: ["posts", carrierIndex, "message"],
    title: `#${channel.name} ${req.date}`,
    stem: `${slug(channel.name)}-${req.date}`,
    author: posts.posts[carrierIndex]!.user,
    date: req.date,
    people: users.map((u) => ({
      name: `${u.first_name} ${u.last_name}`.trim(),
      email: u.email,
      username: u.username,
      role: u.position,
    })),
    channels: [channel.name],
  };
}
