/**
 * The conditions J.8 names as targeted in earlier rounds (adapter J.8.targeted), on the conditions, actions and
 * passages of the relay runs that mis-attributed them (seed 8128: healthcare_02 request 0008, b2c_01 request 0008).
 */
import { expect, test } from "bun:test";
import type { SearchHit } from "../../env/types.ts";
import { type Action, toAction } from "../shared/action.ts";
import { CitationRegistry } from "../shared/citations.ts";
import { FindingsStore } from "../shared/findings.ts";
import { ActionPlan } from "../shared/plan.ts";
import { sentences } from "../shared/text.ts";
import type { ConditionObject } from "./intermediate.ts";
import { conditionOf, ownTerms, targetingLine, targetings } from "./targeted.ts";

const condition = (condition_id: string, description: string, evidence_needed: string, branches: string[]) =>
  ({
    condition_id,
    step_number: 1,
    description,
    branches,
    evidence_needed,
    search_queries: [],
  }) as ConditionObject;

const TB: ConditionObject[] = [
  condition(
    "mask_tolerated_vs_not_tolerated",
    "Whether the patient can wear a surgical mask (keep the mask on until the isolation room is ready) or cannot tolerate a mask (move immediately to a closed single room and keep staff in respirators)",
    "Patient's ability to tolerate a surgical mask (e.g., respiratory distress, oxygen needs, confusion, age or behavioural factors) as documented by the nurse or physician",
    ["patient can wear a surgical mask", "patient cannot tolerate a mask"],
  ),
  condition(
    "unit_aiir_available_vs_transfer",
    "Criterion C1: whether a negative-pressure AIIR is available on the patient's unit (move the patient into the unit AIIR and check the pressure monitor reads negative) or not (request transfer to an AIIR on another unit through bed management and keep the patient masked with the door closed)",
    "Whether the patient's current unit has a negative-pressure AIIR that is free and working (occupancy, pressure monitor status, out-of-service rooms), and the unit where the patient is located",
    ["C1 met - AIIR available on the unit", "C1 not met - no AIIR on the unit: request transfer"],
  ),
  condition(
    "n95_fit_tested_vs_papr",
    "Whether the assigned nurse has a current N95 fit test (use the fit-tested N95 respirator for each room entry) or not (use a PAPR from the equipment room)",
    "Identity of the assigned nurse and the date/status of their N95 fit test for the respirator model in use",
    [
      "assigned nurse has a current N95 fit test: use fit-tested N95 for each room entry",
      "assigned nurse has no current N95 fit test: use a PAPR from the equipment room",
    ],
  ),
];

const chat = (id: string, text: string): SearchHit => ({
  documentId: id,
  chunkId: `${id}#0`,
  app: "chat",
  title: `#med-unit-charge ${id}`,
  path: `chat/${id}.json`,
  score: 1,
  snippet: "",
  text,
  author: "",
  date: "",
});

const search = (
  id: string,
  query: string,
  conditionId: string | null,
  document = "",
  description = id,
): Action =>
  toAction(
    {
      type: document ? "read_document" : "enterprise_api",
      description,
      parameters: { query, top_k: 10, service: "auto", document },
      priority: 0.9,
      expected_output: "",
      preferred_tool: "",
    },
    { id, stage: "PERSONAL_EVIDENCE_COLLECTION", origin: "conditional", conditionId },
  );

async function context(question: string, actions: Action[], hits: [SearchHit, string][]) {
  const plan = new ActionPlan(question);
  plan.add(actions);
  for (const a of plan.take(actions.length, 1)) plan.complete(a.id);
  const findings = await FindingsStore.open();
  const registry = new CitationRegistry();
  for (const [hit, actionId] of hits) {
    registry.register({
      id: hit.documentId,
      title: hit.title,
      app: hit.app,
      path: hit.path,
      author: "",
      date: "",
    });
    await findings.addHits([hit], { stage: "PERSONAL_EVIDENCE_COLLECTION", actionId, iteration: 1 });
  }
  return { plan, findings, registry, question };
}

/** J.8's targeted lines for `targeted`, as the planner renders them. */
const lines = (
  rc: Awaited<ReturnType<typeof context>>,
  targeted: ConditionObject[],
  all: ConditionObject[],
) => targetings(rc, targeted, all).map((t) => targetingLine(t, rc.registry));

test("a sentence is split at its end, not after a title or an initial", () => {
  expect(sentences("The nurse who has Mr. Acheampong isn't fit tested yet. Dr. J. Cole agreed.")).toEqual([
    "The nurse who has Mr. Acheampong isn't fit tested yet.",
    "Dr. J. Cole agreed.",
  ]);
});

test("a hard-wrapped e-mail line is one sentence; a list or a chat's next line is not (legal_01, 0007)", () => {
  expect(
    sentences(
      "Hi Amara,\n\nDiego Whitaker called this morning about the water damage under the kitchen\nsink at the insured property.\n\nHappy to jump on a call if that helps.",
    ),
  ).toEqual([
    "Hi Amara,",
    "Diego Whitaker called this morning about the water damage under the kitchen sink at the insured property.",
    "Happy to jump on a call if that helps.",
  ]);
  expect(
    sentences("Channel: coverage counsel (coverage-counsel)\npolicyholder cases\n- Step one.\n- Step two."),
  ).toEqual([
    "Channel: coverage counsel (coverage-counsel)",
    "policyholder cases",
    "- Step one.",
    "- Step two.",
  ]);
});

const CLAIMS: ConditionObject[] = [
  condition(
    "appeals_panel_vs_claims_manager",
    "Whether the claimed amount is above $25,000 (forward the appeal to the appeals panel) or not (instruct the claims manager to determine the appeal)",
    "The claimed amount of the appeal",
    ["above $25,000: appeals panel", "not above: claims manager"],
  ),
  condition(
    "mandatory_mediation_state_vs_standard_notice",
    "Whether the insured property is in a state with mandatory mediation (include the state mediation notice in the decision letter) or not (include the standard appeal rights notice)",
    "The state where the insured property is located",
    ["mandatory mediation state: state mediation notice", "other state: standard appeal rights notice"],
  ),
  condition(
    "missing_documentation_vs_coverage_exclusion",
    "Whether the denial rests on missing documentation (request the missing documents from the policyholder with a thirty-day deadline) or on a coverage exclusion (pass the file to coverage counsel for a coverage opinion)",
    "The ground of the denial: missing documents or a coverage exclusion",
    ["missing documentation: request the documents", "coverage exclusion: coverage counsel"],
  ),
];

test("an action naming several conditions is credited to each it bears on; a channel header is no evidence (legal_01, 0007)", async () => {
  const question = "What exact steps should I take to process a denied insurance claim?";
  const both = search(
    "cap1_action_4",
    "call log notes claimed amount disputed amount estimate property address state mediation",
    "appeals_panel_vs_claims_manager",
    "",
    "Search the claim notes for the claimed amount and the property's state (resolves appeals_panel_vs_claims_manager and mandatory_mediation_state_vs_standard_notice)",
  );
  const header = chat(
    "2025-10-05",
    "Channel: coverage counsel (coverage-counsel)\npolicyholder cases and team coordination",
  );
  const rc = await context(question, [both], [[header, "cap1_action_4"]]);
  const [panel, mediation, exclusion] = lines(rc, CLAIMS, CLAIMS);
  expect(panel).toContain("targeted by 1 action(s)");
  expect(mediation).toContain("targeted by 1 action(s)");
  expect(exclusion).toContain("targeted by none yet");
  expect(exclusion).toEndWith("; no passage found so far speaks to it");
  await rc.findings.close();
});

test("fit-test evidence speaks to the fit-test condition only, quoted as a whole sentence (healthcare_02, 0008)", async () => {
  const fit =
    "[2025-02-27T12:05:00.000Z] nikhil.zielinski: The nurse who has Mr. Acheampong isn't fit tested yet, she failed the N95 fit last week, which means the assigned nurse has no current N95 fit test.";
  const rc = await context(
    "What workflow should we follow to isolate a patient with suspected tuberculosis?",
    [
      search(
        "cap1_action_1",
        "bed board isolation bed request room occupied pressure alarm engineering work order transfer to another unit",
        "unit_aiir_available_vs_transfer",
      ),
      search(
        "cap1_action_2",
        "annual fit test overdue employee health reminder assigned to room tonight PAPR hood battery",
        "n95_fit_tested_vs_papr",
      ),
    ],
    [[chat("2025-02-27", fit), "cap1_action_2"]],
  );
  const [mask, aiir, n95] = lines(rc, TB, TB);
  // The room condition's own terms are the room's (AIIR, negative pressure, transfer), not "current" or "has".
  expect(ownTerms(TB[1]!, TB, rc.question).has("current")).toBe(false);
  expect(aiir).toContain('("bed board isolation bed request room occupied pressure alarm');
  expect(aiir).toEndWith("; no passage found so far speaks to it");
  expect(n95).toEndWith(`; found in "#med-unit-charge 2025-02-27" (src_1): ${fit}`);
  expect(mask).toContain("targeted by none yet");
  expect(mask).toEndWith("; no passage found so far speaks to it");
  await rc.findings.close();
});

const RETURNS: ConditionObject[] = [
  condition(
    "marketplace_seller_vs_own_policy",
    "Whether the order was placed through a third-party marketplace seller (category C1: refer the customer to the marketplace seller's return process, log the referral, and stop) or not (continue the return under the company's own return policy)",
    "Who sold the item: Larkspur Home Goods directly or a third-party marketplace seller (order confirmation 'sold by' details)",
    [
      "C1 - third-party marketplace seller order: refer the customer to the marketplace seller's return process and log the referral",
      "not a marketplace order: continue the return under Larkspur Home Goods' own return policy",
    ],
  ),
  condition(
    "loyalty_tier_gold_platinum_vs_supervisor",
    "Whether the customer is a Gold or Platinum loyalty member (an exception up to 30 days past the window can be granted without supervisor approval) or not (supervisor approval is needed for any exception)",
    "Customer's loyalty tier and how many days past the 30-day-from-delivery window the request is (delivery date and request date)",
    ["Gold or Platinum loyalty member", "not Gold or Platinum: supervisor approval is required"],
  ),
];

test("only an action whose query or document bears on a condition is credited to it (b2c_01, 0008)", async () => {
  const question = "What steps should I take to return an online purchase past the deadline?";
  const marketplace = search(
    "cap1_action_0",
    "Hannah Gallagher ORD order placed via marketplace partner fulfilled by seller name",
    "marketplace_seller_vs_own_policy",
  );
  const note = search(
    "cap1_action_5",
    "note 2 on organizing the return shipment and any other notes, definitions or decision rules",
    "marketplace_seller_vs_own_policy",
    "drive/la-504-customer-care-procedure-desk-procedures.pdf",
  );
  // Filed when planned: the read of the procedure's shipment note bears on no open condition.
  expect(conditionOf(note, RETURNS, RETURNS, question)).toBeNull();
  expect(conditionOf(marketplace, RETURNS, RETURNS, question)?.condition_id).toBe(
    "marketplace_seller_vs_own_policy",
  );
  // Filed under it anyway (an earlier round's guess), it is still not credited.
  const rc = await context(question, [marketplace, note], []);
  const [line] = lines(rc, RETURNS.slice(0, 1), RETURNS);
  expect(line).toContain(
    'targeted by 1 action(s) ("Hannah Gallagher ORD order placed via marketplace partner fulfilled by seller name"), 1 run, 0 not run yet',
  );
  expect(line).not.toContain("note 2");
  await rc.findings.close();
});

const CONSENT: ConditionObject[] = [
  {
    ...condition(
      "consenter_guardian_vs_adult_patient",
      "Whether the patient is a minor or has a court-appointed guardian (legal guardian signs, and the guardian's own language needs are checked) or is an adult consenting for themself (patient signs)",
      "Patient's age/minor status, existence of a court-appointed guardian, guardian's identity and preferred language",
      [
        "minor or court-appointed guardian: legal guardian gives consent",
        "adult consenting for themself: patient gives consent",
      ],
    ),
    step_number: 2,
  },
  {
    ...condition(
      "interpreter_in_person_c1_vs_vri",
      "Whether the case falls in category NP-319-C1 (in-person certified medical interpreter reserved through the Language Access desk) or any other case (video remote interpreting cart with a certified medical interpreter)",
      "Which interpreter modality the case needs and what was booked",
      ["NP-319-C1: in-person interpreter", "other: VRI cart"],
    ),
    step_number: 4,
  },
  {
    ...condition(
      "form_read_aloud_vs_translated_form",
      "Whether the patient cannot read in their preferred language (interpreter reads the whole form aloud and this is noted) or can read it (patient is given the translated form to read before signing)",
      "Patient's literacy in their preferred language and availability of a translated consent form in that language",
      ["cannot read: interpreter reads the form aloud", "can read: give the translated consent form"],
    ),
    step_number: 10,
  },
  {
    ...condition(
      "sedated_last_4h_vs_not",
      "Whether the patient received sedating medication within the last four hours, which postpones the consent discussion until the sedation has worn off and capacity is reassessed",
      "Any sedating medication given in the last four hours, and when",
      ["sedated within four hours: postpone and reassess capacity", "not sedated: proceed"],
    ),
    step_number: 6,
  },
];

test("an action naming conditions, by id or by step, is credited to each it names (s5150 healthcare_01, 0005 and 0008)", async () => {
  const question =
    "What is the step-by-step workflow to obtain informed consent for a procedure when the patient has limited English proficiency?";
  // As the model proposed them (0005): each names the steps it resolves, none a condition id.
  const read = search(
    "cap1_action_1",
    "definition of category NP-319-C1 in-person certified medical interpreter criteria; guardian language needs",
    "interpreter_in_person_c1_vs_vri",
    "drive/np-319-informed-consent-for-patients-with-limited-english-pr.pdf",
    "Read the NP-319 protocol in full to find the definition of category NP-319-C1, which is needed to decide between an in-person Language Access desk interpreter and a VRI cart (step 4), and any further branch detail on guardians (step 2).",
  );
  const files = search(
    "cap1_action_2",
    "MRN-133431 MRN-043307 date of birth guardian reads own language translated form available literacy",
    null,
    "",
    "Search the user's case files for the patient's age/guardianship status and whether the patient reads in their preferred language or a translated form is on hand, resolving steps 2 and 10.",
  );
  // Its words are not the condition's (r9 0005); it names the condition, and 0008 said "targeted by none yet".
  const sedation = search(
    "cap1_action_3",
    "given midazolam lorazepam oxycodone at 0800 premed drowsy before consent procedure time",
    null,
    "",
    "Search chats and files for medication timing before the consent discussion (sedatives, anxiolytics, opioids, premedication given on the unit), which resolves sedated_last_4h_vs_not (step 6).",
  );
  const rc = await context(question, [read, files, sedation], []);
  const [guardian, interpreter, form, sedated] = lines(rc, CONSENT, CONSENT);
  expect(sedated).toContain('targeted by 1 action(s) ("given midazolam lorazepam');
  // 0008 said of both: "targeted by none yet" / "no earlier action searched for its terms".
  expect(guardian).toContain("targeted by 2 action(s)");
  expect(form).toContain('targeted by 1 action(s) ("MRN-133431 MRN-043307 date of birth guardian');
  expect(interpreter).toContain('targeted by 1 action(s) ("definition of category NP-319-C1');
  await rc.findings.close();
});
