/** @module Everyday wording around planted evidence: greetings, asks, acknowledgements, note headings, generic policy sections. */

export const EMAIL_ASKS = [
  "Hi {colleague}, quick check on {subject_ref} ({case_id}) before {date}. Anything on your side I should know?",
  "Hi {colleague}, I'm pulling together the file for {case_id}. Did you hear anything new from {subject_ref}?",
  "{colleague}, can you send me what you have on {subject_ref}? I want to get {case_id} moving this week.",
  "Hi {colleague}, following up on {case_id}. Anything that changes how we handle it?",
];

/** The user's opening of a thread about a workplace topic (user distractors are replies, like the case threads). */
export const EMAIL_TOPIC_ASKS = [
  "Hi {colleague}, any news on this?",
  "{colleague}, do you know where things stand with this?",
  "Hi {colleague}, did anything get decided here? I lost track.",
  "Quick question, {colleague}: is this still on?",
];

export const EMAIL_GREETINGS = [
  "Hi {user_first},",
  "Hello {user_first},",
  "{user_first},",
  "Hi {user_first}, thanks for the nudge.",
];

export const EMAIL_CLOSERS = [
  "Let me know if you need anything else from me.",
  "Happy to jump on a call if that helps.",
  "I'll keep an eye on it and shout if anything changes.",
  "Ping me if the file needs more.",
  "Sorry this came in late, it has been a busy week.",
];

export const CHAT_OPENERS = [
  "morning all",
  "anyone around for a quick question?",
  "back from the huddle",
  "ok, catching up on messages now",
  "coffee machine on 3 is fixed btw",
];

export const CHAT_ASKS = [
  "{colleague} did anything come up on {case_id}?",
  "anything new on {subject_ref}? trying to close out {case_id}",
  "who has the latest on {case_id}?",
  "quick one about {subject_ref} ({case_id})",
];

export const CHAT_ACKS = [
  "thanks, noted",
  "got it, thank you!",
  "perfect, that helps",
  "ok, adding it to the file",
  "thx",
];

export const CHAT_SMALL_TALK = [
  "reminder that the all-hands moved to 2pm",
  "has anyone seen the new badge readers working yet?",
  "lunch order going in at 11:45 if anyone wants in",
  "I'm out tomorrow afternoon, {colleague} is covering",
];

export const NOTE_OPEN_ITEMS = [
  "Check the shared calendar for conflicts.",
  "Update the tracker once the paperwork is in.",
  "Ask {colleague} about coverage next week.",
  "File the scanned copies in the case folder.",
  "Confirm parking validation for the visit.",
];

/** Shapes of the user's personal notes (title prefix and section headings). */
export const NOTE_LAYOUTS = [
  { title: "Notes", heard: "What I heard", openItems: "Open items", openItemsFirst: false },
  { title: "Call log", heard: "Calls and messages", openItems: "Next steps", openItemsFirst: false },
  { title: "Case checklist", heard: "Updates from the team", openItems: "Still to do", openItemsFirst: true },
  { title: "Handoff notes", heard: "Context", openItems: "For whoever picks this up", openItemsFirst: false },
];

/** Policy-document sections common to every domain (slot `{company}`). */
export const GENERIC_FILLERS = [
  {
    heading: "Document Control",
    text: "This document is maintained by the {company} policy office. Printed copies are uncontrolled; the version in the document library is the only authoritative copy, and superseded versions are archived for seven years.",
  },
  {
    heading: "Training Requirements",
    text: "Staff complete the annual refresher module in the learning portal by the end of their review month. Managers can export completion status from the portal dashboard; completion below ninety percent is raised at the quarterly operations review.",
  },
  {
    heading: "Related Documents",
    text: "See also the {company} code of conduct, the records retention schedule, and the acceptable use standard for information systems. Templates referenced in this document are stored in the shared forms folder.",
  },
  {
    heading: "Revision History",
    text: "Revision 3 aligned terminology with the enterprise glossary and corrected cross-references. Revision 2 reformatted the document to the current template. Revision 1 was the first approved issue.",
  },
  {
    heading: "Definitions",
    text: "Business day means Monday through Friday excluding {company} holidays. Record means any information created or received in the course of business, in any format, including email and chat messages.",
  },
  {
    heading: "Questions and Exceptions",
    text: "Questions about this document go to the owning department's shared mailbox. Requests for a standing exception are reviewed monthly by the governance committee and, when granted, are logged with an expiry date.",
  },
  {
    heading: "Accessibility of This Document",
    text: "An accessible version of this document is available on request in large print or as tagged text. Screen-reader users can use the heading structure to navigate between sections.",
  },
];

/** Routine updates about a look-alike case (adjacent split): they name that case only. */
export const ADJACENT_STATUS = [
  "Quick status on {case_id}: the paperwork for {subject_ref} is with {colleague} and nothing is blocking yet.",
  "{subject_ref} ({case_id}) is on the board for {date}; I'll update the tracker when it moves.",
  "Heads up that {case_id} for {subject_ref} will need a second reviewer, {colleague} volunteered.",
  "I scanned the intake documents for {subject_ref} ({case_id}) into the case folder this morning.",
  "Reminder to self: call back about {case_id} ({subject_ref}) before {date}.",
  "{colleague} asked whether {case_id} can be merged with last month's batch; the answer is no, {subject_ref} stays separate.",
];

export const ADJACENT_INTROS = [
  "New one for the queue: {subject_ref} ({case_id}). {question}",
  "Opening {case_id} for {subject_ref} today. The question on the table: {question}",
  "Can you take {subject_ref}'s case ({case_id})? {question}",
];
