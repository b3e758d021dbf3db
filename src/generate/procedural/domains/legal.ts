/** @module Legal domain: in-house legal, compliance and claims teams, their documents and distractors. */
import type { DomainSpec } from "../family.ts";

export const legal: DomainSpec = {
  domain: "legal",
  industry: "Legal and Compliance",
  companies: [
    {
      name: "Stonebridge Mutual Insurance",
      domain: "stonebridge-mutual.example",
      description: "A regional property and casualty insurer with an in-house claims and legal department.",
    },
    {
      name: "Calloway & Finch Manufacturing",
      domain: "calloway-finch.example",
      description: "A manufacturer of specialty valves with a compliance office and outside counsel panel.",
    },
    {
      name: "Orion Biologics",
      domain: "orion-bio.example",
      description: "A biotech company with a regulatory affairs team and a corporate legal department.",
    },
    {
      name: "Tessellate Payments",
      domain: "tessellate-pay.example",
      description:
        "A payments processor subject to financial regulation, with legal and compliance functions.",
    },
  ],
  colleagueRoles: [
    "Paralegal",
    "Compliance Analyst",
    "Associate General Counsel",
    "Claims Adjuster",
    "Records Manager",
    "HR Business Partner",
    "Outside Counsel Liaison",
  ],
  docKinds: [
    "Legal Department Procedure",
    "Compliance Policy",
    "Claims Manual Chapter",
    "Litigation Practice Guide",
  ],
  fillers: [
    {
      heading: "Privilege and Confidentiality",
      text: "Communications with counsel for the purpose of legal advice are privileged. Mark such documents as privileged and confidential and do not forward them outside the legal team.",
    },
    {
      heading: "Matter Management",
      text: "Every matter is opened in the matter management system with a matter number, a responsible attorney and a budget code.",
    },
    {
      heading: "Outside Counsel Guidelines",
      text: "Outside counsel bill in six-minute increments and submit invoices through the e-billing portal within thirty days of month end.",
    },
    {
      heading: "Records Hold Notices",
      text: "Legal hold notices suspend normal deletion for the identified custodians. Custodians acknowledge the notice within five business days.",
    },
    {
      heading: "Regulatory Calendar",
      text: "The compliance calendar lists recurring filings, certifications and attestations with their owners and due dates.",
    },
    {
      heading: "Training and Attestation",
      text: "Employees complete the annual code of conduct training and attest to the policies relevant to their role.",
    },
    {
      heading: "Use of Templates",
      text: "Approved templates are stored in the legal forms library. Deviations from a template require review by the responsible attorney.",
    },
    {
      heading: "Metrics",
      text: "The legal operations team reports matter cycle time, outside counsel spend and budget variance to the general counsel each quarter.",
    },
  ],
  distractorDocs: [
    {
      title: "Outside Counsel Panel Refresh",
      heading: "Panel Changes",
      text: "The panel review reduced the number of approved firms from twenty-two to fourteen. Firms were scored on outcomes, rates and diversity commitments.",
    },
    {
      title: "Legal Department Budget Summary",
      heading: "Budget",
      text: "Outside counsel spend came in 6 percent under budget for the year. E-discovery vendor costs rose because of two large document reviews.",
    },
    {
      title: "Contract Management System Upgrade",
      heading: "Upgrade Timeline",
      text: "The contract repository moves to the new platform over the summer. Legacy contracts are migrated with their metadata and remain searchable.",
    },
    {
      title: "Board Meeting Calendar",
      heading: "Meeting Dates",
      text: "The board meets quarterly in February, May, August and November. Materials are distributed through the board portal seven days in advance.",
    },
    {
      title: "Corporate Entity Annual Reports",
      heading: "Filing Status",
      text: "Annual reports for all forty-one subsidiaries were filed on time. Two dormant entities are scheduled for dissolution next year.",
    },
    {
      title: "Legal Intern Program Overview",
      heading: "Program Structure",
      text: "Summer interns rotate through litigation, commercial and regulatory teams in three four-week blocks and present a capstone project.",
    },
    {
      title: "Document Retention Schedule Overview",
      heading: "Retention Periods",
      text: "General correspondence is kept for three years, contracts for seven years after expiry, and board minutes permanently.",
    },
    {
      title: "Anti-Bribery Training Completion Report",
      heading: "Completion",
      text: "Completion of the anti-bribery module reached 97 percent. Remaining employees were on leave and are enrolled for the next session.",
    },
    {
      title: "Law Library Subscription Renewal",
      heading: "Subscriptions",
      text: "The research platform subscription renews in September with a three percent increase. Print reporters will be cancelled at the end of the year.",
    },
  ],
  userDistractors: [
    {
      topic: "CLE credits reminder",
      text: "Reminder that CLE reporting closes at the end of the month. The ethics webinar on Thursday counts for two credits.",
    },
    {
      topic: "Team lunch",
      text: "Team lunch for {colleague}'s promotion is Friday at the Thai place. Reply by Wednesday so I can book the table.",
    },
    {
      topic: "E-billing portal outage",
      text: "The e-billing portal will be down Sunday morning for maintenance. Approvals queued before Saturday will still go through on Monday.",
    },
    {
      topic: "Conference room booking",
      text: "The large conference room is booked all next week for the deposition prep. Use the small rooms on 12 for internal meetings.",
    },
    {
      topic: "New research tool demo",
      text: "The vendor is demoing the new research tool on Tuesday at 11. It has a citation checker that plugs into the document editor.",
    },
    {
      topic: "Records room cleanup",
      text: "Facilities is clearing the old records room on the 3rd floor. Anything not labeled by Friday goes to offsite storage.",
    },
    {
      topic: "Quarterly spend report",
      text: "Q3 outside counsel spend report is out. Employment matters were the biggest category for the second quarter in a row.",
    },
    {
      topic: "Holiday coverage",
      text: "Please add your holiday out-of-office dates to the team calendar so we can plan coverage for filings due that week.",
    },
    {
      topic: "Badge access to the file room",
      text: "Security changed badge access for the file room. If you can't get in, send your badge number to facilities.",
    },
  ],
};
