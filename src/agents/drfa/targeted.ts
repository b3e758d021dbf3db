/**
 * @module What became of the conditions J.8 no longer lists as open (`{targeted}` of adapter J.8.targeted): a
 * condition leaves the open list once an earlier round planned actions for it, not because anything resolved it, so
 * each request says, per condition, which actions bear on it and the personal passage that best speaks to it —
 * "found in "<title>" (src_N): <the whole sentence>" — or that none does yet. An action the model's description names
 * the condition in bears on it; otherwise both are matched on the condition's own terms (`ownTerms`: not another
 * condition's, not a generic word), so fit-test evidence is never credited to the room-availability condition, nor a
 * document read about shipment notes to the marketplace one.
 */
import type { Action } from "../shared/action.ts";
import type { ResearchContext } from "../shared/context.ts";
import type { RetrievedFinding } from "../shared/findings.ts";
import { sentences, termSet } from "../shared/text.ts";
import type { ConditionObject } from "./intermediate.ts";

/** A sentence speaks to a condition when it holds at least this many of the condition's own terms. */
export const MIN_SHARED_TERMS = 2;

/**
 * A message's header line (a chat export's "Channel: coverage counsel (coverage-counsel)", an e-mail's "Subject: …"):
 * it names where the evidence is, never what it says, so it is no evidence for a condition.
 */
const HEADER = /^(?:Channel|From|To|Cc|Subject|Date|Sent):\s/;

/** Words that say nothing about which condition a sentence or query is about. */
const GENERIC = new Set(
  "has have had not no yet which who whom whose whether or nor but so there their they them she he her his him our we you your one also only other another been being does did done when where what how than more less any some".split(
    " ",
  ),
);

/** The terms a passage answering the condition would share with it: its decision, branches and evidence needed. */
function conditionText(c: ConditionObject): string {
  return [c.description, c.evidence_needed, ...c.branches].join(" ");
}

/**
 * A condition's own terms: those of its text that no other condition holds, and no generic word ("has", "no",
 * "whether"); when fewer than `MIN_SHARED_TERMS` are left (one condition, or near twins), its terms the question does
 * not hold.
 */
export function ownTerms(c: ConditionObject, all: readonly ConditionObject[], question: string): Set<string> {
  const content = [...termSet(conditionText(c))].filter((t) => t.length > 2 && !GENERIC.has(t));
  const others = new Set(
    all.filter((o) => o.condition_id !== c.condition_id).flatMap((o) => [...termSet(conditionText(o))]),
  );
  const own = content.filter((t) => !others.has(t));
  if (own.length >= MIN_SHARED_TERMS) return new Set(own);
  const asked = termSet(question);
  return new Set(content.filter((t) => !asked.has(t)));
}

const held = (terms: ReadonlySet<string>, text: string) => {
  let n = 0;
  for (const t of termSet(text)) if (terms.has(t)) n += 1;
  return n;
};

/** Whether `text` bears on the condition whose own terms are `mine` more than (or as much as) on any other. */
function bearsOn(
  text: string,
  mine: ReadonlySet<string>,
  others: readonly ReadonlySet<string>[],
  min: number,
) {
  const score = held(mine, text);
  return score >= min && others.every((o) => held(o, text) <= score);
}

/** The step numbers a description names: "step 4", "steps 2 and 10", "steps 3, 5 & 7". */
const STEP_REFERENCE = /\bsteps?\s+(\d+(?:\s*(?:,|and|&|or|\/)\s*\d+)*)/gi;

/** Whether an action's description names a condition: by its id, or by the step it is on ("resolving steps 2 and 10"). */
function namesCondition(description: string, c: ConditionObject): boolean {
  if (description.includes(c.condition_id)) return true;
  for (const [, list] of description.matchAll(STEP_REFERENCE))
    if (list!.match(/\d+/g)!.map(Number).includes(c.step_number)) return true;
  return false;
}

/** What an action searched for or read, as text to match a condition on: its query, and the document it read. */
function actionText(a: Action): string {
  return [a.parameters.query, a.type === "read_document" ? a.parameters.document : ""].join(" ");
}

/**
 * The personal passage that best speaks to a condition, and its whole sentence: among the passages the actions
 * bearing on it found first, else among all personal passages (an action may find again what an earlier one found);
 * a sentence that speaks more to another condition is that one's. Null below `MIN_SHARED_TERMS`.
 */
export function bestEvidence(
  mine: ReadonlySet<string>,
  others: readonly ReadonlySet<string>[],
  personal: readonly RetrievedFinding[],
  actionIds: ReadonlySet<string>,
): { finding: RetrievedFinding; sentence: string } | null {
  const pick = (pool: readonly RetrievedFinding[]) => {
    let best: { finding: RetrievedFinding; sentence: string; score: number } | null = null;
    for (const finding of pool)
      for (const sentence of sentences(finding.hit.text)) {
        if (HEADER.test(sentence) || !bearsOn(sentence, mine, others, MIN_SHARED_TERMS)) continue;
        const score = held(mine, sentence);
        if (!best || score > best.score) best = { finding, sentence, score };
      }
    return best;
  };
  const best = pick(personal.filter((f) => actionIds.has(f.actionId))) ?? pick(personal);
  return best ? { finding: best.finding, sentence: best.sentence } : null;
}

/**
 * The condition an action proposed for a set of open conditions bears on: the one whose own terms (the question's
 * aside) its query, description, expected output or document hold most, at least one; null when none.
 */
export function conditionOf(
  proposed: Pick<Action, "description" | "expected_output" | "parameters" | "type">,
  open: readonly ConditionObject[],
  all: readonly ConditionObject[],
  question: string,
): ConditionObject | null {
  const named = open.find((c) => proposed.description.includes(c.condition_id));
  if (named) return named;
  const text = [proposed.description, proposed.expected_output, actionText(proposed as Action)].join(" ");
  const terms = open.map((c) => searchTerms(ownTerms(c, all, question), question));
  let best: { c: ConditionObject; score: number } | null = null;
  open.forEach((c, i) => {
    const score = held(terms[i]!, text);
    if (score >= 1 && (!best || score > best.score)) best = { c, score };
  });
  return best ? (best as { c: ConditionObject }).c : null;
}

/**
 * The own terms an action's query must hold to bear on a condition: not the question's (every search of the session
 * holds "return" for a question about returns; it says nothing about who sold the item).
 */
function searchTerms(own: ReadonlySet<string>, question: string): Set<string> {
  const asked = termSet(question);
  return new Set([...own].filter((t) => !asked.has(t)));
}

/** What the actions planned for a condition did: those bearing on it, how many ran, and the evidence found for it. */
export type Targeting = {
  condition: ConditionObject;
  queries: string[];
  ran: number;
  waiting: number;
  found: { finding: RetrievedFinding; sentence: string } | null;
};

/**
 * Per condition, the actions planned for it — filed under it, or naming it in their description — whose query or
 * document bears on it (run or not), and the evidence found for it.
 */
export function targetings(
  rc: Pick<ResearchContext, "plan" | "findings" | "question">,
  targeted: readonly ConditionObject[],
  all: readonly ConditionObject[] = targeted,
): Targeting[] {
  const personal = rc.findings.bySide("personal");
  const everyone = [...new Map([...all, ...targeted].map((c) => [c.condition_id, c])).values()];
  const terms = new Map(everyone.map((c) => [c.condition_id, ownTerms(c, everyone, rc.question)]));
  return targeted.map((c) => {
    const mine = terms.get(c.condition_id)!;
    const others = everyone
      .filter((o) => o.condition_id !== c.condition_id)
      .map((o) => terms.get(o.condition_id)!);
    const searched = searchTerms(mine, rc.question);
    const rivals = others.map((o) => searchTerms(o, rc.question));
    // An action is filed under one condition, by the planner's guess when the model named none, and bears on it when
    // its query or document holds the condition's terms. One whose description names conditions (the model's
    // "(resolves A, B and C)", "resolving steps 2 and 10") bears on each it names, whatever its words: the model
    // searched "lorazepam premed drowsy" for "received sedating medication" (s5150 healthcare_01, 0005).
    const entries = rc.plan
      .all()
      .filter(
        (e) =>
          namesCondition(e.action.description, c) ||
          (e.action.condition_id === c.condition_id && bearsOn(actionText(e.action), searched, rivals, 1)),
      );
    const ran = entries.filter((e) => e.status === "done" || e.status === "failed").length;
    return {
      condition: c,
      queries: entries.map((e) => e.action.parameters.query || e.action.parameters.document),
      ran,
      waiting: entries.length - ran,
      found: bestEvidence(mine, others, personal, new Set(entries.map((e) => e.action.id))),
    };
  });
}

/**
 * Whether a condition targeted earlier was searched in vain: its actions have all run and found nothing that speaks
 * to it (or none bore on it), so it is still unresolved and J.8 may plan for it once more.
 */
export const searchedInVain = (t: Targeting) => t.waiting === 0 && t.found === null;

/**
 * J.8's line for a condition targeted earlier: the actions planned for it whose query or document bears on it (run or
 * not), and the evidence found for it; "none yet" for either when there is none.
 */
export function targetingLine(
  { condition: c, queries, ran, waiting, found }: Targeting,
  registry: Pick<ResearchContext["registry"], "keyOf">,
): string {
  const head = `- ${c.condition_id} (step ${c.step_number}: ${c.description}): ${
    queries.length
      ? `targeted by ${queries.length} action(s) (${queries.map((q) => `"${q}"`).join(", ")}), ${ran} run, ${waiting} not run yet`
      : "targeted by none yet (no action planned for it searches or reads for its terms)"
  }`;
  if (!found) return `${head}; no passage found so far speaks to it`;
  const key = registry.keyOf(found.finding.hit.documentId);
  return `${head}; found in "${found.finding.hit.title}"${key ? ` (${key})` : ""}: ${found.sentence}`;
}
