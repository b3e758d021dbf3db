/**
 * @module A scripted LLM judge that agrees with everything: every step matches (its own number when that exists, else
 * the first candidate) with high confidence, every claim is factual, every pair scores 0.9. Run over real HTTP through
 * the scripted server, it exercises the LLM judge's prompt and parsing path; what still holds against it is what the
 * metrics' structure guarantees (one-to-one alignment, no claims → 0, question echo unsupported), not the judge.
 */
import type { RecordedRequest, ScriptedReply } from "../support/scripted-server.ts";

const JUSTIFICATION = "The predicted step performs the same procedural obligation as the golden step.";

const promptOf = (req: RecordedRequest) =>
  (req.body as { messages?: { content: string }[] }).messages?.[0]?.content ?? "";

function pick(wanted: number, listed: number[]): number {
  return listed.includes(wanted) ? wanted : (listed[0] ?? wanted);
}

export function agreeableReply(req: RecordedRequest): ScriptedReply {
  if (!req.path.endsWith("/chat/completions")) return {};
  const p = promptOf(req);
  const json = (x: unknown): ScriptedReply => ({
    content: JSON.stringify({ ...(x as object), justification: JUSTIFICATION }),
  });
  if (p.startsWith("You are evaluating whether a predicted workflow step semantically")) {
    const item = Number(/- Item: (\d+)\s+- Title:/.exec(p)?.[1]);
    const golds = [...p.matchAll(/### WORKFLOW_STEP_(\d+)/g)].map((m) => Number(m[1]));
    return json({
      matched: true,
      matched_gold_id: `WORKFLOW_STEP_${pick(item, golds)}`,
      matched_gold_title: "…",
      confidence: 0.95,
    });
  }
  if (p.startsWith("You are evaluating whether a ground truth")) {
    const gold = Number(/- ID: WORKFLOW_STEP_(\d+)/.exec(p)?.[1]);
    const preds = [...p.matchAll(/### Item (\d+)/g)].map((m) => Number(m[1]));
    return json({ matched: true, matched_pred_item: pick(gold, preds), confidence: 0.95 });
  }
  if (p.startsWith("You are evaluating, for EACH predicted")) {
    const items = [...p.matchAll(/### Item (\d+)/g)].map((m) => Number(m[1]));
    const golds = [...p.matchAll(/### WORKFLOW_STEP_(\d+)/g)].map((m) => Number(m[1]));
    return json({
      decisions: items.map((i) => ({
        pred_item: i,
        matched: true,
        matched_gold_id: `WORKFLOW_STEP_${pick(i, golds)}`,
        confidence: 0.95,
        justification: JUSTIFICATION,
      })),
    });
  }
  if (p.startsWith("You are evaluating, for EACH ground truth")) {
    const ids = [...p.matchAll(/### WORKFLOW_STEP_(\d+)/g)].map((m) => Number(m[1]));
    const preds = [...p.matchAll(/- Item: (\d+)/g), ...p.matchAll(/### Item (\d+)/g)].map((m) =>
      Number(m[1]),
    );
    return json({
      decisions: ids.map((g) => ({
        gold_id: `WORKFLOW_STEP_${g}`,
        matched: true,
        matched_pred_item: pick(g, preds),
        confidence: 0.95,
        justification: JUSTIFICATION,
      })),
    });
  }
  if (p.includes("properly resolves the conditions")) return json({ score: 1, level: "resolved" });
  if (p.includes("comprehensiveness and personalization"))
    return json({
      specificity: 0.9,
      personalization: 0.9,
      completeness: 0.9,
      actionability: 0.9,
      overall_score: 0.9,
      missing_details: [],
    });
  return { content: `<factual>true</factual> <explanation>${JUSTIFICATION}</explanation>` };
}
