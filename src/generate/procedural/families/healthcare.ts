/** @module Healthcare workflow families: informed consent with limited English proficiency, TB isolation, release of records. */
import type { FamilySpec } from "../family.ts";

export const lepConsent: FamilySpec = {
  id: "lep-consent",
  domain: "healthcare",
  question:
    "What is the step-by-step workflow to obtain informed consent for a procedure when the patient has limited English proficiency?",
  policy: "Informed Consent for Patients with Limited English Proficiency",
  adjacentQuestions: [
    "What is the workflow to obtain informed consent for {subject_ref}'s {procedure} with an interpreter?",
    "How do we get valid consent from {subject_ref}, who prefers {language}, before the procedure?",
  ],
  subjectKind: "patient",
  caseId: "MRN-######",
  honorific: true,
  user: {
    role: "Registered Nurse, Pre-Procedure Unit",
    description:
      "Prepares patients for scheduled procedures and coordinates consent paperwork with the proceduralist.",
  },
  persona: {
    role: "Director of Patient Safety",
    description: "Owns the consent and language access policies and audits compliance.",
  },
  channels: ["preop-nursing", "language-access"],
  vars: {
    language: ["Spanish", "Vietnamese", "Portuguese", "Haitian Creole", "Arabic", "Mandarin"],
    procedure: [
      "laparoscopic cholecystectomy",
      "diagnostic colonoscopy",
      "cardiac catheterization",
      "knee arthroscopy",
      "thyroid lobectomy",
    ],
    proceduralist: ["Dr. Okonjo", "Dr. Halvorsen", "Dr. Reyes", "Dr. Lindgren"],
    room: ["Pre-Op Bay 3", "Pre-Op Bay 7", "Endoscopy Suite 2", "Cath Lab Holding 1"],
  },
  facts: [
    "{subject_ref}'s {procedure} with {proceduralist} is booked for {date}, and the consent conversation will happen in {room}",
    "{proceduralist}'s office confirmed the consent form for {subject_ref}'s {procedure} was pre-filled with the risks discussed in clinic",
  ],
  steps: [
    {
      key: "verify",
      title: "Verify patient identity and scheduled procedure",
      task: "Verify the patient's identity with two identifiers and confirm the scheduled procedure",
      description: "Match the wristband, the schedule and the order before any consent discussion begins.",
      after: [],
    },
    {
      key: "language",
      title: "Identify the preferred language",
      task: "Record the patient's preferred language for health care discussions",
      description:
        "Ask the patient directly and document the answer in the language field of the registration record.",
      personal:
        "Record {subject_ref}'s preferred language in the registration record before the {procedure} consent",
    },
    {
      key: "interpreter",
      title: "Arrange a qualified interpreter",
      task: "Arrange the interpreter modality for the consent discussion",
      description:
        "Only qualified medical interpreters may interpret consent discussions; bilingual staff who are not qualified may not.",
      condition: {
        id: "interpreter_modality",
        question: "Is an in-person interpreter available for the patient's language at the time of consent?",
        branches: [
          {
            id: "in_person",
            when: "an in-person certified medical interpreter is available for the patient's language",
            action: "book the in-person certified medical interpreter through the Language Access desk",
            evidence: [
              "FYI, Language Access said a certified {language} interpreter can be at the bedside for {subject_ref} on {date}",
              "The {language} staff interpreter is on site that morning and has {subject_ref} on her list for {date}",
            ],
            answer:
              "Book the in-person certified {language} interpreter through the Language Access desk for {subject_ref}'s consent on {date}",
          },
          {
            id: "vri",
            when: "no in-person interpreter is available for the patient's language",
            action: "connect a video remote interpreting (VRI) cart with a certified medical interpreter",
            evidence: [
              "Heads up, Language Access has no in-person {language} interpreter free on {date}, so {subject_ref} will need the video remote interpreting cart",
              "No on-site {language} coverage that day, they told me to reserve the VRI cart for {subject_ref}",
            ],
            answer:
              "Reserve the video remote interpreting (VRI) cart with a certified {language} interpreter for {subject_ref}'s consent on {date}",
          },
        ],
      },
    },
    {
      key: "family",
      title: "Decline family members as interpreters",
      task: "Prevent family members or companions from interpreting the consent discussion",
      description: "A family member may stay for support but may not interpret, even if the patient asks.",
      condition: {
        id: "family_request",
        question: "Has the patient asked for a family member to interpret?",
        branches: [
          {
            id: "family_requested",
            when: "the patient has asked a family member to interpret",
            action:
              "explain the policy, document the request and the refusal, and keep the family member as support only",
            evidence: [
              "Just so you know, {subject_ref}'s son said he would translate everything during the consent so we don't need an interpreter",
              "{subject_ref} asked the front desk whether the daughter could just interpret for the surgeon",
            ],
            answer:
              "Explain to {subject_ref} and the family that a relative cannot interpret, document the request and the refusal, and keep the family member as support only",
          },
          {
            id: "no_family_request",
            when: "no family member has asked to interpret",
            action:
              "proceed with the qualified interpreter and note that no family interpreter was requested",
            evidence: [
              "{subject_ref} is coming alone on {date}, no family member will be there",
              "No relatives are planning to come with {subject_ref}, transport is booked through the shuttle",
            ],
            answer:
              "Proceed with the qualified interpreter for {subject_ref} and note that no family interpreter was requested",
          },
        ],
      },
    },
    {
      key: "translated",
      title: "Obtain the translated consent form",
      task: "Print the consent form in the patient's preferred language",
      description:
        "Translated forms are kept in the forms library; if none exists, use the English form with a sight translation by the interpreter.",
      optional: true,
    },
    {
      key: "capacity",
      title: "Assess decision-making capacity",
      task: "Assess whether the patient can make the decision today",
      description: "Capacity is assessed by the proceduralist and documented in the consent note.",
      condition: {
        id: "sedation_capacity",
        question: "Has the patient received sedating medication before the consent discussion?",
        branches: [
          {
            id: "sedated",
            when: "the patient has received sedating medication in the last four hours",
            action: "delay the consent discussion until the sedation has worn off and reassess capacity",
            evidence: [
              "{subject_ref} got lorazepam at 06:30 for anxiety before transport, pharmacy has it on the MAR",
              "Night shift gave {subject_ref} a sedative around dawn, it is on the medication record",
            ],
            answer:
              "Delay {subject_ref}'s consent discussion until the morning sedative has worn off, then reassess capacity",
          },
          {
            id: "not_sedated",
            when: "the patient has not received sedating medication",
            action: "proceed with the consent discussion and document that the patient was not sedated",
            evidence: [
              "No premedication has been given to {subject_ref} yet, the MAR is clean",
              "{subject_ref} has had nothing sedating today, anesthesia is holding all premeds until after consent",
            ],
            answer:
              "Proceed with {subject_ref}'s consent discussion and document that no sedating medication was given",
          },
        ],
      },
    },
    {
      key: "explain",
      title: "Explain the procedure through the interpreter",
      task: "Have the proceduralist explain the procedure, risks, benefits and alternatives through the interpreter",
      description:
        "The proceduralist speaks in short segments and pauses for the interpreter; nursing staff do not deliver this explanation.",
      personal:
        "{proceduralist} explains the {procedure}, its risks, benefits and alternatives to {subject_ref} through the interpreter",
    },
    {
      key: "teachback",
      title: "Confirm understanding with teach-back",
      task: "Ask the patient to explain the procedure back in their own words",
      description:
        "Repeat the explanation for any part the patient cannot restate, using the interpreter again.",
    },
    {
      key: "questions",
      title: "Answer the patient's questions",
      task: "Invite and answer the patient's questions through the interpreter",
      description: "Questions and answers are summarized in the consent note.",
      optional: true,
    },
    {
      key: "witness",
      title: "Arrange the signature witness",
      task: "Arrange a witness for the patient's signature",
      description:
        "The witness confirms the identity of the signer and that the signature was given voluntarily.",
      condition: {
        id: "witness_mode",
        follows: {
          condition: "interpreter_modality",
          branches: { in_person: "interpreter_witness", vri: "staff_witness" },
        },
        question: "Will the interpreter be physically present at the signing?",
        branches: [
          {
            id: "interpreter_witness",
            when: "the interpreter is physically present at the signing",
            action: "have the interpreter sign as the witness on the interpreter attestation line",
            evidence: [
              "The interpreter said she can stay to witness {subject_ref}'s signature on {date}",
              "Language Access confirmed their interpreter will be in the room for the signing with {subject_ref}",
            ],
            answer: "Have the on-site interpreter sign as witness on the attestation line for {subject_ref}",
          },
          {
            id: "staff_witness",
            when: "the interpreter joins remotely",
            action:
              "have a second licensed staff member witness the signature and record the remote interpreter's ID number",
            evidence: [
              "Since it's VRI for {subject_ref}, someone on the unit will need to witness and write down the interpreter's ID number",
              "The video interpreter can't sign for {subject_ref}, so we need a second nurse as witness",
            ],
            answer:
              "Have a second licensed nurse witness {subject_ref}'s signature and record the remote interpreter's ID number",
          },
        ],
      },
    },
    {
      key: "sign",
      title: "Obtain signatures",
      task: "Obtain the patient's signature and the proceduralist's signature on the consent form",
      description:
        "Both signatures are dated and timed; the proceduralist signs only after the discussion is complete.",
    },
    {
      key: "document",
      title: "Document the interpreter encounter",
      task: "Document the interpreter's name or ID, the modality and the language in the consent note",
      description:
        "Interpreter documentation is required for every consent obtained with language assistance.",
    },
    {
      key: "scan",
      title: "Scan the signed form into the record",
      task: "Scan the signed consent form into the electronic health record",
      description: "The original is placed in the procedure packet and travels with the patient.",
    },
    {
      key: "timeout",
      title: "Confirm consent during the time-out",
      task: "Confirm during the pre-procedure time-out that consent is complete and matches the procedure",
      description:
        "The circulating nurse reads the consent aloud during the time-out and stops the case if it does not match.",
      optional: true,
    },
    {
      key: "handoff",
      title: "Hand off to the procedure team",
      task: "Hand off the patient with consent status and interpreter needs to the procedure team",
      description: "Use the structured handoff tool and state whether an interpreter is needed in recovery.",
      personal:
        "Hand off {subject_ref} to the {procedure} team in {room} with consent status and interpreter needs",
    },
  ],
};

export const tbIsolation: FamilySpec = {
  id: "tb-isolation",
  domain: "healthcare",
  question: "What workflow should we follow to isolate a patient with suspected tuberculosis?",
  policy: "Airborne Isolation for Suspected Tuberculosis",
  adjacentQuestions: [
    "What is the workflow to isolate {subject_ref}, who may have tuberculosis?",
    "What steps do we follow to start airborne precautions for {subject_ref} on {unit}?",
  ],
  subjectKind: "patient",
  caseId: "MRN-######",
  honorific: true,
  user: {
    role: "Charge Nurse, Medical Unit",
    description: "Runs the shift on a medical unit, assigns rooms and coordinates with infection prevention.",
  },
  persona: {
    role: "Infection Prevention Manager",
    description: "Owns isolation policies and reportable disease notifications.",
  },
  channels: ["med-unit-charge", "infection-prevention"],
  vars: {
    unit: ["5 North", "4 West", "6 East"],
    room: ["room 512", "room 418", "room 621", "room 430"],
    physician: ["Dr. Abiodun", "Dr. Marchetti", "Dr. Sato", "Dr. Fairbanks"],
    symptom: [
      "a three-week cough with night sweats",
      "hemoptysis and weight loss",
      "a cavitary lesion on chest imaging",
    ],
  },
  facts: [
    "{physician} flagged {subject_ref} for {symptom} and wants airborne precautions started before {date}",
    "Bed management is holding {room} on {unit} for {subject_ref} until the isolation plan is confirmed",
  ],
  steps: [
    {
      key: "recognize",
      title: "Recognize suspected tuberculosis",
      task: "Screen the patient for tuberculosis risk factors and symptoms",
      description:
        "Use the TB screening questions in the admission assessment and notify the charge nurse of any positive screen.",
      after: [],
    },
    {
      key: "mask",
      title: "Mask the patient immediately",
      task: "Place a surgical mask on the patient while a room is arranged",
      description: "The patient keeps the mask on during any movement outside the room.",
    },
    {
      key: "room",
      title: "Place the patient in an airborne infection isolation room",
      task: "Assign an airborne infection isolation room (AIIR)",
      description: "AIIRs have negative pressure and at least twelve air changes per hour.",
      condition: {
        id: "aiir_available",
        question: "Is a negative-pressure AIIR available on the unit?",
        branches: [
          {
            id: "aiir_on_unit",
            when: "a negative-pressure AIIR is available on the unit",
            action: "move the patient into the unit's AIIR and verify the pressure monitor reads negative",
            evidence: [
              "{room} on {unit} is open and the negative pressure monitor is green, we can put {subject_ref} there",
              "Good news, the AIIR on {unit} was just cleaned and can take {subject_ref} right away",
            ],
            answer:
              "Move {subject_ref} into the AIIR ({room}) on {unit} and verify the pressure monitor reads negative",
          },
          {
            id: "aiir_transfer",
            when: "no AIIR is available on the unit",
            action:
              "request a transfer to an AIIR on another unit through bed management and keep the patient masked with the door closed",
            evidence: [
              "Both AIIRs on {unit} are occupied, bed management says {subject_ref} will have to go to another floor",
              "No negative pressure room on {unit} today, so {subject_ref} stays masked behind a closed door until transfer",
            ],
            answer:
              "Ask bed management to transfer {subject_ref} to an AIIR on another unit, keeping {subject_ref} masked with the door closed",
          },
        ],
      },
    },
    {
      key: "signage",
      title: "Post airborne precautions signage",
      task: "Post the airborne precautions sign on the door",
      description: "The sign lists the required respirator and the visitor rules.",
    },
    {
      key: "respirator",
      title: "Use the correct respiratory protection",
      task: "Ensure every staff member entering wears a fit-tested respirator",
      description: "Staff must be fit tested for the respirator model they use.",
      condition: {
        id: "fit_test",
        question: "Is the assigned nurse fit tested for an N95 respirator?",
        branches: [
          {
            id: "n95",
            when: "the assigned nurse has a current N95 fit test",
            action: "use the fit-tested N95 respirator for every room entry",
            evidence: [
              "My N95 fit test was renewed in March, so I can take {subject_ref}'s room",
              "Occupational health shows a current N95 fit test for the nurse assigned to {subject_ref}",
            ],
            answer:
              "The assigned nurse uses the fit-tested N95 respirator for every entry into {subject_ref}'s room",
          },
          {
            id: "papr",
            when: "the assigned nurse has no current N95 fit test",
            action: "use a powered air-purifying respirator (PAPR) from the equipment room",
            evidence: [
              "The nurse who has {subject_ref} isn't fit tested yet, she failed the N95 fit last week",
              "Fit testing is overdue for the nurse on {subject_ref}, occupational health has no current record",
            ],
            answer:
              "The assigned nurse uses a powered air-purifying respirator (PAPR) for {subject_ref}'s room because the N95 fit test is not current",
          },
        ],
      },
    },
    {
      key: "notifyip",
      title: "Notify infection prevention",
      task: "Notify infection prevention of the suspected case",
      description: "Page the on-call infection preventionist within one hour of isolation.",
    },
    {
      key: "orders",
      title: "Obtain diagnostic orders",
      task: "Obtain orders for chest imaging and three sputum specimens",
      description:
        "Sputum specimens are collected at least eight hours apart, with one early-morning specimen.",
      personal: "Obtain chest imaging and three sputum specimen orders for {subject_ref} from {physician}",
    },
    {
      key: "sputum",
      title: "Collect sputum specimens",
      task: "Collect the sputum specimens",
      description: "Collection happens inside the AIIR or a sputum booth, never in an open room.",
      condition: {
        id: "sputum_mode",
        question: "Can the patient produce sputum spontaneously?",
        branches: [
          {
            id: "spontaneous",
            when: "the patient can cough up sputum spontaneously",
            action: "collect expectorated specimens in the AIIR",
            evidence: [
              "{subject_ref} has a productive cough, respiratory got a good sample at the bedside yesterday",
              "Respiratory therapy says {subject_ref} coughs up plenty on their own",
            ],
            answer: "Collect expectorated sputum from {subject_ref} inside the AIIR",
          },
          {
            id: "induced",
            when: "the patient cannot produce sputum",
            action: "order sputum induction with hypertonic saline by respiratory therapy in the AIIR",
            evidence: [
              "{subject_ref} can't bring anything up, respiratory therapy recommends induction",
              "Dry cough only for {subject_ref}, nothing came up on two tries this morning",
            ],
            answer:
              "Order sputum induction with hypertonic saline for {subject_ref}, performed by respiratory therapy in the AIIR",
          },
        ],
      },
    },
    {
      key: "visitors",
      title: "Restrict visitors",
      task: "Limit visitors to those essential to the patient's care",
      description:
        "Visitors receive instructions and wear an N95 respirator; fit testing is not required for visitors.",
      optional: true,
    },
    {
      key: "contacts",
      title: "Identify exposed contacts",
      task: "List staff and patients exposed before isolation",
      description:
        "Include anyone who shared airspace with the patient for more than fifteen minutes without protection.",
      condition: {
        id: "exposure",
        question: "Was the patient unmasked in a shared space before isolation?",
        branches: [
          {
            id: "exposed",
            when: "the patient spent time unmasked in a shared room or waiting area",
            action:
              "send the exposure list to employee health and infection prevention for contact investigation",
            evidence: [
              "{subject_ref} sat in the ED waiting room for about three hours without a mask before triage",
              "Before we knew, {subject_ref} was in a semi-private room with another patient overnight",
            ],
            answer:
              "Send the exposure list for {subject_ref} to employee health and infection prevention for a contact investigation",
          },
          {
            id: "not_exposed",
            when: "the patient was masked or isolated from arrival",
            action: "document that no unprotected exposure occurred",
            evidence: [
              "{subject_ref} was masked from the moment of arrival and went straight to a private room",
              "Triage masked {subject_ref} at the door, no shared space at all",
            ],
            answer:
              "Document that {subject_ref} was masked from arrival and no unprotected exposure occurred",
          },
        ],
      },
    },
    {
      key: "transport",
      title: "Limit transport outside the room",
      task: "Limit transport out of the room to essential procedures",
      description:
        "When transport is needed, the patient wears a surgical mask and the receiving department is called ahead.",
    },
    {
      key: "report",
      title: "Report to public health",
      task: "Report the suspected case to the local health department",
      description: "Infection prevention files the report; nursing confirms the report number in the chart.",
      optional: true,
    },
    {
      key: "educate",
      title: "Educate the patient and family",
      task: "Educate the patient and family about isolation and testing",
      description: "Use teach-back and provide written material in the patient's preferred language.",
    },
    {
      key: "review",
      title: "Review isolation daily",
      task: "Review the need for isolation every day with infection prevention",
      description:
        "Isolation continues until three negative smears or an alternative diagnosis is confirmed.",
    },
    {
      key: "document",
      title: "Document the isolation episode",
      task: "Document the isolation start time, room, precautions and notifications",
      description: "Use the isolation flowsheet so the episode shows on the infection prevention report.",
      optional: true,
    },
  ],
};

export const recordsRelease: FamilySpec = {
  id: "records-release",
  domain: "healthcare",
  question:
    "What exact steps should we take to process and document a request for release of medical records?",
  policy: "Release of Protected Health Information",
  adjacentQuestions: [
    "What steps should we take to release {subject_ref}'s records to {requester}?",
    "What is the workflow to process the records request for {subject_ref} covering {period}?",
  ],
  subjectKind: "patient",
  caseId: "ROI-2025-####",
  honorific: true,
  user: {
    role: "Release of Information Specialist",
    description:
      "Processes requests for copies of medical records in the health information management department.",
  },
  persona: {
    role: "Health Information Management Director",
    description: "Owns the release of information policy and privacy compliance for records.",
  },
  channels: ["him-roi-queue", "privacy-office"],
  vars: {
    requester: ["a personal injury attorney", "the patient's new cardiologist", "a life insurance carrier"],
    period: [
      "the last two years",
      "the 2023 admission",
      "the emergency visit in March",
      "all outpatient visits since 2022",
    ],
    format: ["an encrypted PDF", "a password-protected CD", "paper copies by certified mail"],
  },
  facts: [
    "The request for {subject_ref} came from {requester} and covers {period}; they need it by {date}",
    "{subject_ref}'s chart has records from two facilities, so the pull for {period} will take longer than usual, and they asked for {format}",
  ],
  steps: [
    {
      key: "log",
      title: "Log the request",
      task: "Log the request in the release of information tracking system",
      description:
        "Record the date received, the requester and the records requested; the statutory clock starts on the received date.",
      after: [],
    },
    {
      key: "identity",
      title: "Verify the requester's identity",
      task: "Verify the identity of the requester",
      description:
        "Match a government photo ID or, for organizations, the letterhead and a call-back to a verified number.",
    },
    {
      key: "authorization",
      title: "Validate the authorization",
      task: "Check that a valid authorization covers the request",
      description:
        "A valid authorization names the patient, the recipient, the records, the purpose, an expiry and the patient's signature.",
      condition: {
        id: "authorization_type",
        question: "Is the request for treatment purposes from another provider?",
        branches: [
          {
            id: "treatment",
            set: { requester: ["the patient's new cardiologist", "a treating orthopedic clinic"] },
            when: "the request comes from a treating provider for continuity of care",
            action:
              "release without a patient authorization under the treatment exception and record the provider's NPI",
            evidence: [
              "The request for {subject_ref} is from {requester}, who is now treating them, it's for continuity of care",
              "It's a provider-to-provider request for {subject_ref}, the new clinic is seeing them next week",
            ],
            answer:
              "Release {subject_ref}'s records under the treatment exception without patient authorization and record the provider's NPI",
          },
          {
            id: "signed_auth",
            set: { requester: ["a personal injury attorney", "a life insurance carrier"] },
            when: "the request is from a third party that is not a treating provider",
            action:
              "require a HIPAA-compliant authorization signed by the patient or personal representative",
            evidence: [
              "The request for {subject_ref} is from {requester}, and they attached a signed authorization",
              "{requester} wants {subject_ref}'s chart for a claim, so we need the patient's signed authorization on file",
            ],
            answer:
              "Require a HIPAA-compliant authorization signed by {subject_ref} before releasing anything to {requester}",
          },
        ],
      },
    },
    {
      key: "sensitive",
      title: "Screen for specially protected information",
      task: "Screen the requested records for specially protected information",
      description:
        "Substance use disorder treatment records, HIV test results and psychotherapy notes need specific consent.",
      condition: {
        id: "protected_info",
        question: "Do the requested records contain substance use disorder treatment records?",
        branches: [
          {
            id: "part2",
            when: "the records include substance use disorder treatment notes",
            action: "obtain a separate 42 CFR Part 2 consent or redact those notes before release",
            evidence: [
              "Heads up, {subject_ref}'s chart for {period} includes notes from the addiction medicine clinic",
              "{subject_ref} was seen by the substance use treatment program during {period}, those notes are in the pull",
            ],
            answer:
              "Obtain a separate 42 CFR Part 2 consent from {subject_ref} or redact the substance use treatment notes before release",
          },
          {
            id: "no_part2",
            when: "the records contain no specially protected information",
            action: "release the standard record set without additional consent",
            evidence: [
              "I checked {subject_ref}'s chart for {period}, there is nothing from behavioral health or addiction medicine",
              "Nothing sensitive in {subject_ref}'s records for {period}, just med-surg and imaging",
            ],
            answer: "Release {subject_ref}'s standard record set for {period} without additional consent",
          },
        ],
      },
    },
    {
      key: "minimum",
      title: "Apply the minimum necessary standard",
      task: "Limit the release to the minimum necessary for the stated purpose",
      description:
        "The minimum necessary standard does not apply to releases for treatment or to the patient.",
    },
    {
      key: "pull",
      title: "Pull the records",
      task: "Pull the requested records from the electronic health record and archives",
      description: "Include outside records only if they were used in the patient's care.",
      personal: "Pull {subject_ref}'s records for {period} from the electronic health record and archives",
    },
    {
      key: "qa",
      title: "Quality-check the packet",
      task: "Check every page belongs to the right patient and falls within the requested dates",
      description: "A second specialist reviews packets over one hundred pages.",
      optional: true,
    },
    {
      key: "fee",
      title: "Calculate the fee",
      task: "Calculate the copy fee",
      description: "Fees follow the state fee schedule and the cost-based limits for patient requests.",
      condition: {
        id: "fee_rule",
        follows: {
          condition: "authorization_type",
          branches: { treatment: "no_fee", signed_auth: "third_party_rate" },
        },
        question: "Is the request a continuity-of-care request from a treating provider?",
        branches: [
          {
            id: "no_fee",
            when: "a treating provider requests the records for continuity of care",
            action: "release the copies without a copy fee",
            evidence: [
              "{requester} needs {subject_ref}'s records for ongoing care, so no copy fee applies",
              "It's a continuity-of-care request for {subject_ref}, nothing to invoice",
            ],
            answer: "Release {subject_ref}'s copies to {requester} without a copy fee",
          },
          {
            id: "third_party_rate",
            when: "a third party is the requester",
            action: "apply the state per-page fee schedule and send an invoice before release",
            evidence: [
              "The request for {subject_ref} is from {requester}, so it's a third-party rate",
              "{requester} is paying for {subject_ref}'s copies, invoice them under the state schedule",
            ],
            answer:
              "Apply the state per-page fee schedule to {requester} for {subject_ref}'s records and invoice before release",
          },
        ],
      },
    },
    {
      key: "delivery",
      title: "Choose the delivery method",
      task: "Deliver the records by the approved method",
      description: "Unencrypted email is never used for protected health information.",
      condition: {
        id: "delivery_mode",
        question: "Did the requester ask for electronic delivery?",
        branches: [
          {
            id: "electronic",
            set: { format: ["an encrypted PDF", "a secure portal download"] },
            when: "the requester asked for electronic delivery",
            action: "send through the secure patient portal or encrypted email link",
            evidence: [
              "{requester} asked for {subject_ref}'s records as {format} through the secure link",
              "They want {subject_ref}'s packet electronically, the secure portal is fine with them",
            ],
            answer: "Send {subject_ref}'s records through the secure portal or encrypted email link",
          },
          {
            id: "mail",
            set: { format: ["paper copies by certified mail", "a password-protected CD"] },
            when: "the requester asked for paper or physical media",
            action: "mail the records by certified mail with a tracking number",
            evidence: [
              "{requester} wants {subject_ref}'s records on paper, mailed to their office",
              "No electronic option for this one, {subject_ref}'s packet has to go by certified mail",
            ],
            answer: "Mail {subject_ref}'s records by certified mail and log the tracking number",
          },
        ],
      },
    },
    {
      key: "deadline",
      title: "Meet the response deadline",
      task: "Release the records within thirty days of receipt",
      description:
        "One thirty-day extension is allowed if the requester is told the reason in writing before the first deadline.",
    },
    {
      key: "disclosure",
      title: "Record the disclosure",
      task: "Record the disclosure in the accounting of disclosures log",
      description: "Disclosures for treatment, payment and operations are exempt from the accounting.",
    },
    {
      key: "letter",
      title: "Send the cover letter",
      task: "Send a cover letter stating what was released and the redisclosure notice",
      description: "The redisclosure notice is required for any specially protected information.",
      optional: true,
    },
    {
      key: "retain",
      title: "Retain the request file",
      task: "Retain the request, authorization and cover letter",
      description: "Release files are retained for six years from the release date.",
    },
    {
      key: "close",
      title: "Close the request",
      task: "Close the request in the tracking system",
      description:
        "Closing stops the statutory clock and moves the request into the monthly turnaround report.",
      personal:
        "Close {subject_ref}'s request in the tracking system once the release to {requester} is complete",
    },
    {
      key: "audit",
      title: "Audit a sample monthly",
      task: "Include the request in the monthly audit sample",
      description: "The privacy office audits five percent of releases for completeness.",
      optional: true,
    },
  ],
};
