/** @module Email artifacts: the users (K.16) and one thread whose last message carries the target, realized as an RFC 5322 `.eml`. */
import { z } from "zod";
import { fill } from "../../../llm/prompt-template.ts";
import { messageId } from "../../message-id.ts";
import type { Address, EmailContent } from "../../realize/index.ts";
import { slug } from "../../slug.ts";
import { WRAP_ARRAY } from "../prompts/addenda.ts";
import { EMAIL_THREAD, EMAIL_USERS } from "../prompts/email.ts";
import { generateValidated } from "../regenerate.ts";
import type { CastMember } from "../stages/s6-adjacent.ts";
import { callSettings } from "../stages/stage-env.ts";
import { companySlots, type FileContext, personaContext, type Realized } from "./context.ts";
import { type FactTarget, numberErrors } from "./targets.ts";

export const EmailUser = z.object({
  type: z.string(),
  username: z.string().min(1),
  first_name: z.string().min(1),
  last_name: z.string(),
  email: z.string().min(3),
  password: z.string(),
});
export type EmailUser = z.infer<typeof EmailUser>;
export const EmailUsers = z.object({ users: z.array(EmailUser) });

export const EmailThread = z.object({
  subject: z.string().min(1),
  messages: z.array(
    z.object({
      from: z.string().min(3),
      to: z.array(z.string().min(3)),
      body: z.string().min(1),
      carries_target: z.boolean(),
    }),
  ),
});
export type EmailThread = z.infer<typeof EmailThread>;

export function checkEmailUsers(
  out: z.infer<typeof EmailUsers>,
  persona: { username: string; email: string },
): string[] {
  const errors: string[] = [];
  if (out.users.length < 3) errors.push(`$.users: expected at least 3 users, got ${out.users.length}`);
  if (!out.users.some((u) => u.email.toLowerCase() === persona.email.toLowerCase())) {
    errors.push(`$.users: expected the persona ${persona.email} among the users`);
  }
  const emails = out.users.map((u) => u.email.toLowerCase());
  if (new Set(emails).size !== emails.length) errors.push("$.users: expected distinct email addresses");
  return errors;
}

export function checkThread(
  t: EmailThread,
  n: number,
  participants: readonly string[],
  persona: string,
  target: FactTarget,
): string[] {
  const errors: string[] = [];
  const known = new Set(participants.map((p) => p.toLowerCase()));
  if (t.messages.length !== n)
    errors.push(`$.messages: expected exactly ${n} emails, got ${t.messages.length}`);
  t.messages.forEach((m, i) => {
    for (const [where, addr] of [["from", m.from], ...m.to.map((a, j) => [`to[${j}]`, a])] as const) {
      if (!known.has(addr.toLowerCase()))
        errors.push(`$.messages[${i}].${where}: "${addr}" is not one of the participants`);
    }
    if (m.to.length === 0) errors.push(`$.messages[${i}].to: expected at least one recipient`);
    const involved = [m.from, ...m.to].some((a) => a.toLowerCase() === persona.toLowerCase());
    if (!involved) errors.push(`$.messages[${i}]: the persona ${persona} must send or receive every email`);
  });
  const carriers = t.messages.filter((m) => m.carries_target);
  const last = t.messages[t.messages.length - 1];
  if (carriers.length !== 1 || !last?.carries_target) {
    errors.push(
      `$.messages: expected carries_target true on the last email only, got ${carriers.length} carrier(s)`,
    );
  } else errors.push(...numberErrors(target, last.body, `$.messages[${t.messages.length - 1}].body`));
  return errors;
}

export type EmailRequest = {
  target: FactTarget;
  date: string;
  /** Artifact id, used to make Message-IDs unique. */
  id: string;
  stage: string;
  /** A fixed cast (adjacent cases): skips K.16 and writes between the persona and these colleagues. */
  cast?: CastMember[];
};

export async function realizeEmail(ctx: FileContext, req: EmailRequest): Promise<Realized> {
  const base = { ...callSettings(ctx.env), stage: req.stage };
  const domain = ctx.persona.email.split("@")[1] ?? "example.com";
  const users: EmailUser[] = req.cast
    ? [
        {
          type: "user",
          username: ctx.persona.username,
          first_name: ctx.persona.name,
          last_name: "",
          email: ctx.persona.email,
          password: "",
        },
        ...req.cast.map((c) => ({
          type: "user",
          username: c.username,
          first_name: c.first_name,
          last_name: c.last_name,
          email: `${c.username}@${domain}`,
          password: "",
        })),
      ]
    : (
        await generateValidated({
          ...base,
          prompt: `${fill(EMAIL_USERS, {
            ...companySlots(ctx.seed),
            persona_context: personaContext(ctx),
            specific_question: req.target.question,
            answer: req.target.answer,
            num_messages: ctx.emailMessages,
          })}\n\n${fill(WRAP_ARRAY, { key: "users" })}`,
          schema: EmailUsers,
          schemaName: "email_users",
          template: EMAIL_USERS.id,
          validate: (o) => checkEmailUsers(o, ctx.persona),
        })
      ).object.users;
  const participants = users.map((u) => u.email);
  const thread = (
    await generateValidated({
      ...base,
      prompt: fill(EMAIL_THREAD, {
        ...companySlots(ctx.seed),
        persona_context: personaContext(ctx),
        participants: users.map((u) => `${`${u.first_name} ${u.last_name}`.trim()} <${u.email}>`).join(", "),
        date: req.date,
        specific_question: req.target.question,
        answer: req.target.answer,
        num_messages: ctx.emailMessages,
      }),
      schema: EmailThread,
      schemaName: "email_thread",
      template: EMAIL_THREAD.id,
      validate: (t) => checkThread(t, ctx.emailMessages, participants, ctx.persona.email, req.target),
    })
  ).object;
  const byEmail = new Map(users.map((u) => [u.email.toLowerCase(), u]));
  const addr = (email: string): Address => {
    const u = byEmail.get(email.toLowerCase());
    return { name: u ? `${u.first_name} ${u.last_name}`.trim() : email, email: u?.email ?? email };
  };
  const content: EmailContent = {
    kind: "email",
    thread: thread.messages.map((m, i) => ({
      messageId: messageId(`${req.id}/${i}`, domain, ctx.secret),
      from: addr(m.from),
      to: m.to.map(addr),
      cc: [],
      date: `${req.date}T${String(9 + i).padStart(2, "0")}:00:00Z`,
      subject: i === 0 ? thread.subject : `Re: ${thread.subject}`,
      body: m.body,
    })),
  };
  const last = thread.messages[thread.messages.length - 1]!;
  return {
    content,
    modality: "email",
    carrier: last.body,
    carrierPath: ["thread", thread.messages.length - 1, "body"],
    title: thread.subject,
    // the subject alone: a working id (`<task>_IN_<n>`) in a file name would tell the agent its role
    stem: slug(thread.subject),
    author: addr(last.from).email,
    date: req.date,
    people: users.map((u) => ({
      name: `${u.first_name} ${u.last_name}`.trim(),
      email: u.email,
      username: u.username,
      role: "",
    })),
    channels: [],
  };
}
