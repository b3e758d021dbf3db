/** @module A scripted "model" for the generation tests: picks the fixture reply by the request's schema name and prompt, and can plant errors on first attempts. */

import * as W from "../fixtures/generate-llm/world.ts";
import type { RecordedRequest, ScriptedReply } from "../support/scripted-server.ts";

type Message = { role: string; content: string };

export function messagesOf(req: RecordedRequest): Message[] {
  return ((req.body as { messages?: Message[] })?.messages ?? []).map((m) => ({
    role: m.role,
    content: String(m.content),
  }));
}

/** Schema name: from the JSON-schema response format, or from the prompt-mode instruction ("JSON object named X,"). */
export function schemaOf(req: RecordedRequest): string {
  const body = req.body as { response_format?: { json_schema?: { name?: string } } };
  const named = body.response_format?.json_schema?.name;
  if (named) return named;
  for (const m of messagesOf(req)) {
    const hit = /JSON object named ([A-Za-z0-9_]+)/.exec(m.content);
    if (hit) return hit[1]!;
  }
  return "";
}

/** The filled generation prompt (the first user message). */
export function promptOf(req: RecordedRequest): string {
  return messagesOf(req).find((m) => m.role === "user")?.content ?? "";
}

/** Is this a regeneration (a rejected answer was fed back)? */
export function isRetry(req: RecordedRequest): boolean {
  return messagesOf(req).some((m) => m.role === "assistant");
}

function grab(text: string, re: RegExp, what: string): string {
  const m = re.exec(text);
  if (!m) throw new Error(`fixture replier: cannot find ${what} in prompt: ${text.slice(0, 300)}`);
  return m[1]!.trim();
}

function specOf(prompt: string): W.WorldSpec {
  const spec = W.SPECS.find((s) => prompt.includes(s.company) || prompt.includes(s.question));
  if (!spec) throw new Error(`fixture replier: no fixture world matches the prompt: ${prompt.slice(0, 200)}`);
  return spec;
}

/** An insight paragraph and a distractor paragraph never share boilerplate (the leak check compares 8-word runs). */
function paragraph(heading: string, body: string, distractor: boolean): string {
  const text = body.replace(/\s+/g, " ").trim();
  return distractor
    ? `${text}. Facilities keeps the log for ${heading}. Requests go through the service desk.`
    : `${text}. ${heading} follows the same rule in every unit. Teams apply this the same way across all sites.`;
}

function sectionFor(
  prompt: string,
  wrongNumber: boolean,
  distractor: boolean,
): { subsection_heading: string; content: string; justification: string } {
  const heading = grab(
    prompt,
    /Subsection Heading: (.*?) Content Generation Requirements/s,
    "the subsection heading",
  );
  let target: string;
  if (prompt.includes("- Answer: ")) target = grab(prompt, /- Answer: (.*?) - Justification:/s, "the answer");
  else {
    const task = grab(prompt, /- Task: (.*?) - Task Description:/s, "the task");
    const desc = grab(prompt, /- Task Description: (.*?) - Subtask Description:/s, "the task description");
    const sub = grab(
      prompt,
      /- Subtask Description: (.*?) (?:- Prerequisite Description:|Subsection Heading:)/s,
      "the subtask",
    );
    const pre = /- Prerequisite Description: (.*?) Subsection Heading:/s.exec(prompt)?.[1] ?? "";
    target = [task, desc, sub === "None" ? "" : sub, pre === "None" ? "" : pre].join(" ");
  }
  if (wrongNumber) target = target.replace(/within (\d+) days/, (_, d) => `within ${Number(d) + 4} days`);
  return {
    subsection_heading: heading,
    content: paragraph(heading, target, distractor),
    justification: "Carries the target.",
  };
}

export type ReplierOptions = {
  /** Plant the three errors on their first attempt (in healthcare_01 only). */
  plant?: boolean;
  /** Naturalness score to give (default 4). */
  naturalness?: number;
};

export type Planted = { missingCondition: boolean; wrongNumber: boolean; adjacentContradiction: boolean };

/** The reply function for `startScriptedServer`, plus a record of which planted errors were served. */
export function fixtureReplier(opts: ReplierOptions = {}) {
  const planted: Planted = { missingCondition: false, wrongNumber: false, adjacentContradiction: false };
  const reply = (req: RecordedRequest): ScriptedReply => {
    if (req.path.endsWith("/embeddings")) return {};
    const schema = schemaOf(req);
    // Read as one line: the fields are found by their labels wherever the figure's layout breaks lines.
    const prompt = promptOf(req).replace(/\s+/g, " ");
    const retry = isRetry(req);
    const first = W.SPECS[0]!;
    const json = (v: unknown): ScriptedReply => ({ content: JSON.stringify(v) });
    switch (schema) {
      case "task_seeds": {
        const n = Number(grab(prompt, /generate exactly (\d+) Deep Research questions/, "n"));
        return json({ dr_questions: W.SPECS.slice(0, n).map(W.seedRow) });
      }
      case "dual_contexts":
        return json(W.contexts(specOf(prompt)));
      case "generic_workflow":
        return json(W.workflow(specOf(prompt)));
      case "company_distractors":
        return json(
          W.companyDistractors(
            specOf(prompt),
            Number(grab(prompt, /Generate (\d+) to-do steps/, "n_distractors")),
          ),
        );
      case "personalized_workflow":
        return json(W.personalized(specOf(prompt)));
      case "user_insights": {
        const spec = specOf(prompt);
        const drop = !!opts.plant && spec === first && !retry;
        if (drop) planted.missingCondition = true;
        return json(W.userInsights(spec, drop));
      }
      case "user_distractors":
        return json(
          W.userDistractors(specOf(prompt), Number(grab(prompt, /create (\d+) distractor events/, "n"))),
        );
      case "adjacent_questions":
        return json(W.adjacentQuestions(specOf(prompt)));
      case "adjacent_insights": {
        const spec = specOf(prompt);
        const ci = W.adjacentQuestions(spec).drs.findIndex((d) => prompt.includes(d.dr_question));
        return json(W.adjacentInsights(ci));
      }
      case "adjacent_scene": {
        const spec = specOf(prompt);
        const ci = W.adjacentQuestions(spec).drs.findIndex((d) => prompt.includes(d.dr_question));
        return json(W.scene(spec, ci));
      }
      case "company_insight_outline":
      case "company_distractor_outline":
      case "user_insight_outline":
      case "user_distractor_outline": {
        const n = Number(grab(prompt, /outline with exactly (\d+)\s+subsections/, "n_subsections"));
        return json({
          file_title: "Consent Operations Handbook",
          introduction: "This handbook describes how we work.",
          subsection_headings: Array.from(
            { length: n },
            (_, i) => `Operational Area ${String.fromCharCode(65 + i)}`,
          ),
          conclusion: "Following these practices keeps care safe.",
          file_name: "consent-ops-handbook",
        });
      }
      case "company_insight_section":
      case "company_distractor_section":
      case "user_insight_section":
      case "user_distractor_section": {
        const wrong =
          !!opts.plant &&
          !planted.wrongNumber &&
          schema === "company_insight_section" &&
          prompt.includes(first.company) &&
          /within \d+ days/.test(prompt);
        if (wrong) planted.wrongNumber = true;
        return json(sectionFor(prompt, wrong && !retry, schema.includes("distractor")));
      }
      case "company_filler_sections":
      case "user_filler_sections": {
        const headings = JSON.parse(
          grab(prompt, /Subsection Headings: (\[.*?\]) Content Generation Requirements/s, "headings"),
        ) as string[];
        return json({
          sections: headings.map((h) => ({
            subsection_heading: h,
            content: `${h} is reviewed each quarter. Staff share notes in the team meeting. Nothing here changes patient consent.`,
            justification: "Background only.",
          })),
        });
      }
      case "chat_setup": {
        const username = grab(prompt, /Username: (\S+)/, "persona username");
        const email = grab(prompt, /Email: (\S+)/, "persona email");
        const domain = email.split("@")[1];
        const member = (u: string, e: string, f: string, l: string) => ({
          type: "user",
          user: {
            username: u,
            email: e,
            password: "my_drbench_pwd",
            nickname: f,
            first_name: f,
            last_name: l,
            position: "Nurse",
            roles: "system_user",
            locale: "en",
            teams: [
              {
                name: "care-unit",
                roles: "team_user",
                channels: [{ name: "unit-huddle", roles: "channel_user" }],
              },
              {
                name: "quality-team",
                roles: "team_user",
                channels: [{ name: "quality-notes", roles: "channel_user" }],
              },
            ],
          },
        });
        return json({
          teams: [
            {
              type: "team",
              team: {
                name: "care-unit",
                display_name: "Care Unit",
                type: "O",
                header: "",
                purpose: "Unit coordination",
              },
            },
            {
              type: "team",
              team: {
                name: "quality-team",
                display_name: "Quality",
                type: "O",
                header: "",
                purpose: "Quality",
              },
            },
          ],
          channels: [
            {
              type: "channel",
              channel: {
                team: "care-unit",
                name: "unit-huddle",
                display_name: "Unit Huddle",
                type: "O",
                header: "",
                purpose: "Daily huddle",
              },
            },
            {
              type: "channel",
              channel: {
                team: "quality-team",
                name: "quality-notes",
                display_name: "Quality Notes",
                type: "O",
                header: "",
                purpose: "Quality notes",
              },
            },
          ],
          users: [
            member(username, email, "Me", "Self"),
            member("nina.ortiz", `nina.ortiz@${domain}`, "Nina", "Ortiz"),
            member("paul.grant", `paul.grant@${domain}`, "Paul", "Grant"),
          ],
        });
      }
      case "chat_posts": {
        const members = grab(
          prompt,
          /Members \(use exactly these usernames\): (.*?) Date of the conversation:/s,
          "members",
        ).split(/,\s*/);
        const answer = grab(prompt, /\*\*Answer to Specific Question\*\* (.*?) Requirements:/s, "answer");
        const lines = [
          "morning all",
          "quick one about the case",
          answer,
          "thanks, noted",
          "I'll update the board",
          "great, see you at huddle",
        ];
        return json({
          posts: lines.map((message, i) => ({
            user: members[i % members.length]!,
            minute: 5 + i * 4,
            message,
            carries_target: i === 2,
          })),
        });
      }
      case "naturalness_review":
        return json({
          score: opts.naturalness ?? 4,
          problems:
            (opts.naturalness ?? 4) <= 2 ? ["everybody narrating", "values recited without context"] : [],
        });
      case "email_users": {
        const username = grab(prompt, /Username: (\S+)/, "persona username");
        const email = grab(prompt, /Email: (\S+)/, "persona email");
        const domain = email.split("@")[1];
        return json({
          users: [
            { type: "user", username, first_name: "Me", last_name: "Self", email, password: "x" },
            {
              type: "user",
              username: "nina.ortiz",
              first_name: "Nina",
              last_name: "Ortiz",
              email: `nina.ortiz@${domain}`,
              password: "x",
            },
            {
              type: "user",
              username: "paul.grant",
              first_name: "Paul",
              last_name: "Grant",
              email: `paul.grant@${domain}`,
              password: "x",
            },
          ],
        });
      }
      case "email_thread": {
        const emails = [
          ...grab(
            prompt,
            /Participants \(use exactly these email addresses\): (.*?) Date of the first email:/s,
            "participants",
          ).matchAll(/<([^>]+)>/g),
        ].map((m) => m[1]!);
        const persona = grab(prompt, /Email: (\S+)/, "persona email");
        const other = emails.filter((e) => e !== persona);
        const answer = grab(prompt, /\*\*Answer to Specific Question\*\* (.*?) Requirements:/s, "answer");
        const n = Number(grab(prompt, /thread of exactly (\d+) emails/, "num_messages"));
        return json({
          subject: "Case follow-up",
          messages: Array.from({ length: n }, (_, i) => ({
            from: i % 2 === 0 ? other[0]! : persona,
            to: [i % 2 === 0 ? persona : other[0]!],
            body:
              i === n - 1
                ? `Hi, to confirm: ${answer} Best regards.`
                : "Hi, checking in on the case. Thanks.",
            carries_target: i === n - 1,
          })),
        });
      }
      case "adjacent_content_fact_checked": {
        const generated = JSON.parse(
          grab(
            prompt,
            /GENERATED CONTENT \(JSON\): (.*) Return the generated content as JSON/s,
            "generated JSON",
          ),
        );
        if (opts.plant && !planted.adjacentContradiction && prompt.includes(first.company) && !retry) {
          planted.adjacentContradiction = true;
          return { content: JSON.stringify(generated).replace(/2026-02-(\d\d)/g, "2026-01-$1") };
        }
        return json(generated);
      }
      case "evidence_answer": {
        const question = grab(prompt, /Question: (.*?) Cited records:/s, "question");
        const records = prompt.slice(prompt.indexOf("Cited records:"));
        const knowable = !question.includes("Scan the signed form");
        return json({ answer: knowable ? records.slice(15, 400) : "The records do not say.", knowable });
      }
      case "answer_comparison": {
        const knowable = grab(prompt, /Candidate says knowable: (\w+)/, "knowable") === "true";
        return json({
          asked_object: "the step",
          verdict: knowable ? "match" : "mismatch",
          cause: knowable ? "none" : "candidate_abstained",
          reason: knowable ? "same step" : "the solver abstained",
        });
      }
      case "full_project_audit":
        return json({
          competing_answer: { answer: null, records: [], equally_valid: false },
          numbers: { wrong_or_unverified: [], note: "" },
          status: { ok: true, note: "" },
          evidence_sufficient: false,
          verdict: "fix",
          category: "evidence_insufficient",
          fix: { q: null, gold: null, evidence_add: [] },
          note: "No record says how the signed form is scanned.",
        });
      default:
        throw new Error(`fixture replier: no fixture for schema "${schema}"`);
    }
  };
  return { reply, planted };
}
