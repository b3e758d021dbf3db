/** @module B2B workflow families: customer onboarding, disputed invoice resolution, contract redline approval. */
import type { FamilySpec } from "../family.ts";
import { ORGANIZATIONS } from "../names.ts";

export const customerOnboarding: FamilySpec = {
  id: "customer-onboarding",
  companies: ["Helix Ledger Systems", "Quillstone Analytics"],
  organizations: ORGANIZATIONS,
  domain: "b2b",
  question: "What is the workflow to set up a new B2B customer onboarding?",
  policy: "New Customer Onboarding Standard",
  adjacentQuestions: [
    "What is the workflow to onboard {subject} as a new customer?",
    "What steps should we follow to get {subject} from signed order form to go-live?",
  ],
  subjectKind: "customer",
  caseId: "ACCT-#####",
  user: {
    role: "Customer Success Manager",
    description: "Owns new customer accounts from contract signature through go-live and the first renewal.",
  },
  persona: {
    role: "VP of Customer Operations",
    description: "Sets the onboarding standard and reviews onboarding health each month.",
  },
  channels: ["cs-onboarding", "deal-desk"],
  vars: {
    product: ["the AR Automation Suite", "the Collections Cloud module", "the Cash Application add-on"],
    erp: ["NetSuite", "SAP S/4HANA", "Microsoft Dynamics 365", "Sage Intacct"],
    sponsor: ["their CFO", "their VP of Finance", "their controller"],
    seats: ["40 seats", "85 seats", "120 seats", "250 seats"],
  },
  facts: [
    "{subject}'s order form covers {product} with {seats}, and kickoff is pencilled in for {date}",
    "Executive sponsor at {subject} is {sponsor}, who wants a weekly status email during onboarding",
  ],
  steps: [
    {
      key: "handoff",
      title: "Receive the sales hand-off",
      task: "Receive the signed order form and the sales hand-off notes",
      description:
        "The account executive completes the hand-off template in the CRM within two business days of signature.",
      after: [],
    },
    {
      key: "account",
      title: "Create the customer account",
      task: "Create the customer account in the CRM and the ERP",
      description:
        "Use the legal entity name from the order form; the ERP account number becomes the billing reference.",
      personal:
        "Create {subject}'s account ({case_id}) in the CRM and the ERP from the order form for {product}",
    },
    {
      key: "credit",
      title: "Run the credit check",
      task: "Run the credit review for the new customer",
      description: "Finance reviews the credit report and sets payment terms before the first invoice.",
      condition: {
        id: "credit_terms",
        question: "Does the customer's credit score meet the threshold for standard terms?",
        branches: [
          {
            id: "standard_terms",
            when: "the customer's credit score meets the threshold",
            action: "set standard net-30 payment terms",
            evidence: [
              "Credit came back clean for {subject}, score is well above our cutoff",
              "Finance approved {subject} at standard risk, nothing unusual in the bureau report",
            ],
            answer: "Set standard net-30 payment terms for {subject}",
          },
          {
            id: "prepay",
            when: "the customer's credit score is below the threshold",
            action: "require a 25 percent prepayment and set net-15 terms",
            evidence: [
              "{subject}'s credit score came in under our threshold, finance flagged two late payments with other vendors",
              "Bureau report for {subject} is weak, finance wants protection on this one",
            ],
            answer: "Require a 25 percent prepayment from {subject} and set net-15 terms",
          },
        ],
      },
    },
    {
      key: "kickoff",
      title: "Schedule the kickoff meeting",
      task: "Schedule the kickoff meeting with the customer's project team",
      description: "Send the kickoff deck, the onboarding plan and the data request list three days ahead.",
      personal:
        "Schedule {subject}'s kickoff for {date} with {sponsor} and send the deck and data request list three days ahead",
    },
    {
      key: "security",
      title: "Complete the security review",
      task: "Complete the customer's security and privacy review",
      description: "Security questionnaires are answered by the trust team from the approved answer library.",
      condition: {
        id: "security_review",
        question: "Has the customer requested a vendor security questionnaire?",
        branches: [
          {
            id: "questionnaire",
            when: "the customer has sent a vendor security questionnaire",
            action: "route the questionnaire to the trust team and hold provisioning until it is returned",
            evidence: [
              "{subject}'s procurement sent over a 200-question vendor security questionnaire this morning",
              "Their IT team at {subject} won't let us connect anything until their security questionnaire is done",
            ],
            answer:
              "Route {subject}'s security questionnaire to the trust team and hold provisioning until it is returned",
          },
          {
            id: "standard_package",
            when: "the customer accepts the standard security package",
            action:
              "send the standard security package (SOC 2 report and data processing addendum) and proceed",
            evidence: [
              "{subject} said our SOC 2 report and the standard DPA are enough for them",
              "No questionnaire from {subject}, they just want the usual security package",
            ],
            answer: "Send {subject} the SOC 2 report and standard data processing addendum and proceed",
          },
        ],
      },
    },
    {
      key: "provision",
      title: "Provision the tenant",
      task: "Provision the customer's production tenant",
      description:
        "Provisioning is requested through the service catalog and completed by the cloud operations team.",
    },
    {
      key: "integration",
      title: "Plan the ERP integration",
      task: "Plan the integration with the customer's ERP",
      description:
        "The solutions engineer confirms the connector and the data mapping with the customer's IT team.",
      condition: {
        id: "integration_path",
        question: "Does the customer's ERP have a certified connector?",
        branches: [
          {
            id: "certified_connector",
            when: "the customer's ERP has a certified connector",
            action: "configure the certified connector with the standard field mapping",
            evidence: [
              "{subject} is on {erp}, which is on our certified connector list",
              "Their finance stack at {subject} is {erp}, so the packaged connector should work",
            ],
            answer: "Configure the certified {erp} connector for {subject} with the standard field mapping",
          },
          {
            id: "custom_integration",
            when: "the customer's ERP has no certified connector",
            action:
              "scope a custom integration through professional services with a separate statement of work",
            evidence: [
              "{subject} runs a homegrown ERP, nothing we have a connector for",
              "Heads up, {subject}'s ERP is a heavily customized legacy system, no standard connector",
            ],
            answer:
              "Scope a custom integration for {subject} through professional services with a separate statement of work",
          },
        ],
      },
    },
    {
      key: "migration",
      title: "Migrate opening balances",
      task: "Import the customer's open invoices and opening balances",
      description: "The customer signs off on the reconciliation of imported balances before go-live.",
      optional: true,
    },
    {
      key: "training",
      title: "Deliver user training",
      task: "Train the customer's users",
      description: "Training covers daily tasks, reporting and administration.",
      condition: {
        id: "training_format",
        question: "Does the customer have more than 100 users?",
        branches: [
          {
            id: "train_the_trainer",
            set: { seats: ["120 seats", "250 seats", "400 seats"] },
            when: "the customer has more than 100 users",
            action: "run train-the-trainer sessions for the customer's super users",
            evidence: [
              "{subject} is rolling this out to {seats} across three sites",
              "They'll have a big user base at {subject}, {seats} on the order form",
            ],
            answer: "Run train-the-trainer sessions for {subject}'s super users",
          },
          {
            id: "live_sessions",
            set: { seats: ["40 seats", "85 seats", "25 seats"] },
            when: "the customer has 100 users or fewer",
            action: "run live role-based training sessions for all users",
            evidence: [
              "{subject} only has a small AR team, {seats} total",
              "It's a small team at {subject}, everyone can join the live sessions",
            ],
            answer: "Run live role-based training sessions for all of {subject}'s users",
          },
        ],
      },
    },
    {
      key: "uat",
      title: "Run user acceptance testing",
      task: "Run user acceptance testing with the customer",
      description: "The customer executes the test scripts and signs the UAT acceptance form.",
    },
    {
      key: "golive",
      title: "Approve go-live",
      task: "Hold the go-live readiness review and approve go-live",
      description: "The readiness checklist must be complete and signed by the customer sponsor.",
    },
    {
      key: "hypercare",
      title: "Provide hypercare",
      task: "Provide two weeks of hypercare after go-live",
      description: "Daily check-ins and a priority support queue apply during hypercare.",
      optional: true,
    },
    {
      key: "health",
      title: "Set up health monitoring",
      task: "Set up the customer health score and success plan",
      description:
        "The success plan records the customer's goals and the metrics reviewed at each business review.",
    },
    {
      key: "billing",
      title: "Start billing",
      task: "Confirm the billing start date with finance",
      description: "Billing starts on the go-live date unless the order form states otherwise.",
      optional: true,
    },
    {
      key: "close",
      title: "Close onboarding",
      task: "Close the onboarding project and transition to steady-state support",
      description:
        "Send the closure summary to the sponsor and record lessons learned in the onboarding tracker.",
      personal: "Close {subject}'s onboarding project and send the closure summary to {sponsor}",
    },
  ],
};

export const invoiceDispute: FamilySpec = {
  id: "invoice-dispute",
  organizations: ORGANIZATIONS,
  domain: "b2b",
  question: "What is the workflow to resolve a disputed B2B invoice payment?",
  policy: "Invoice Dispute Resolution Procedure",
  adjacentQuestions: [
    "What is the workflow to resolve {subject}'s disputed invoice ({invoice})?",
    "What steps should we take to settle the invoice {subject} is contesting?",
  ],
  subjectKind: "customer",
  caseId: "DSP-######",
  user: {
    role: "Billing Specialist",
    description: "Handles invoicing questions, disputes and credit memos for enterprise customers.",
  },
  persona: {
    role: "Controller",
    description: "Owns accounts receivable policy, credit limits and write-off approvals.",
  },
  channels: ["ar-disputes", "billing-team"],
  vars: {
    invoice: ["INV-40817", "INV-41230", "INV-39955", "INV-42101"],
    amount: ["$18,400", "$6,250", "$47,900", "$3,980"],
    reason: [
      "a quantity billed above the delivered amount",
      "a price above the contracted rate",
      "a service period billed twice",
    ],
    contact: ["their AP manager", "their procurement lead", "their finance director"],
  },
  facts: [
    "{subject} is disputing {invoice} for {amount}; {contact} says it reflects {reason}",
    "{subject}'s payment run is on {date}, so anything we agree needs to be in their system before then",
  ],
  steps: [
    {
      key: "log",
      title: "Log the dispute",
      task: "Log the dispute against the invoice in the ERP",
      description: "Logging the dispute pauses dunning for that invoice only.",
      after: [],
      personal:
        "Log {subject}'s dispute against {invoice} ({amount}) in the ERP to pause dunning on that invoice",
    },
    {
      key: "ack",
      title: "Acknowledge the customer",
      task: "Acknowledge the dispute to the customer within two business days",
      description: "The acknowledgement states the dispute number and the expected resolution date.",
    },
    {
      key: "classify",
      title: "Classify the dispute",
      task: "Classify the dispute by reason code",
      description: "Reason codes are pricing, quantity, duplicate billing, tax, or service quality.",
    },
    {
      key: "docs",
      title: "Gather supporting documents",
      task: "Gather the contract, purchase order, delivery proof and invoice",
      description: "Attach every document to the dispute record.",
    },
    {
      key: "validity",
      title: "Determine validity",
      task: "Compare the invoice with the contract and delivery records",
      description: "The specialist records the finding and the evidence behind it.",
      condition: {
        id: "dispute_valid",
        question: "Do the records support the customer's claim?",
        branches: [
          {
            id: "valid",
            when: "the contract or delivery records support the customer's claim",
            action: "prepare a credit memo or corrected invoice for the disputed amount",
            evidence: [
              "I checked the proof of delivery for {subject}, they're right, we billed more than was shipped on {invoice}",
              "Contract for {subject} confirms the lower rate, so {invoice} is overbilled",
            ],
            answer: "Prepare a credit memo or corrected invoice for {subject}'s disputed amount on {invoice}",
          },
          {
            id: "invalid",
            when: "the records do not support the customer's claim",
            action: "send the customer the supporting documents and ask for payment",
            evidence: [
              "The signed delivery receipt for {subject} matches {invoice} exactly, so the billing looks right",
              "Pricing on {invoice} matches {subject}'s signed order form, I don't see an error",
            ],
            answer: "Send {subject} the supporting documents for {invoice} and ask for payment",
          },
        ],
      },
    },
    {
      key: "approval",
      title: "Obtain credit approval",
      task: "Obtain approval for any credit",
      description: "Credits follow the delegation of authority matrix.",
      condition: {
        id: "credit_authority",
        question: "Is the disputed amount above $10,000?",
        branches: [
          {
            id: "controller",
            set: { amount: ["$18,400", "$47,900", "$26,300"] },
            when: "the disputed amount is above $10,000",
            action: "get the controller's approval before issuing the credit",
            evidence: [
              "Heads up, {subject}'s dispute on {invoice} is {amount}",
              "Amount in question for {subject} is {amount}, per the dispute form",
            ],
            answer: "Get the controller's approval for {subject}'s credit before issuing it",
          },
          {
            id: "manager",
            set: { amount: ["$6,250", "$3,980", "$8,720"] },
            when: "the disputed amount is $10,000 or less",
            action: "get the billing manager's approval",
            evidence: [
              "{subject}'s dispute is small, {amount} on {invoice}",
              "It's only {amount} that {subject} is contesting",
            ],
            answer: "Get the billing manager's approval for {subject}'s credit",
          },
        ],
      },
    },
    {
      key: "sales",
      title: "Inform the account team",
      task: "Inform the account executive of the dispute and its status",
      description: "The account executive may join the customer call but does not approve credits.",
      optional: true,
    },
    {
      key: "partial",
      title: "Handle the undisputed balance",
      task: "Handle the undisputed part of the invoice",
      description: "Only the disputed line is on hold; the rest of the invoice stays due.",
      condition: {
        id: "partial_payment",
        question: "Has the customer paid the undisputed portion?",
        branches: [
          {
            id: "short_paid",
            when: "the customer has paid the undisputed portion",
            action: "apply the partial payment and leave only the disputed line open",
            evidence: [
              "{subject} short-paid {invoice}, the undisputed lines came in on Friday's remittance",
              "We got a partial payment from {subject} covering everything except the disputed line",
            ],
            answer: "Apply {subject}'s partial payment and leave only the disputed line of {invoice} open",
          },
          {
            id: "unpaid",
            when: "the customer has paid nothing on the invoice",
            action: "ask the customer to pay the undisputed portion while the dispute is reviewed",
            evidence: [
              "{subject} is holding the whole of {invoice}, nothing has been paid",
              "Nothing received from {subject} on {invoice} at all, even the lines they agree with",
            ],
            answer: "Ask {subject} to pay the undisputed portion of {invoice} while the dispute is reviewed",
          },
        ],
      },
    },
    {
      key: "resolve",
      title: "Communicate the resolution",
      task: "Send the resolution to the customer in writing",
      description: "Include the corrected amount, the documents and the new due date.",
      personal:
        "Send the written resolution of {invoice} to {subject}'s {contact} before the payment run on {date}",
    },
    {
      key: "post",
      title: "Post the adjustment",
      task: "Post the credit memo or corrected invoice in the ERP",
      description: "The adjustment references the dispute number.",
    },
    {
      key: "collect",
      title: "Collect the remaining balance",
      task: "Follow up until the remaining balance is paid",
      description: "Dunning resumes automatically once the dispute is closed.",
      optional: true,
    },
    {
      key: "root",
      title: "Record the root cause",
      task: "Record the root cause of the dispute",
      description: "Recurring root causes are reviewed monthly with the order management team.",
    },
    {
      key: "close",
      title: "Close the dispute",
      task: "Close the dispute in the ERP",
      description: "Closure requires the resolution letter and the posted adjustment.",
    },
    {
      key: "report",
      title: "Report dispute metrics",
      task: "Include the dispute in the monthly dispute report",
      description: "The report tracks volume, value and days to resolve.",
      optional: true,
    },
  ],
};

export const contractRedlines: FamilySpec = {
  id: "contract-redlines",
  companies: ["Helix Ledger Systems", "Quillstone Analytics", "Ardent Freight Partners"],
  organizations: ORGANIZATIONS,
  domain: "b2b",
  question: "What is the step-by-step process to approve contract redlines quickly?",
  policy: "Commercial Contract Redline Approval Process",
  adjacentQuestions: [
    "What is the process to approve {subject}'s contract redlines before {date}?",
    "What steps do we take to get {subject}'s marked-up agreement approved and signed quickly?",
  ],
  subjectKind: "customer",
  caseId: "CTR-####-##",
  user: {
    role: "Deal Desk Analyst",
    description: "Coordinates pricing and contract approvals between sales, legal and finance.",
  },
  persona: {
    role: "General Counsel",
    description: "Owns the contract playbook and the signature authority policy.",
  },
  channels: ["deal-desk", "legal-intake"],
  vars: {
    acv: ["$120,000", "$340,000", "$760,000", "$95,000"],
    clause: ["limitation of liability", "indemnification", "auto-renewal", "data processing"],
    quarter: ["this quarter", "before quarter close", "by month end"],
  },
  facts: [
    "{subject}'s deal is {acv} in annual contract value and sales wants it signed {quarter}",
    "{subject}'s counsel sent their redlines on our MSA; the biggest changes are in {clause}",
  ],
  steps: [
    {
      key: "intake",
      title: "Submit the redline request",
      task: "Submit the customer's redlines through the legal intake form",
      description: "Attach the redlined document and the opportunity link from the CRM.",
      after: [],
    },
    {
      key: "triage",
      title: "Triage the request",
      task: "Triage the request by deal value and paper",
      description: "Legal operations assigns the request within one business day.",
    },
    {
      key: "paper",
      title: "Confirm whose paper is used",
      task: "Confirm which contract template the redlines were made on",
      description: "The review path depends on whether the customer marked up our template.",
      condition: {
        id: "contract_paper",
        question: "Are the redlines on our standard template?",
        branches: [
          {
            id: "our_paper",
            when: "the redlines are on our standard master agreement",
            action: "review the redlines against the contract playbook's fallback positions",
            evidence: [
              "{subject} marked up our MSA, so we can work from the playbook",
              "{subject} accepted our template as the base and only redlined it",
            ],
            answer: "Review {subject}'s redlines against the contract playbook's fallback positions",
          },
          {
            id: "their_paper",
            when: "the customer insists on its own paper",
            action: "send the full agreement to legal for a complete review",
            evidence: [
              "{subject} insists on using their own master agreement, we'd be signing their paper",
              "{subject}'s procurement says company policy is vendors sign their template",
            ],
            answer: "Send {subject}'s own agreement to legal for a complete review",
          },
        ],
      },
    },
    {
      key: "compare",
      title: "Compare to the playbook",
      task: "Compare each redline to the playbook",
      description: "Mark each change as accepted, fallback or escalation.",
    },
    {
      key: "liability",
      title: "Review liability changes",
      task: "Review changes to liability, indemnity and warranties",
      description: "These clauses carry the highest risk and have fixed fallback positions.",
      condition: {
        id: "liability_change",
        question: "Do the redlines raise the liability cap above twelve months of fees?",
        branches: [
          {
            id: "cap_raised",
            when: "the redlines raise the liability cap above twelve months of fees",
            action: "escalate to the general counsel for approval of the higher cap",
            evidence: [
              "{subject} wants the liability cap at three times annual fees, that's way beyond our standard",
              "Their redline raises our cap to 24 months of fees for {subject}",
            ],
            answer: "Escalate {subject}'s raised liability cap to the general counsel for approval",
          },
          {
            id: "cap_standard",
            when: "the liability cap stays within twelve months of fees",
            action: "accept the liability language within the analyst's authority",
            evidence: [
              "{subject} left our liability cap alone, they only touched the notice clause",
              "No change to the cap in {subject}'s markup",
            ],
            answer: "Accept {subject}'s liability language within the deal desk's authority",
          },
        ],
      },
    },
    {
      key: "privacy",
      title: "Route data protection terms",
      task: "Route data protection terms to the privacy team",
      description: "The privacy team owns the data processing addendum.",
      condition: {
        id: "dpa_needed",
        question: "Will the customer send personal data of EU residents?",
        branches: [
          {
            id: "eu_data",
            when: "the customer will send personal data of EU residents",
            action: "attach the EU data processing addendum with standard contractual clauses",
            evidence: [
              "{subject} has a Dublin subsidiary and will load EU employee data",
              "{subject} told us they will process customer data from their German operations",
            ],
            answer: "Attach the EU data processing addendum with standard contractual clauses for {subject}",
          },
          {
            id: "no_eu_data",
            when: "no EU personal data is involved",
            action: "use the standard US data processing terms",
            evidence: [
              "{subject} is US-only, no European data at all",
              "{subject} confirmed only US customer records go into the platform",
            ],
            answer: "Use the standard US data processing terms for {subject}",
          },
        ],
      },
    },
    {
      key: "finance",
      title: "Check commercial terms",
      task: "Check payment terms and pricing changes with finance",
      description: "Finance approves any payment term longer than net 45.",
      optional: true,
    },
    {
      key: "counter",
      title: "Send the counter-proposal",
      task: "Send the consolidated counter-proposal to the customer",
      description: "One consolidated markup goes out; piecemeal responses slow the negotiation.",
    },
    {
      key: "call",
      title: "Hold a negotiation call",
      task: "Hold a negotiation call for open items",
      description: "Legal attends when escalated clauses are open.",
      optional: true,
    },
    {
      key: "signature",
      title: "Route for signature",
      task: "Route the final agreement for signature",
      description: "The signatory follows the signature authority policy.",
      condition: {
        id: "signature_authority",
        question: "Is the annual contract value above $500,000?",
        branches: [
          {
            id: "cfo_signs",
            set: { acv: ["$760,000", "$1,150,000", "$540,000"] },
            when: "the annual contract value is above $500,000",
            action: "route the agreement to the CFO for signature",
            evidence: [
              "{subject}'s deal came in at {acv} ACV in the CRM",
              "Final number for {subject} is {acv} per year",
            ],
            answer: "Route {subject}'s agreement to the CFO for signature",
          },
          {
            id: "vp_signs",
            set: { acv: ["$120,000", "$340,000", "$95,000"] },
            when: "the annual contract value is $500,000 or less",
            action: "route the agreement to the VP of Sales for signature",
            evidence: ["{subject} is a {acv} ACV deal", "The CRM shows {acv} in annual value for {subject}"],
            answer: "Route {subject}'s agreement to the VP of Sales for signature",
          },
        ],
      },
    },
    {
      key: "execute",
      title: "Execute the agreement",
      task: "Collect signatures through the e-signature platform",
      description: "Countersignature happens only after the customer has signed.",
    },
    {
      key: "store",
      title: "Store the executed contract",
      task: "Store the executed contract in the contract repository",
      description: "Record the key dates and obligations in the repository fields.",
    },
    {
      key: "crm",
      title: "Update the CRM",
      task: "Mark the opportunity closed-won with the executed contract attached",
      description: "Revenue operations uses the attachment to book the order.",
      personal: "Mark {subject}'s opportunity closed-won with the executed contract attached, {acv} ACV",
    },
    {
      key: "deviation",
      title: "Log approved deviations",
      task: "Log every approved deviation from the playbook",
      description: "The deviation log feeds the quarterly playbook review.",
      optional: true,
    },
    {
      key: "handover",
      title: "Hand over obligations",
      task: "Hand over non-standard obligations to customer success",
      description: "Non-standard obligations are listed in the account plan.",
    },
  ],
};
