/** @module A small hand-written DRFlow task for judge tests: 8 steps (3 conditional), realized policy documents, user emails and notes, a distractor document. */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ArtifactManifest, Branch, Task } from "../../src/core/index.ts";
import { type LoadedTask, loadTask, writeTask } from "../../src/store/task-store.ts";

const ID = "fixture_01";

/** A branch from its parts (the schema's `then` key is written through entries, not as an object-literal property). */
const branch = (id: string, when: string, action: string): Branch =>
  // biome-ignore lint/suspicious/noThenProperty: the Branch schema (core) names the action `then`.
  Branch.parse({ id, when, then: action });

const generic: Task["generic_workflow"] = [
  {
    item: 1,
    title: "Register the participant in the ResearchHub portal",
    task: "Create the participant record in ResearchHub",
    task_description:
      "Open the ResearchHub portal, create a new participant record under the study protocol and assign a study identifier.",
    condition_description: "",
    prerequisite: "",
    prerequisite_description: "",
    condition: null,
  },
  {
    item: 2,
    title: "Verify eligibility against the screening log",
    task: "Check inclusion and exclusion criteria",
    task_description:
      "Compare the participant's screening answers with the inclusion and exclusion criteria in the screening log and record the result.",
    condition_description: "",
    prerequisite: "1",
    prerequisite_description: "The record must exist before screening results are attached.",
    condition: null,
  },
  {
    item: 3,
    title: "Arrange language support for consent",
    task: "Decide how the consent discussion will be interpreted",
    task_description:
      "Look up the preferred language in the intake notes and arrange language support for the consent discussion.",
    condition_description: "",
    prerequisite: "2",
    prerequisite_description: "Only eligible participants proceed to consent.",
    condition: {
      id: "c_language",
      question: "Is the participant's preferred language other than English?",
      branches: [
        branch(
          "interpreter",
          "the preferred language is not English",
          "book a certified medical interpreter through Language Services",
        ),
        branch("english", "the preferred language is English", "use the standard English consent script"),
      ],
    },
  },
  {
    item: 4,
    title: "Prepare the consent packet",
    task: "Print consent form IC-3 and the HIPAA authorization",
    task_description:
      "Print the current approved version of consent form IC-3 together with the HIPAA authorization and the study information sheet.",
    condition_description: "",
    prerequisite: "3",
    prerequisite_description: "The packet language depends on the language decision.",
    condition: null,
  },
  {
    item: 5,
    title: "Select the consent signature pathway",
    task: "Choose adult consent or parental permission",
    task_description:
      "Check the participant's age on the screening log and select the signature pathway for consent.",
    condition_description: "",
    prerequisite: "4",
    prerequisite_description: "The packet must be ready before signatures are planned.",
    condition: {
      id: "c_age",
      question: "Is the participant a minor?",
      branches: [
        branch(
          "minor",
          "the participant is under 18",
          "obtain parental permission and child assent on form IC-7",
        ),
        branch("adult", "the participant is 18 or older", "obtain the adult signature on form IC-3"),
      ],
    },
  },
  {
    item: 6,
    title: "Schedule the consent visit",
    task: "Book the consent visit",
    task_description: "Agree a date for the consent visit with the participant and reserve the visit slot.",
    condition_description: "",
    prerequisite: "5",
    prerequisite_description: "The pathway decides who must attend.",
    condition: {
      id: "c_remote",
      question: "Will the visit be remote?",
      branches: [
        branch(
          "remote",
          "the participant asked for a remote visit",
          "send the DocuSign e-consent link and schedule a video call",
        ),
        branch(
          "in_person",
          "the participant will attend in person",
          "reserve Clinic Room 4 for an in-person meeting",
        ),
      ],
    },
  },
  {
    item: 7,
    title: "Conduct the consent discussion",
    task: "Explain risks, benefits and alternatives",
    task_description:
      "Walk through the study purpose, risks, benefits and alternatives, answer every question and confirm understanding with teach-back.",
    condition_description: "",
    prerequisite: "6",
    prerequisite_description: "The visit must be scheduled.",
    condition: null,
  },
  {
    item: 8,
    title: "File the signed consent in the regulatory binder",
    task: "Upload the signed form and log the consent date",
    task_description:
      "Upload the signed consent form to the regulatory binder and record the consent date in ResearchHub.",
    condition_description: "",
    prerequisite: "7",
    prerequisite_description: "Filing needs the signed form.",
    condition: null,
  },
];
for (const s of generic) {
  if (s.condition) {
    const [a, b] = s.condition.branches;
    s.condition_description = `If ${a!.when} → ${a!.then}; else (${b!.when}) → ${b!.then}`;
  }
}

const personal = {
  1: [
    "Register Ana Ruiz (P-0042) in ResearchHub",
    "Create the ResearchHub record for Ana Ruiz with study id P-0042 under protocol HX-221.",
  ],
  2: [
    "Verify Ana Ruiz's eligibility",
    "Check Ana Ruiz's screening answers from 2025-03-03 against the HX-221 inclusion and exclusion criteria.",
  ],
  3: [
    "Book a certified Spanish medical interpreter through Language Services",
    "Ana Ruiz prefers Spanish, so book a certified medical interpreter for Spanish through Language Services for the consent discussion.",
  ],
  4: [
    "Print form IC-3 and the HIPAA authorization for Ana Ruiz",
    "Print the Spanish version of consent form IC-3 with the HIPAA authorization for P-0042.",
  ],
  5: [
    "Obtain Ana Ruiz's adult signature on form IC-3",
    "Ana Ruiz is 34 years old, so obtain the adult signature on form IC-3.",
  ],
  6: [
    "Send the DocuSign e-consent link and schedule a video call with Ana Ruiz",
    "Ana Ruiz asked for a remote visit on 2025-03-14, so send the DocuSign e-consent link and schedule a video call.",
  ],
  7: [
    "Conduct the consent discussion with Ana Ruiz",
    "Walk Ana Ruiz through the HX-221 purpose, risks, benefits and alternatives with the interpreter and confirm understanding with teach-back.",
  ],
  8: [
    "File Ana Ruiz's signed consent",
    "Upload Ana Ruiz's signed form IC-3 to the regulatory binder and record the consent date 2025-03-14 in ResearchHub.",
  ],
} as const;
const resolved: Record<number, [string, string, string]> = {
  3: [
    "interpreter",
    "Book a certified medical interpreter for Spanish",
    "Ana Ruiz's email says she prefers Spanish, so the preferred language is not English.",
  ],
  5: [
    "adult",
    "Obtain the adult signature on form IC-3",
    "The intake notes give Ana Ruiz's age as 34, so the participant is 18 or older.",
  ],
  6: [
    "remote",
    "Send the DocuSign e-consent link and schedule a video call",
    "The intake notes record that Ana Ruiz asked for a remote visit.",
  ],
};

export const fixtureTask: Task = Task.parse({
  id: ID,
  kind: "drflow",
  seed: {
    question: "What steps do I follow to obtain research consent from my participant?",
    domain: "healthcare",
    company: {
      name: "Harbor Research Clinic",
      industry: "Healthcare",
      description: "A clinical research site.",
      size: "Small",
      employee_count: "120",
      annual_revenue: "$20M",
    },
    company_persona: {
      name: "Lena Ortiz",
      email: "lena@harbor.example",
      role: "Compliance lead",
      role_description: "Owns consent policy.",
    },
    user: {
      name: "Dana Wu",
      email: "dana@harbor.example",
      role: "Research coordinator",
      role_description: "Runs consent visits.",
    },
  },
  generic_context: "",
  personal_context: "",
  people: [],
  channels: [],
  generic_workflow: generic,
  personalized_workflow: generic.map((g) => {
    const [task, description] = personal[g.item as keyof typeof personal];
    const r = resolved[g.item];
    const { condition: _c, ...step } = g;
    return {
      ...step,
      task,
      task_description: description,
      condition_description: "",
      answer: r?.[1] ?? "",
      resolved_branch: r?.[0] ?? null,
      justification:
        r?.[2] ?? `The consent policy requires this step for every participant, including Ana Ruiz.`,
    };
  }),
  evidence: [
    ...generic.map((g) => ({
      id: `E${g.item}`,
      role: "insight" as const,
      side: "company" as const,
      text: `${g.title}: ${g.task_description}${g.condition_description ? ` ${g.condition_description}.` : ""}`,
      supports_steps: [g.item],
    })),
    {
      id: "U1",
      role: "insight",
      side: "user",
      text: "Ana Ruiz wrote that she prefers to do everything in Spanish.",
      resolves_conditions: ["c_language"],
      selects_branch: "interpreter",
    },
    {
      id: "U2",
      role: "insight",
      side: "user",
      text: "Ana Ruiz is 34 years old according to the intake notes.",
      resolves_conditions: ["c_age"],
      selects_branch: "adult",
    },
    {
      id: "U3",
      role: "insight",
      side: "user",
      text: "Ana Ruiz asked for a remote consent visit on 2025-03-14 because she lives two hours away.",
      resolves_conditions: ["c_remote"],
      selects_branch: "remote",
    },
    {
      id: "D1",
      role: "distractor",
      side: "company",
      text: "Visitors must display a parking permit from the front desk in the north garage.",
    },
    {
      id: "D2",
      role: "distractor",
      side: "company",
      text: "Expense reports for conference travel are submitted through Concur within 30 days.",
    },
  ],
  adjacent_cases: [],
  provenance: { generator: "procedural", family: "judge-fixture", seed: 1, version: "1" },
});

function policy(items: number[]): string {
  const lines = ["# Research Consent Policy", "", "Harbor Research Clinic, compliance office.", ""];
  for (const i of items) {
    const e = fixtureTask.evidence.find((u) => u.id === `E${i}`)!;
    lines.push(`Step ${i}. ${e.text}`, "");
  }
  return lines.join("\n");
}

const eml = (subject: string, body: string) =>
  [
    "From: Ana Ruiz <ana.ruiz@mail.example>",
    "To: Dana Wu <dana@harbor.example>",
    `Subject: ${subject}`,
    "Date: Mon, 03 Mar 2025 09:00:00 +0000",
    "Message-ID: <1@mail.example>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\r\n");

const files: {
  id: string;
  role: "insight" | "distractor";
  side: "company" | "user";
  app: "drive" | "email" | "files";
  format: "md" | "eml";
  path: string;
  title: string;
  evidence: string[];
  text: string;
}[] = [
  {
    id: `${ID}_IN_1`,
    role: "insight",
    side: "company",
    app: "drive",
    format: "md",
    path: "drive/consent-policy.md",
    title: "Research Consent Policy (steps 1-4)",
    evidence: ["E1", "E2", "E3", "E4"],
    text: policy([1, 2, 3, 4]),
  },
  {
    id: `${ID}_IN_2`,
    role: "insight",
    side: "company",
    app: "drive",
    format: "md",
    path: "drive/consent-procedures.md",
    title: "Research Consent Policy (steps 5-8)",
    evidence: ["E5", "E6", "E7", "E8"],
    text: policy([5, 6, 7, 8]),
  },
  {
    id: `${ID}_IN_3`,
    role: "insight",
    side: "user",
    app: "email",
    format: "eml",
    path: "email/ana-language.eml",
    title: "Re: consent visit",
    evidence: ["U1"],
    text: eml(
      "Re: consent visit",
      "Hola Dana,\n\nAna Ruiz wrote that she prefers to do everything in Spanish. Thank you for arranging it.\n\nAna",
    ),
  },
  {
    id: `${ID}_IN_4`,
    role: "insight",
    side: "user",
    app: "files",
    format: "md",
    path: "files/intake-notes.md",
    title: "Intake notes P-0042",
    evidence: ["U2", "U3"],
    text: "# Intake notes P-0042\n\nAna Ruiz is 34 years old according to the intake notes. Screening answers were received on 2025-03-03.\n\nAna Ruiz asked for a remote consent visit on 2025-03-14 because she lives two hours away. Protocol HX-221.\n",
  },
  {
    id: `${ID}_DI_1`,
    role: "distractor",
    side: "company",
    app: "drive",
    format: "md",
    path: "drive/facilities.md",
    title: "Facilities notes",
    evidence: ["D1", "D2"],
    text: "# Facilities\n\nVisitors must display a parking permit from the front desk in the north garage.\n\nExpense reports for conference travel are submitted through Concur within 30 days.\n",
  },
];

export const fixtureManifest: ArtifactManifest = {
  task_id: ID,
  artifacts: files.map(({ text: _t, ...f }) => ({ ...f, author: "", date: "2025-03-03" })),
};

/** Write the fixture task into a fresh temporary root and load it like any task. */
export async function loadFixtureTask(): Promise<LoadedTask> {
  const root = await mkdtemp(join(tmpdir(), "drflow-judge-"));
  await writeTask(
    root,
    "fixture",
    fixtureTask,
    fixtureManifest,
    files.map((f) => ({ path: `artifacts/${f.path}`, bytes: f.text })),
  );
  return loadTask(root, `fixture/${ID}`);
}
