/** @module B2B domain: suppliers and software vendors selling to businesses, their documents and distractors. */
import type { DomainSpec } from "../family.ts";

export const b2b: DomainSpec = {
  domain: "b2b",
  industry: "B2B Software and Services",
  companies: [
    {
      name: "Helix Ledger Systems",
      domain: "helixledger.example",
      description:
        "Sells accounts-receivable automation software to mid-market manufacturers and distributors.",
    },
    {
      name: "Brightwater Industrial Supply",
      domain: "brightwater-supply.example",
      description: "A distributor of industrial components with contract pricing for fabrication shops.",
    },
    {
      name: "Quillstone Analytics",
      domain: "quillstone.example",
      description: "Provides a supply chain analytics platform on annual enterprise subscriptions.",
    },
    {
      name: "Ardent Freight Partners",
      domain: "ardentfreight.example",
      description:
        "A third-party logistics provider offering warehousing and freight brokerage to retailers.",
    },
  ],
  colleagueRoles: [
    "Account Executive",
    "Customer Success Manager",
    "Billing Specialist",
    "Solutions Engineer",
    "Deal Desk Analyst",
    "Legal Counsel",
    "Implementation Lead",
  ],
  docKinds: ["Operating Procedure", "Revenue Operations Playbook", "Commercial Policy", "Finance Procedure"],
  fillers: [
    {
      heading: "Systems of Record",
      text: "Customer master data lives in the CRM; invoices and payments live in the ERP. Where the two disagree, the ERP is authoritative for amounts and the CRM for contacts.",
    },
    {
      heading: "Service Level Targets",
      text: "Internal hand-offs between sales, finance and customer success are acknowledged within one business day. Aging hand-offs appear on the weekly operations review.",
    },
    {
      heading: "Data Retention",
      text: "Commercial correspondence is retained for seven years after the end of the customer relationship, then deleted under the records schedule.",
    },
    {
      heading: "Regional Differences",
      text: "EMEA entities invoice in euros and apply local VAT rules. Subsidiaries in Canada follow the same process with provincial tax codes.",
    },
    {
      heading: "Reporting",
      text: "Finance publishes the monthly revenue bridge on the third business day. Operating metrics are refreshed nightly in the business intelligence workspace.",
    },
    {
      heading: "Tooling",
      text: "Approvals are routed in the workflow tool; e-signatures use the enterprise signature platform. Shared spreadsheets are not a system of record.",
    },
    {
      heading: "Escalation Contacts",
      text: "The revenue operations on-call rotation is published in the team wiki. Escalations outside business hours go to the on-call manager by phone.",
    },
    {
      heading: "Audit Considerations",
      text: "External auditors sample approvals and supporting documents each quarter. Missing approvals are logged as control exceptions and remediated within thirty days.",
    },
  ],
  distractorDocs: [
    {
      title: "Sales Kickoff Logistics",
      heading: "Venue and Travel",
      text: "This year's sales kickoff runs over three days at the downtown convention center. Travel is booked through the corporate agency, and hotel blocks close four weeks before the event.",
    },
    {
      title: "Quarterly Pipeline Review",
      heading: "Pipeline Summary",
      text: "Qualified pipeline grew 14 percent quarter over quarter, driven by the manufacturing segment. Win rates held at 27 percent while average deal cycle lengthened by six days.",
    },
    {
      title: "Partner Portal Release Notes",
      heading: "What's New",
      text: "The partner portal now supports co-branded datasheets and deal registration from mobile devices. Partners must re-accept the portal terms on first login after the release.",
    },
    {
      title: "Expense Reimbursement Policy",
      heading: "Meals and Entertainment",
      text: "Client meals are reimbursable up to the regional per-person limit with itemized receipts. Alcohol is reimbursable only when a client is present and must be listed separately.",
    },
    {
      title: "Office Relocation Plan",
      heading: "Moving Schedule",
      text: "Teams move to the new floor in three waves over two weekends. Pack your desk in the provided crates by Thursday and label each crate with your new seat number.",
    },
    {
      title: "Customer Advisory Board Charter",
      heading: "Membership",
      text: "The customer advisory board has twelve seats with two-year terms. Members meet twice a year and preview the product roadmap under a non-disclosure agreement.",
    },
    {
      title: "Marketing Brand Guidelines",
      heading: "Logo Usage",
      text: "Keep clear space around the logo equal to the height of the wordmark. Never stretch, recolor or place the logo on busy photography.",
    },
    {
      title: "Laptop Refresh Program",
      heading: "Eligibility",
      text: "Laptops are refreshed every forty-two months. Employees receive a shipping kit for the old device and must wipe personal files before returning it.",
    },
    {
      title: "Annual Employee Engagement Survey Results",
      heading: "Highlights",
      text: "Participation reached 84 percent. Scores for manager support improved, while workload balance remained the lowest-rated theme across departments.",
    },
  ],
  userDistractors: [
    {
      topic: "Team offsite agenda",
      text: "Draft agenda for the team offsite is in the shared drive. Morning is planning, afternoon is the escape room, dinner is at the Italian place on 5th.",
    },
    {
      topic: "CRM maintenance window",
      text: "The CRM will be read-only Saturday from 22:00 to 02:00 for the vendor's maintenance. Save your drafts before you log off Friday.",
    },
    {
      topic: "Quota letters",
      text: "Quota letters for next fiscal year go out on the 15th. If your territory changed, your manager will walk you through the new account list.",
    },
    {
      topic: "Lunch and learn",
      text: "Lunch and learn on Thursday: the product team is demoing the new dashboard builder. {colleague} says there will be tacos.",
    },
    {
      topic: "Conference booth staffing",
      text: "We still need two people for the trade show booth on day two. Shifts are four hours and you get a free pass for the rest of the show.",
    },
    {
      topic: "Benefits enrollment reminder",
      text: "Open enrollment closes next Friday. If you do nothing, your current medical plan rolls over but the FSA election resets to zero.",
    },
    {
      topic: "New hire buddy",
      text: "We have a new account executive starting Monday. Could you be the onboarding buddy for the first two weeks?",
    },
    {
      topic: "Wi-Fi in conference room B",
      text: "Wi-Fi in conference room B keeps dropping during video calls. Facilities says a new access point is coming next week.",
    },
    {
      topic: "Quarterly business review deck",
      text: "Marketing refreshed the QBR template with the new brand colors. Please use it for any customer reviews after the first of the month.",
    },
  ],
};
