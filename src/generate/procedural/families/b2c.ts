/** @module B2C workflow families: late returns, hacked account recovery, duplicate subscription charges. */
import type { FamilySpec } from "../family.ts";

export const lateReturn: FamilySpec = {
  id: "late-return",
  companies: ["Larkspur Home Goods", "Cobalt Outfitters"],
  domain: "b2c",
  question: "What steps should I take to return an online purchase past the deadline?",
  policy: "Returns and Exceptions Policy for Online Orders",
  adjacentQuestions: [
    "What steps should I take to process {subject}'s late return of {item}?",
    "What is the workflow to accept {subject}'s return after the 30-day window?",
  ],
  subjectKind: "customer",
  caseId: "ORD-#######",
  user: {
    role: "Tier 2 Customer Care Agent",
    description: "Handles escalated return, refund and exception requests from online customers.",
  },
  persona: {
    role: "Director of Customer Care",
    description: "Owns the returns policy and approves exception guidelines.",
  },
  channels: ["care-escalations", "returns-desk"],
  vars: {
    item: [
      "a walnut bookshelf",
      "a stand mixer",
      "a down comforter",
      "a set of dining chairs",
      "a cast-iron cookware set",
    ],
    price: ["$189", "$349", "$74", "$612"],
    days: ["12 days", "5 days", "21 days", "9 days"],
  },
  facts: [
    "{subject} bought {item} for {price} on order {case_id} and is now {days} past the 30-day window",
    "{subject} wants a pickup or drop-off arranged before {date} because they are moving",
  ],
  steps: [
    {
      key: "locate",
      title: "Locate the order",
      task: "Locate the order and confirm the purchase date",
      description: "Search by order number, email or phone in the order management system.",
      after: [],
      personal: "Locate order {case_id} for {subject} ({item}, {price}) and confirm the purchase date",
    },
    {
      key: "window",
      title: "Calculate days past the window",
      task: "Calculate how many days the request is past the return window",
      description: "The return window is thirty days from delivery, not from purchase.",
    },
    {
      key: "tier",
      title: "Check loyalty status",
      task: "Check the customer's loyalty tier",
      description: "Loyalty tier sets how far past the window an exception may be granted.",
      condition: {
        id: "loyalty_tier",
        question: "Is the customer a Gold or Platinum loyalty member?",
        branches: [
          {
            id: "gold_plus",
            when: "the customer is a Gold or Platinum loyalty member",
            action: "allow an exception up to 30 days past the window without supervisor approval",
            evidence: [
              "{subject} is a Platinum member, six years with us according to the profile",
              "Loyalty profile shows {subject} at Gold tier since 2021",
            ],
            answer:
              "Grant {subject} the loyalty exception (Gold or Platinum, up to 30 days past the window) without supervisor approval",
          },
          {
            id: "standard_member",
            when: "the customer is not a Gold or Platinum member",
            action: "request supervisor approval for any exception",
            evidence: [
              "{subject} has no loyalty account, just guest checkout",
              "{subject} is a basic member, no tier status on the account",
            ],
            answer: "Request supervisor approval for {subject}'s late-return exception",
          },
        ],
      },
    },
    {
      key: "condition",
      title: "Assess the item's condition",
      task: "Ask for photos and assess the item's condition",
      description: "Photos are attached to the case before any decision.",
      condition: {
        id: "item_condition",
        question: "Is the item unused and in its original packaging?",
        branches: [
          {
            id: "unused",
            when: "the item is unused and in its original packaging",
            action: "offer a full refund to the original payment method",
            evidence: [
              "{subject} sent photos, {item} is still sealed in the box",
              "Photos from {subject} show {item} unopened with tags on",
            ],
            answer: "Offer {subject} a full refund to the original payment method",
          },
          {
            id: "used",
            when: "the item has been used or the packaging is missing",
            action: "offer store credit minus a 15 percent restocking fee",
            evidence: [
              "{subject}'s photos show {item} was assembled and used for a few weeks",
              "{subject} threw out the box, {item} has been used",
            ],
            answer: "Offer {subject} store credit minus the 15 percent restocking fee",
          },
        ],
      },
    },
    {
      key: "reason",
      title: "Record the reason",
      task: "Record the customer's reason for the late return",
      description: "Use the late-return reason codes; free text goes in the case note.",
    },
    {
      key: "defect",
      title: "Check for a defect",
      task: "Check whether the customer reports a defect",
      description: "Defects are handled under the warranty regardless of the return window.",
      condition: {
        id: "defect_claim",
        question: "Does the customer report a defect?",
        branches: [
          {
            id: "defective",
            when: "the customer reports a defect",
            action: "route the case to the warranty queue instead of the returns queue",
            evidence: [
              "{subject} says {item} arrived with a cracked panel they only noticed now",
              "{subject} reports {item} stopped working after two weeks",
            ],
            answer: "Route {subject}'s case to the warranty queue",
          },
          {
            id: "no_defect",
            when: "the customer reports no defect",
            action: "continue with the late-return exception in the returns queue",
            evidence: [
              "{subject} says nothing is wrong with {item}, they just changed their mind",
              "No defect, {subject} just ordered the wrong size and didn't notice in time",
            ],
            answer: "Continue {subject}'s late-return exception in the returns queue",
          },
        ],
      },
    },
    {
      key: "history",
      title: "Review return history",
      task: "Review the customer's return history for abuse indicators",
      description: "More than five returns in ninety days triggers a fraud review.",
      optional: true,
    },
    {
      key: "decide",
      title: "Decide the exception",
      task: "Decide the exception and record the approver",
      description: "The decision and the approver's name go into the case note.",
    },
    {
      key: "shipping",
      title: "Arrange the return shipment",
      task: "Arrange how the item comes back",
      description: "Return labels are generated from the order management system.",
      condition: {
        id: "return_method",
        question: "Is the item oversized?",
        branches: [
          {
            id: "freight",
            set: { item: ["a walnut bookshelf", "a set of dining chairs", "a sectional sofa"] },
            when: "the item is oversized furniture",
            action: "schedule a freight pickup through the carrier portal",
            evidence: [
              "{subject}'s {item} is flat-packed but still over the parcel size limit",
              "{item} is too big for a parcel label, {subject} will need a pickup",
            ],
            answer: "Schedule a freight pickup for {subject}'s {item} through the carrier portal",
          },
          {
            id: "parcel",
            set: { item: ["a stand mixer", "a down comforter", "a cast-iron cookware set"] },
            when: "the item fits standard parcel shipping",
            action: "email a prepaid parcel return label",
            evidence: [
              "{subject} can drop {item} at the post office, it fits in a normal box",
              "{item} ships as a normal parcel, {subject} just needs a label",
            ],
            answer: "Email {subject} a prepaid parcel return label",
          },
        ],
      },
    },
    {
      key: "confirm",
      title: "Confirm to the customer",
      task: "Send the customer written confirmation of the exception",
      description:
        "The confirmation states the refund form, the deadline to ship and the label or pickup details.",
      personal:
        "Send {subject} written confirmation of the exception with the shipping details before {date}",
    },
    {
      key: "receive",
      title: "Receive and inspect",
      task: "Receive and inspect the returned item at the warehouse",
      description: "The warehouse records the inspection grade in the return record.",
    },
    {
      key: "refund",
      title: "Issue the refund or credit",
      task: "Issue the refund or store credit",
      description: "Refunds post within five business days of inspection.",
    },
    {
      key: "notify",
      title: "Notify the customer",
      task: "Notify the customer that the refund or credit was issued",
      description: "The notification includes the amount and the expected posting date.",
      optional: true,
    },
    {
      key: "close",
      title: "Close the case",
      task: "Close the case with the exception reason code",
      description: "Exception codes feed the monthly policy exception report.",
    },
    {
      key: "survey",
      title: "Send the survey",
      task: "Send the satisfaction survey",
      description: "The survey goes out automatically when the case closes.",
      optional: true,
    },
  ],
};

export const hackedAccount: FamilySpec = {
  id: "hacked-account",
  domain: "b2c",
  question: "What steps do I follow to recover a hacked customer account?",
  policy: "Account Takeover Response Procedure",
  adjacentQuestions: [
    "What steps do I follow to recover {subject}'s compromised account?",
    "What is the workflow to give {subject} back control of a hacked account?",
  ],
  subjectKind: "customer",
  caseId: "SEC-######",
  user: {
    role: "Trust and Safety Agent",
    description: "Handles account security cases, fraud reports and identity verification.",
  },
  persona: {
    role: "Head of Trust and Safety",
    description: "Owns account security procedures and fraud loss reporting.",
  },
  channels: ["trust-safety", "fraud-desk"],
  vars: {
    channel: ["phone", "chat", "email"],
    change: ["the email address and password", "the shipping address", "the phone number on file"],
    loss: ["$240 in gift cards", "two orders totalling $518", "$89 in loyalty points redeemed"],
  },
  facts: [
    "{subject} contacted us by {channel} saying someone changed {change} on the account",
    "{subject} prefers a call back in the afternoon and is travelling from {date}",
  ],
  steps: [
    {
      key: "lock",
      title: "Lock the account",
      task: "Lock the account to stop further changes",
      description: "Locking signs out every session and freezes stored payment methods.",
      after: [],
      personal: "Lock {subject}'s account ({case_id}) and sign out every session",
    },
    {
      key: "case",
      title: "Open a security case",
      task: "Open a security case and tag it as account takeover",
      description: "Link the case to the customer profile and every affected order.",
    },
    {
      key: "verify",
      title: "Verify the customer's identity",
      task: "Verify the identity of the person asking for recovery",
      description: "Verification never uses details the attacker could have changed.",
      condition: {
        id: "verification",
        question: "Can the customer still receive codes on the original phone number?",
        branches: [
          {
            id: "otp",
            when: "the customer still controls the original phone number",
            action: "verify with a one-time code to the original phone number",
            evidence: [
              "{subject} still has the same phone, the texts are getting through",
              "The original mobile number still works for {subject}, they confirmed by calling from it",
            ],
            answer: "Verify {subject} with a one-time code to the original phone number",
          },
          {
            id: "id_check",
            when: "the customer no longer controls the original phone number",
            action: "verify with a government ID check through the identity vendor",
            evidence: [
              "The attacker swapped the phone on the account too, {subject} doesn't get our codes anymore",
              "{subject} lost access to the old number when they switched carriers",
            ],
            answer: "Verify {subject} with a government ID check through the identity vendor",
          },
        ],
      },
    },
    {
      key: "restore",
      title: "Restore contact details",
      task: "Restore the original email and phone number",
      description: "Use the change history to revert every contact detail the attacker edited.",
    },
    {
      key: "reset",
      title: "Reset credentials",
      task: "Force a password reset and remove unknown devices",
      description: "The reset link goes only to the restored email address.",
    },
    {
      key: "mfa",
      title: "Enable two-step verification",
      task: "Enable two-step verification",
      description: "The method depends on what the customer can use.",
      condition: {
        id: "mfa_method",
        question: "Does the customer use a smartphone?",
        branches: [
          {
            id: "app",
            when: "the customer uses a smartphone",
            action: "enroll the customer in app-based authentication",
            evidence: [
              "{subject} has an iPhone and already uses an authenticator app for banking",
              "{subject} is fine installing an app on their phone",
            ],
            answer: "Enroll {subject} in app-based authentication",
          },
          {
            id: "sms",
            when: "the customer does not use a smartphone",
            action: "enroll the customer in text-message codes to the restored number",
            evidence: [
              "{subject} only has a basic flip phone, no apps",
              "{subject} doesn't use a smartphone, texts are the only option",
            ],
            answer: "Enroll {subject} in text-message codes to the restored number",
          },
        ],
      },
    },
    {
      key: "orders",
      title: "Review unauthorized activity",
      task: "Review orders and redemptions made during the takeover",
      description: "Every action after the first unrecognized login is reviewed.",
      condition: {
        id: "fraud_loss",
        question: "Were orders or redemptions made by the attacker?",
        branches: [
          {
            id: "loss",
            when: "the attacker placed orders or redeemed value",
            action: "cancel open orders, file a fraud claim and reimburse the customer",
            evidence: [
              "Looks like the attacker spent {loss} on {subject}'s account",
              "{subject} found {loss} they didn't authorize",
            ],
            answer: "Cancel open orders, file a fraud claim and reimburse {subject} for {loss}",
          },
          {
            id: "no_loss",
            when: "no orders or redemptions were made",
            action: "note that no financial loss occurred",
            evidence: [
              "Nothing was bought on {subject}'s account, the attacker only changed details",
              "Order history for {subject} is clean, no new purchases",
            ],
            answer: "Note on {subject}'s case that no financial loss occurred",
          },
        ],
      },
    },
    {
      key: "payments",
      title: "Review payment methods",
      task: "Remove payment methods the customer does not recognize",
      description: "Tell the customer to contact their bank about any stored card used by the attacker.",
      optional: true,
    },
    {
      key: "notify",
      title: "Notify the customer",
      task: "Send the customer a recovery summary",
      description: "The summary lists what changed, what was reverted and what the customer should do next.",
      personal: "Send {subject} the recovery summary of what changed and what was reverted",
    },
    {
      key: "escalate",
      title: "Escalate a pattern",
      task: "Check whether the takeover is part of a wider pattern",
      description: "Security engineering tracks credential-stuffing waves.",
      condition: {
        id: "pattern",
        question: "Did the login come from an IP address linked to other takeovers?",
        branches: [
          {
            id: "linked",
            when: "the login IP is linked to other takeovers",
            action: "escalate to security engineering with the IP and timestamps",
            evidence: [
              "The IP that logged into {subject}'s account shows up on three other takeover cases this week",
              "Fraud desk says the login on {subject}'s account came from the same range as the credential-stuffing wave",
            ],
            answer: "Escalate {subject}'s case to security engineering with the IP and timestamps",
          },
          {
            id: "isolated",
            when: "the login IP is not linked to other cases",
            action: "close the pattern check as an isolated incident",
            evidence: [
              "The IP on {subject}'s login is a residential address, nothing else links to it",
              "No other cases share the login IP from {subject}'s account",
            ],
            answer: "Record {subject}'s takeover as an isolated incident",
          },
        ],
      },
    },
    {
      key: "monitor",
      title: "Monitor the account",
      task: "Place the account on thirty days of enhanced monitoring",
      description: "Monitoring alerts on any new device or contact change.",
    },
    {
      key: "educate",
      title: "Share security tips",
      task: "Share account security tips with the customer",
      description: "Include password manager advice and phishing examples.",
      optional: true,
    },
    {
      key: "unlock",
      title: "Unlock the account",
      task: "Unlock the account after recovery is complete",
      description: "Unlock only after identity, credentials and two-step verification are all done.",
    },
    {
      key: "close",
      title: "Close the case",
      task: "Close the security case with the root cause",
      description: "Root causes are reused password, phishing, SIM swap or unknown.",
    },
    {
      key: "report",
      title: "Report the incident",
      task: "Include the case in the weekly takeover report",
      description: "The report tracks volume, losses and time to recover.",
      optional: true,
    },
  ],
};

export const duplicateCharge: FamilySpec = {
  id: "duplicate-charge",
  companies: ["Verdant Streaming", "PulsePoint Mobile"],
  domain: "b2c",
  question: "What is the workflow to dispute a duplicate charge on a customer's subscription?",
  policy: "Subscription Billing Adjustments Procedure",
  adjacentQuestions: [
    "What is the workflow to fix {subject}'s double charge for {plan}?",
    "What steps do I follow to refund {subject}'s duplicate subscription charge?",
  ],
  subjectKind: "subscriber",
  caseId: "SUB-######",
  user: {
    role: "Billing Support Specialist",
    description: "Resolves subscription billing questions, refunds and payment disputes.",
  },
  persona: {
    role: "Billing Operations Manager",
    description: "Owns billing adjustment rules and refund approvals.",
  },
  channels: ["billing-support", "payments-ops"],
  vars: {
    plan: ["the Premium annual plan", "the Family monthly plan", "the Standard monthly plan"],
    charge: ["$14.99", "$22.99", "$119.00", "$8.99"],
    card: ["a Visa ending 4412", "a Mastercard ending 0871", "an Amex ending 3005"],
  },
  facts: [
    "{subject} was charged {charge} twice for {plan} on {card}",
    "{subject} asked for a confirmation email of the fix by {date} for their expense records",
  ],
  steps: [
    {
      key: "find",
      title: "Find the subscription",
      task: "Find the subscription and the billing history",
      description: "Search by email, subscription id or the last four card digits.",
      after: [],
      personal: "Find {subject}'s subscription ({case_id}, {plan}) and billing history",
    },
    {
      key: "confirm",
      title: "Confirm the duplicate",
      task: "Confirm that two charges exist for the same billing period",
      description: "Compare the invoice ids, periods and amounts in the billing system.",
    },
    {
      key: "status",
      title: "Check the charge status",
      task: "Check whether the duplicate charge settled",
      description: "Pending authorizations drop off on their own; settled charges need a refund.",
      condition: {
        id: "settlement",
        question: "Has the duplicate charge settled?",
        branches: [
          {
            id: "pending",
            when: "the duplicate charge is still a pending authorization",
            action:
              "void the authorization and tell the customer it will drop off within three business days",
            evidence: [
              "The second {charge} on {subject}'s {card} is still showing as pending in the gateway",
              "Gateway shows {subject}'s duplicate as an open authorization, not captured",
            ],
            answer:
              "Void the pending authorization on {subject}'s card and tell them it drops off within three business days",
          },
          {
            id: "settled",
            when: "the duplicate charge has settled",
            action: "issue a refund of the duplicate amount to the original card",
            evidence: [
              "Both {charge} charges settled on {subject}'s statement yesterday",
              "{subject}'s duplicate was captured, it's on their card statement now",
            ],
            answer: "Refund {subject}'s duplicate {charge} to the original card",
          },
        ],
      },
    },
    {
      key: "chargeback",
      title: "Check for a bank dispute",
      task: "Check whether the customer has already disputed the charge with the bank",
      description: "Refunding a charge that is also in chargeback pays the customer twice.",
      condition: {
        id: "chargeback_open",
        question: "Has the customer filed a chargeback?",
        branches: [
          {
            id: "chargeback",
            when: "the customer has filed a chargeback",
            action: "do not refund; respond to the chargeback with evidence of the duplicate and accept it",
            evidence: [
              "{subject} already called their bank and opened a dispute on the extra charge",
              "Payments ops sees a chargeback notice for {subject}'s duplicate",
            ],
            answer: "Do not refund {subject}; accept the chargeback with evidence of the duplicate",
          },
          {
            id: "no_chargeback",
            when: "no chargeback has been filed",
            action: "proceed with the refund or void in the billing system",
            evidence: [
              "{subject} hasn't gone to the bank, they wanted to sort it out with us first",
              "No dispute on file for {subject}, payments ops checked",
            ],
            answer: "Proceed with {subject}'s refund or void in the billing system",
          },
        ],
      },
    },
    {
      key: "cause",
      title: "Identify the cause",
      task: "Identify why the duplicate happened",
      description: "Common causes are a retry after a timeout and a plan change on the renewal day.",
    },
    {
      key: "amount",
      title: "Check refund authority",
      task: "Check who can approve the refund",
      description: "Agents may refund up to $50 without approval.",
      condition: {
        id: "refund_authority",
        question: "Is the refund above $50?",
        branches: [
          {
            id: "manager_approval",
            set: { charge: ["$119.00", "$89.00"] },
            when: "the refund is above $50",
            action: "get billing operations manager approval before refunding",
            evidence: [
              "The duplicate on {subject}'s account is {charge}, the annual renewal amount",
              "{subject} got hit twice for the annual fee, {charge}",
            ],
            answer: "Get billing operations manager approval before refunding {subject}'s {charge}",
          },
          {
            id: "agent_authority",
            set: { charge: ["$14.99", "$22.99", "$8.99"] },
            when: "the refund is $50 or less",
            action: "refund within the agent's own authority",
            evidence: [
              "It's just the monthly {charge} that got doubled for {subject}",
              "{subject}'s duplicate is a single {charge} monthly charge",
            ],
            answer: "Refund {subject}'s {charge} within the agent's own authority",
          },
        ],
      },
    },
    {
      key: "refund",
      title: "Process the adjustment",
      task: "Process the refund or void",
      description: "Record the adjustment with reason code DUPLICATE.",
    },
    {
      key: "gesture",
      title: "Offer a goodwill credit",
      task: "Offer a goodwill credit where the customer was inconvenienced",
      description: "Goodwill credits are capped at one month of service.",
      optional: true,
    },
    {
      key: "notify",
      title: "Notify the customer",
      task: "Notify the customer of the resolution",
      description: "Send the notice through the customer's preferred channel.",
      condition: {
        id: "notice_channel",
        question: "Did the customer ask for written confirmation?",
        branches: [
          {
            id: "email_receipt",
            when: "the customer asked for written confirmation",
            action: "email a refund receipt with the transaction reference",
            evidence: [
              "{subject} needs a receipt for the refund, they expense the subscription",
              "{subject} asked us to email proof of the refund",
            ],
            answer: "Email {subject} a refund receipt with the transaction reference",
          },
          {
            id: "in_app",
            when: "the customer did not ask for written confirmation",
            action: "send an in-app notification with the resolution",
            evidence: [
              "{subject} said an in-app message is fine, no need for email",
              "{subject} prefers we don't email, just update them in the app",
            ],
            answer: "Send {subject} an in-app notification with the resolution",
          },
        ],
      },
    },
    {
      key: "fix",
      title: "Prevent a recurrence",
      task: "Check the next renewal date and the payment method",
      description: "Make sure only one active subscription and one default card remain.",
    },
    {
      key: "ticket",
      title: "Report a system defect",
      task: "Open an engineering ticket if the cause was a system retry",
      description: "Link the ticket to the billing case.",
      optional: true,
    },
    {
      key: "note",
      title: "Document the case",
      task: "Document the duplicate, the cause and the resolution in the case",
      description: "Documentation supports any later chargeback dispute.",
    },
    {
      key: "close",
      title: "Close the case",
      task: "Close the case with the billing adjustment reason code",
      description: "The reason code feeds the monthly billing error report.",
    },
    {
      key: "followup",
      title: "Follow up after posting",
      task: "Follow up after the refund posts",
      description: "Confirm with the customer that the credit appeared on their statement.",
      optional: true,
    },
  ],
};
