/**
 * @module Validation prompts from seed 002 (Appendix C): the chat naturalness review and its feedback line (C.1), evidence-grounded answering and candidate–gold comparison
 * (C.2.1, C.2.2); the rejection re-prompt of C.1 is the model layer's (llm/prompts/structured.ts). Verbatim except the extraction's stray spaces around punctuation; C.2.1's first sentence is adapted
 * from "one fictional company's project" to drflow's records (company documents and one employee's files, emails, chats).
 */
import { prompt } from "./template.ts";

/** C.1 conversational naturalness review of one channel-day. */
export const NATURALNESS_REVIEW = prompt(
  "002.C1.naturalness",
  `You review a day of chat messages for naturalness: do they read like real coworkers, or like a script reading numbers aloud? Channel {channel}: {messages} Score 1-5 (5 = indistinguishable from a real team chat). List concrete problems (stilted phrasing, everybody narrating, no reactions, repeated boilerplate, values recited without context). Return {{"score": n, "problems": [...]}}.`,
);

/** C.1 review feedback appended to the chat generation prompt for the one rewrite. */
export const NATURALNESS_FEEDBACK = prompt(
  "002.C1.feedback",
  "A reviewer flagged the previous draft: {reviewer_problems}. Fix these.",
);

/** C.2.1 evidence-grounded answering by an independent solver that sees only the cited records. */
export const EVIDENCE_ANSWERING = prompt(
  "002.C2.1",
  `The records are the internal records (company documents, and one employee's files, emails and chats) of one fictional company. The benchmark asks questions as the whole team would answer them after the project ended, with every record visible. Output exactly one JSON object and nothing else. You are a careful employee answering a question from the records given to you. Use only these records; do not guess from general knowledge. Give exact values, names and times as they appear. If the records do not settle the question, say so and set knowable = false (name the closest recorded fact, but do not present it as the answer). Question: {q} Cited records: {cited_records} Return {{"answer": str, "knowable": bool}}.`,
);

/** C.2.2 candidate–gold comparison on the asked object. */
export const ANSWER_COMPARISON = prompt(
  "002.C2.2",
  `You grade one candidate answer against the gold answer. Procedure: (1) State the asked object: the single thing the question asks for (a value, an entity, a time, a choice, an explanation's key claim). (2) Compare candidate and gold ONLY on the asked object. Tolerate wording, rounding at the precision the question implies, extra correct detail, and missing secondary explanation. (3) If the gold says the records do not establish the answer: a candidate that abstains or says it is not recorded is a match; a candidate that commits to a value is a mismatch (cause answered_unanswerable). If the gold gives an answer and the candidate abstains: mismatch (cause candidate_abstained). Return {{"asked_object": str, "verdict": "match" | "partial" | "mismatch", "cause": "none" | "different_value" | "wrong_entity" | "missing_required_part" | "candidate_abstained" | "answered_unanswerable" | "other", "reason": str}}. partial = asked object right but a required qualifier (unit, one of two required items, direction) wrong or missing. Question: {q} Gold answer: {gold} Gold status: {status} Candidate answer: {candidate} Candidate says knowable: {knowable}`,
);

/**
 * C.2.3 full-project validation: the item, the solver's result and ALL records of the task. drflow runs it on the
 * steps the first two stages flag, so a reviewer gets a pass / fix / drop proposal with concrete edits. The seed's
 * `Solution: {solution-stage JSON}` line is left out: drflow's items have no solution stage.
 */
export const FULL_PROJECT_VALIDATION = prompt(
  "002.C2.3",
  `You audit one benchmark item against ALL records of its project. You also see what an independent solver answered when given only the cited records. Decide, reading the records yourself: 1. competing_answer: Could a careful employee defend a materially different answer to the question AS WORDED (a different referent, version, time, or reading of an ambiguous term)? equally_valid is true only if the wording does not let a reasonable employee decide which is meant. 2. numbers: For every number, date and time in the gold, check that the records give that value for the thing the gold attaches it to; list any that are wrong or unverifiable. 3. status: If the gold says the records do not establish the answer, check whether some record actually gives what is asked. If the gold gives an answer, check whether the question presupposes something the records contradict. 4. evidence_sufficient: Can the asked object be derived from the cited records alone? The solver's result is a hint, not proof. Then give verdict: pass (item is fine) | fix (salvageable by a concrete edit: wording, gold detail, evidence list) | drop (gold wrong or the question cannot be made to pick one answer). category: gold_wrong | ambiguous_question | evidence_insufficient | unanswerable_is_answerable | leak | none. Return {{"competing_answer": {{"answer": str | null, "records": [ids], "equally_valid": bool}}, "numbers": {{"wrong_or_unverified": [str], "note": str}}, "status": {{"ok": bool, "note": str}}, "evidence_sufficient": bool, "verdict": str, "category": str, "fix": {{"q": str | null, "gold": str | null, "evidence_add": [ids]}} | null, "note": str}} Question: {q} Gold answer: {gold} Gold status: {status} Cited records: {cited_ids} Stage-1 solver: answer='{answer}' knowable={knowable} -> grade {verdict} ({cause}): {reason} Cited records: {cited_records} All project records: {all_records}`,
);
