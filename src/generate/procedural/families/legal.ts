/** @module Legal workflow families: denied insurance claims, internal compliance investigations, legal collection of overdue invoices. */
import type { FamilySpec } from "../family.ts";
import { ORGANIZATIONS } from "../names.ts";

export const deniedClaim: FamilySpec = {
  id: "denied-claim",
  companies: ["Stonebridge Mutual Insurance"],
  domain: "legal",
  question: "What exact steps should I take to process a denied insurance claim?",
  policy: "Claim Denial Review and Appeal Procedure",
  adjacentQuestions: [
    "What steps should I take to review {subject}'s appeal of the denied claim?",
    "What is the workflow to decide {subject}'s appeal of the {loss} denial?",
  ],
  subjectKind: "policyholder",
  caseId: "CLM-########",
  user: {
    role: "Senior Claims Adjuster",
    description: "Handles escalated property claims, denials and appeals.",
  },
  persona: {
    role: "Claims Legal Director",
    description: "Owns the denial review procedure and the appeals panel.",
  },
  channels: ["claims-escalations", "coverage-counsel"],
  vars: {
    loss: [
      "water damage from a burst pipe",
      "hail damage to the roof",
      "a kitchen fire",
      "theft from a detached garage",
    ],
    amount: ["$12,800", "$48,500", "$7,350", "$96,000"],
    reason: ["late notice", "a policy exclusion for gradual leakage", "missing proof of ownership"],
  },
  facts: [
    "{subject}'s claim is for {loss}, about {amount}, and the denial letter cites {reason}",
    "{subject}'s attorney asked for a response before {date}",
  ],
  steps: [
    {
      key: "intake",
      title: "Log the appeal",
      task: "Log the policyholder's appeal of the denial",
      description: "Record the date received; the review deadline runs from that date.",
      after: [],
      personal: "Log {subject}'s appeal of the denial on claim {case_id} ({loss}, {amount})",
    },
    {
      key: "letter",
      title: "Review the denial letter",
      task: "Review the denial letter and the stated reason",
      description: "Confirm the letter cited the policy language it relied on.",
    },
    {
      key: "policy",
      title: "Pull the policy",
      task: "Pull the policy form and endorsements in force on the loss date",
      description: "Coverage is judged on the policy in force, not the current one.",
    },
    {
      key: "grounds",
      title: "Classify the denial grounds",
      task: "Classify the grounds of the denial",
      description: "The review path differs between coverage questions and documentation problems.",
      condition: {
        id: "denial_grounds",
        question: "Was the claim denied on coverage grounds?",
        branches: [
          {
            id: "coverage",
            set: { reason: ["a policy exclusion for gradual leakage", "the wear-and-tear exclusion"] },
            when: "the denial rests on a coverage exclusion",
            action: "refer the file to coverage counsel for a coverage opinion",
            evidence: [
              "{subject}'s denial rests on {reason}, so it's a coverage call",
              "The denial letter for {subject} relies on an exclusion, not missing paperwork",
            ],
            answer: "Refer {subject}'s file to coverage counsel for a coverage opinion",
          },
          {
            id: "documentation",
            set: { reason: ["missing proof of ownership", "missing repair receipts"] },
            when: "the denial rests on missing documentation",
            action: "request the missing documents from the policyholder with a thirty-day deadline",
            evidence: [
              "{subject}'s claim was denied only because the receipts never came in",
              "Denial for {subject} was {reason}, nothing about coverage",
            ],
            answer: "Request the missing documents from {subject} with a thirty-day deadline",
          },
        ],
      },
    },
    {
      key: "file",
      title: "Review the claim file",
      task: "Review the full claim file",
      description: "Include adjuster notes, photos, estimates and correspondence.",
    },
    {
      key: "reinspect",
      title: "Decide on a reinspection",
      task: "Decide whether a reinspection is needed",
      description: "New evidence about the damage calls for a second look.",
      condition: {
        id: "reinspection",
        question: "Has the policyholder submitted new evidence of the damage?",
        branches: [
          {
            id: "reinspect",
            when: "the policyholder submitted new evidence of the damage",
            action: "order a reinspection by an independent adjuster",
            evidence: [
              "{subject} sent a contractor's report with new moisture readings",
              "{subject}'s public adjuster submitted fresh photos of the damage",
            ],
            answer: "Order an independent reinspection for {subject}'s loss",
          },
          {
            id: "desk_review",
            when: "no new evidence of the damage was submitted",
            action: "complete the review on the existing file",
            evidence: [
              "{subject}'s appeal letter just disagrees with the decision, no new documents",
              "Nothing new came in with {subject}'s appeal",
            ],
            answer: "Complete {subject}'s review on the existing file",
          },
        ],
      },
    },
    {
      key: "representation",
      title: "Check for representation",
      task: "Check whether the policyholder is represented",
      description: "Represented policyholders are contacted only through their attorney.",
      optional: true,
    },
    {
      key: "authority",
      title: "Confirm decision authority",
      task: "Confirm who can decide the appeal",
      description: "Authority follows the claim reserve.",
      condition: {
        id: "appeal_authority",
        question: "Is the claimed amount above $25,000?",
        branches: [
          {
            id: "panel",
            set: { amount: ["$48,500", "$96,000", "$31,200"] },
            when: "the claimed amount is above $25,000",
            action: "send the appeal to the appeals panel",
            evidence: [
              "{subject}'s claim is for {amount}, per the estimate",
              "Estimate on {subject}'s loss came to {amount}",
            ],
            answer: "Send {subject}'s appeal to the appeals panel",
          },
          {
            id: "manager",
            set: { amount: ["$12,800", "$7,350", "$18,900"] },
            when: "the claimed amount is $25,000 or less",
            action: "have the claims manager decide the appeal",
            evidence: ["{subject}'s claim is only {amount}", "The estimate for {subject} is {amount} all in"],
            answer: "Have the claims manager decide {subject}'s appeal",
          },
        ],
      },
    },
    {
      key: "decide",
      title: "Decide the appeal",
      task: "Decide whether to uphold or overturn the denial",
      description: "The decision memo states the facts, the policy language and the reasoning.",
    },
    {
      key: "state",
      title: "Apply state rules",
      task: "Apply the state's claim handling rules",
      description: "Deadlines and required notices differ by state.",
      condition: {
        id: "state_rules",
        question: "Is the property in a state with a mandatory mediation program?",
        branches: [
          {
            id: "mediation",
            when: "the property is in a state with mandatory mediation",
            action: "include the state mediation notice in the decision letter",
            evidence: [
              "{subject}'s house is in Florida, so the mediation notice applies",
              "The insured property for {subject} is in a mediation state",
            ],
            answer: "Include the state mediation notice in {subject}'s decision letter",
          },
          {
            id: "no_mediation",
            when: "the property is in a state without mandatory mediation",
            action: "include the standard appeal rights notice",
            evidence: [
              "{subject}'s property is in Ohio, no mediation program there",
              "No mediation requirement in {subject}'s state",
            ],
            answer: "Include the standard appeal rights notice in {subject}'s letter",
          },
        ],
      },
    },
    {
      key: "communicate",
      title: "Send the decision",
      task: "Send the decision letter",
      description: "Send it within the statutory deadline for the state.",
      personal: "Send the decision on {subject}'s appeal before {date}",
    },
    {
      key: "pay",
      title: "Pay if overturned",
      task: "Issue payment if the denial is overturned",
      description: "Payment includes statutory interest where required.",
      optional: true,
    },
    {
      key: "reserve",
      title: "Adjust the reserve",
      task: "Adjust the claim reserve to the decision",
      description: "Reserve changes above $50,000 are reported to finance.",
    },
    {
      key: "doi",
      title: "Prepare for a complaint",
      task: "Flag the file for a possible department of insurance complaint",
      description: "Flagged files are reviewed by compliance before any response.",
      optional: true,
    },
    {
      key: "close",
      title: "Close the appeal",
      task: "Close the appeal in the claims system",
      description: "The closing note links the decision memo and letter.",
    },
  ],
};

export const complianceInvestigation: FamilySpec = {
  id: "compliance-investigation",
  companies: ["Calloway & Finch Manufacturing", "Orion Biologics", "Tessellate Payments"],
  domain: "legal",
  question: "What exact steps should we take to investigate a potential internal compliance violation?",
  policy: "Internal Investigations Protocol",
  adjacentQuestions: [
    "What steps do we follow to investigate the report about {subject} in {department}?",
    "What is the workflow to look into the allegation that {subject} was {allegation}?",
  ],
  subjectKind: "employee",
  caseId: "INV-####-###",
  user: {
    role: "Compliance Investigator",
    description: "Investigates reports from the ethics hotline and managers.",
  },
  persona: {
    role: "Chief Compliance Officer",
    description: "Owns the investigations protocol and reports to the audit committee.",
  },
  channels: ["compliance-investigations", "ethics-hotline"],
  vars: {
    allegation: [
      "splitting purchase orders to avoid approval limits",
      "accepting gifts from a supplier",
      "backdating quality records",
      "expensing personal travel",
    ],
    department: ["procurement", "plant quality", "regional sales", "facilities"],
    source: ["an anonymous hotline report", "a manager's escalation", "an internal audit finding"],
  },
  facts: [
    "The report about {subject} in {department} came through {source} and alleges {allegation}",
    "Interviews for {case_id} are pencilled in for the week of {date}",
  ],
  steps: [
    {
      key: "intake",
      title: "Record the allegation",
      task: "Record the allegation in the case management system",
      description: "Capture the source, the date received and the allegation as reported.",
      after: [],
      personal:
        "Record the allegation about {subject} ({department}, {allegation}) in the case management system",
    },
    {
      key: "triage",
      title: "Triage severity",
      task: "Triage the allegation by severity and risk",
      description: "Severity decides the investigator's level and the reporting line.",
    },
    {
      key: "counsel",
      title: "Decide on privilege",
      task: "Decide whether the investigation runs under legal privilege",
      description: "Privileged investigations are directed by counsel.",
      condition: {
        id: "privilege",
        question: "Could the conduct expose the company to government enforcement?",
        branches: [
          {
            id: "privileged",
            when: "the conduct could expose the company to government enforcement",
            action: "engage counsel to direct the investigation under attorney-client privilege",
            evidence: [
              "Counsel looked at the {department} report on {subject} and wants it privileged because of possible enforcement exposure",
              "Legal said {subject}'s matter should run under privilege, a regulator could get involved",
            ],
            answer: "Engage counsel to direct {subject}'s investigation under attorney-client privilege",
          },
          {
            id: "compliance_led",
            when: "the conduct is an internal policy matter only",
            action: "run the investigation within compliance without counsel direction",
            evidence: [
              "{subject}'s matter is purely internal policy, no regulator angle",
              "Legal reviewed it and {subject}'s case can stay with compliance",
            ],
            answer: "Run {subject}'s investigation within compliance without counsel direction",
          },
        ],
      },
    },
    {
      key: "hold",
      title: "Preserve evidence",
      task: "Issue a legal hold and preserve relevant records",
      description: "Preserve email, chat, expense and purchasing records of the people involved.",
    },
    {
      key: "reporter",
      title: "Protect the reporter",
      task: "Protect the reporter from retaliation",
      description: "Non-retaliation protections apply to every good-faith report.",
      condition: {
        id: "anonymity",
        question: "Did the reporter identify themselves?",
        branches: [
          {
            id: "anonymous",
            when: "the reporter is anonymous",
            action: "communicate only through the hotline's anonymous message portal",
            evidence: [
              "The report about {subject} came in anonymously through the hotline",
              "Whoever reported {subject} didn't leave a name, only the hotline access code",
            ],
            answer:
              "Communicate with the reporter about {subject} only through the hotline's anonymous portal",
          },
          {
            id: "named",
            when: "the reporter identified themselves",
            action: "meet the reporter, explain the non-retaliation policy and schedule check-ins",
            evidence: [
              "The person who reported {subject} gave their name and wants to talk",
              "A named employee in {department} came forward about {subject}",
            ],
            answer: "Meet the named reporter, explain the non-retaliation policy and schedule check-ins",
          },
        ],
      },
    },
    {
      key: "plan",
      title: "Write the investigation plan",
      task: "Write the investigation plan",
      description: "The plan lists the questions, the evidence to review and the people to interview.",
    },
    {
      key: "documents",
      title: "Review documents",
      task: "Review the preserved documents",
      description: "Build a timeline of events from the records before interviews.",
    },
    {
      key: "interview",
      title: "Interview witnesses",
      task: "Interview witnesses and the subject",
      description: "Two people attend every interview; one takes notes.",
      condition: {
        id: "union",
        question: "Is the subject covered by a collective bargaining agreement?",
        branches: [
          {
            id: "union_rep",
            when: "the subject is covered by a collective bargaining agreement",
            action: "offer the subject a union representative at the interview",
            evidence: [
              "{subject} is in the bargaining unit at the plant",
              "HR confirmed {subject} is a union member",
            ],
            answer: "Offer {subject} a union representative at the interview",
          },
          {
            id: "no_union",
            when: "the subject is not covered by a collective bargaining agreement",
            action: "hold a standard interview with the Upjohn warning if counsel attends",
            evidence: [
              "{subject} is salaried management, no union coverage",
              "{subject} isn't in any bargaining unit, HR checked",
            ],
            answer:
              "Hold {subject}'s interview as a standard interview with the Upjohn warning if counsel attends",
          },
        ],
      },
    },
    {
      key: "leave",
      title: "Consider interim measures",
      task: "Consider interim measures such as administrative leave",
      description: "Interim measures are not discipline and are reviewed weekly.",
      optional: true,
    },
    {
      key: "analyze",
      title: "Analyze the evidence",
      task: "Analyze the evidence against the allegation",
      description: "Apply the preponderance of the evidence standard.",
    },
    {
      key: "findings",
      title: "Write the findings",
      task: "Write the findings report",
      description: "Each allegation is substantiated, unsubstantiated or inconclusive.",
    },
    {
      key: "disclose",
      title: "Assess disclosure obligations",
      task: "Assess whether disclosure to a regulator is required",
      description: "Some substantiated findings must be reported within set deadlines.",
      condition: {
        id: "disclosure",
        follows: {
          condition: "privilege",
          branches: { privileged: "mandatory", compliance_led: "internal" },
        },
        question: "Does the conduct involve a government contract?",
        branches: [
          {
            id: "mandatory",
            when: "the conduct involves a government contract",
            action: "prepare a mandatory disclosure to the contracting agency's inspector general",
            evidence: [
              "The work {subject} handles in {department} is all on the Navy contract",
              "{subject}'s {department} work is billed to a federal program",
            ],
            answer: "Prepare a mandatory disclosure about {subject}'s conduct to the inspector general",
          },
          {
            id: "internal",
            when: "no government contract is involved",
            action: "report the findings internally to the audit committee only",
            evidence: [
              "{subject} only works on commercial accounts, no government business",
              "Nothing in {subject}'s area touches government contracts",
            ],
            answer: "Report {subject}'s findings internally to the audit committee only",
          },
        ],
      },
    },
    {
      key: "remediate",
      title: "Recommend remediation",
      task: "Recommend discipline and control improvements",
      description: "HR decides discipline; compliance owns control recommendations.",
    },
    {
      key: "close",
      title: "Close the case",
      task: "Close the case and notify the reporter of closure",
      description: "The reporter learns the case is closed, not the outcome.",
      personal: "Close case {case_id} about {subject} and notify the reporter of closure",
    },
    {
      key: "trend",
      title: "Report trends",
      task: "Include the case in the quarterly trend report",
      description: "The audit committee sees anonymized trends.",
      optional: true,
    },
  ],
};

export const overdueCollection: FamilySpec = {
  id: "overdue-collection",
  companies: ["Calloway & Finch Manufacturing", "Orion Biologics", "Tessellate Payments"],
  organizations: ORGANIZATIONS,
  domain: "legal",
  question: "What steps should we take to collect an overdue invoice legally?",
  policy: "Commercial Collections Procedure",
  adjacentQuestions: [
    "What steps should we take to collect {subject}'s overdue balance on {invoice}?",
    "What is the workflow to recover the {amount} {subject} owes us?",
  ],
  subjectKind: "client",
  caseId: "COL-#####",
  user: {
    role: "Collections Paralegal",
    description: "Supports in-house counsel on commercial collections, demand letters and small claims.",
  },
  persona: {
    role: "Associate General Counsel, Commercial",
    description: "Owns collections policy and approves litigation.",
  },
  channels: ["collections", "legal-ops"],
  vars: {
    invoice: ["INV-7731", "INV-8104", "INV-6689", "INV-9020"],
    amount: ["$4,200", "$18,750", "$62,300", "$9,480"],
    days: ["95 days", "140 days", "75 days", "210 days"],
    state: ["Texas", "Illinois", "Georgia", "Washington"],
  },
  facts: [
    "{subject} owes {amount} on {invoice}, which is {days} past due",
    "{subject} is incorporated in {state}, and their controller promised an answer by {date}",
  ],
  steps: [
    {
      key: "verify",
      title: "Verify the debt",
      task: "Verify the invoice, the contract and the delivery records",
      description: "Confirm the amount, the due date and that no dispute is open.",
      after: [],
      personal:
        "Verify {invoice} ({amount}, {days} past due) against {subject}'s contract and delivery records",
    },
    {
      key: "history",
      title: "Review the account history",
      task: "Review the account's payment and contact history",
      description: "Note prior promises to pay and any partial payments.",
    },
    {
      key: "reminder",
      title: "Send a final reminder",
      task: "Send a final reminder from accounts receivable",
      description: "The reminder states the balance and a ten-day deadline.",
    },
    {
      key: "dispute",
      title: "Check for a dispute",
      task: "Check whether the client disputes the debt",
      description: "A disputed debt is resolved before any legal step.",
      condition: {
        id: "debt_disputed",
        question: "Has the client raised a dispute?",
        branches: [
          {
            id: "disputed",
            when: "the client has disputed the invoice",
            action: "pause collection and route the dispute to the account team for resolution",
            evidence: [
              "{subject} emailed that {invoice} includes services they never received",
              "{subject}'s controller says part of {invoice} was never agreed",
            ],
            answer: "Pause collection of {invoice} and route {subject}'s dispute to the account team",
          },
          {
            id: "undisputed",
            when: "the client has not disputed the invoice",
            action: "continue to the demand letter",
            evidence: [
              "{subject} never disputed {invoice}, they keep saying a check is coming",
              "{subject} acknowledged {invoice} in writing last month",
            ],
            answer: "Continue to the demand letter for {subject}",
          },
        ],
      },
    },
    {
      key: "interest",
      title: "Calculate interest and fees",
      task: "Calculate contractual interest and late fees",
      description: "Charge only what the contract allows and state law permits.",
    },
    {
      key: "demand",
      title: "Send the demand letter",
      task: "Send a formal demand letter",
      description: "The letter is signed by counsel and sent by certified mail and email.",
    },
    {
      key: "insolvency",
      title: "Check for insolvency",
      task: "Check whether the client is in bankruptcy or receivership",
      description: "The automatic stay stops all collection activity.",
      condition: {
        id: "bankruptcy",
        question: "Has the client filed for bankruptcy?",
        branches: [
          {
            id: "filed",
            when: "the client has filed for bankruptcy",
            action: "stop all collection and file a proof of claim in the bankruptcy case",
            evidence: [
              "PACER shows {subject} filed Chapter 11 two weeks ago",
              "{subject}'s lawyer sent notice of a bankruptcy filing",
            ],
            answer: "Stop collecting from {subject} and file a proof of claim in the bankruptcy case",
          },
          {
            id: "solvent",
            when: "the client has not filed for bankruptcy",
            action: "continue with the collection plan",
            evidence: [
              "No bankruptcy filing for {subject} on PACER as of this morning",
              "{subject} is still trading normally, no insolvency filings",
            ],
            answer: "Continue with the collection plan for {subject}",
          },
        ],
      },
    },
    {
      key: "negotiate",
      title: "Offer a payment plan",
      task: "Offer a payment plan before litigation",
      description: "Payment plans longer than six months need counsel's approval.",
      optional: true,
    },
    {
      key: "forum",
      title: "Choose the forum",
      task: "Choose where to bring the claim",
      description: "The forum depends on the amount and the contract's dispute clause.",
      condition: {
        id: "forum",
        question: "Is the amount within the small claims limit?",
        branches: [
          {
            id: "small_claims",
            set: { amount: ["$4,200", "$9,480", "$6,150"] },
            when: "the amount is within the small claims limit",
            action: "file in small claims court with a company representative",
            evidence: [
              "{subject} only owes {amount}, well within small claims",
              "It's just {amount} with {subject}, small claims should do",
            ],
            answer: "File against {subject} in small claims court with a company representative",
          },
          {
            id: "outside_counsel",
            set: { amount: ["$18,750", "$62,300", "$41,000"] },
            when: "the amount is above the small claims limit",
            action: "refer the matter to outside collections counsel",
            evidence: [
              "{subject}'s balance is {amount}, too big for small claims",
              "At {amount}, {subject} would have to go to outside counsel",
            ],
            answer: "Refer {subject}'s {amount} balance to outside collections counsel",
          },
        ],
      },
    },
    {
      key: "arbitration",
      title: "Check the dispute clause",
      task: "Check the contract's dispute resolution clause",
      description: "An arbitration clause may require arbitration instead of court.",
      condition: {
        id: "arbitration_clause",
        question: "Does the contract require arbitration?",
        branches: [
          {
            id: "arbitrate",
            when: "the contract requires arbitration",
            action: "file a demand for arbitration under the named rules",
            evidence: [
              "{subject}'s master agreement has a mandatory arbitration clause",
              "Section 14 of {subject}'s contract sends disputes to arbitration",
            ],
            answer: "File a demand for arbitration against {subject} under the named rules",
          },
          {
            id: "court",
            when: "the contract allows court proceedings",
            action: "file suit in the venue named in the contract",
            evidence: [
              "{subject}'s contract only has a venue clause, no arbitration",
              "No arbitration in {subject}'s terms, disputes go to court",
            ],
            answer: "File suit against {subject} in the venue named in the contract",
          },
        ],
      },
    },
    {
      key: "approve",
      title: "Approve litigation",
      task: "Get counsel's approval to file",
      description: "Counsel checks the limitation period and the cost of recovery.",
    },
    {
      key: "file",
      title: "File the claim",
      task: "File the claim and serve the client",
      description: "Service follows the rules of the chosen forum.",
    },
    {
      key: "judgment",
      title: "Obtain a judgment",
      task: "Obtain a judgment or award",
      description: "Default judgments are requested when the client does not respond.",
    },
    {
      key: "enforce",
      title: "Enforce the judgment",
      task: "Enforce the judgment",
      description: "Options include bank levies and liens.",
      optional: true,
    },
    {
      key: "close",
      title: "Close the file",
      task: "Close the collection file",
      description: "Record recoveries and write off any uncollectible balance.",
      personal: "Close {subject}'s collection file ({case_id}) and record the recovery on {invoice}",
    },
  ],
};
