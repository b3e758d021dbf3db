/** @module Replies of a well-behaved judge model to the paper's N.1–N.5 prompts, for runs against a test server. */
import type { RecordedRequest, ScriptedReply } from "./scripted-server.ts";

const firstUser = (req: RecordedRequest) =>
  ((req.body as { messages?: { role: string; content: string }[] })?.messages ?? []).find(
    (m) => m.role === "user",
  )?.content ?? "";

export type JudgeKind = "precision" | "recall" | "condition_resolution" | "comprehensiveness" | "factuality";

const OPENINGS: [string, JudgeKind][] = [
  ["You are evaluating whether a predicted workflow step semantically", "precision"],
  ["You are evaluating whether a ground truth workflow step", "recall"],
  ["You are evaluating whether a predicted workflow step properly resolves", "condition_resolution"],
  ["You are evaluating the comprehensiveness and personalization", "comprehensiveness"],
  ["Given the following relevant source context from multiple sources and an insight", "factuality"],
];

/** Which N.x prompt a request carries, or null. */
export function judgeKindOf(req: RecordedRequest): JudgeKind | null {
  const prompt = firstUser(req);
  if (prompt.startsWith("You are evaluating whether a predicted workflow step properly resolves"))
    return "condition_resolution";
  return OPENINGS.find(([opening]) => prompt.startsWith(opening))?.[1] ?? null;
}

/** Aligns predicted item n with gold step n, resolves conditions, rates steps 0.8 and finds every claim supported. */
export function judgeReply(req: RecordedRequest): ScriptedReply | null {
  const kind = judgeKindOf(req);
  const prompt = firstUser(req);
  const json = (x: unknown): ScriptedReply => ({ content: JSON.stringify(x) });
  switch (kind) {
    case "precision": {
      const item = Number(/- Item: (\d+)/.exec(prompt)?.[1] ?? 1);
      return json({
        matched: true,
        matched_gold_id: `WORKFLOW_STEP_${item}`,
        matched_gold_title: "step",
        confidence: 0.95,
        justification: "same step",
      });
    }
    case "recall": {
      const id = Number(/- ID: WORKFLOW_STEP_(\d+)/.exec(prompt)?.[1] ?? 1);
      const predicted = new Set([...prompt.matchAll(/Item: (\d+)/g)].map((m) => Number(m[1])));
      return predicted.has(id)
        ? json({ matched: true, matched_pred_item: id, confidence: 0.9, justification: "covered" })
        : json({ matched: false, matched_pred_item: null, confidence: 0.9, justification: "not covered" });
    }
    case "condition_resolution":
      return json({ score: 1, level: "resolved", justification: "routes through the user's branch" });
    case "comprehensiveness":
      return json({
        specificity: 0.8,
        personalization: 0.8,
        completeness: 0.8,
        actionability: 0.8,
        overall_score: 0.8,
        justification: "good",
        missing_details: [],
      });
    case "factuality":
      return { content: "<factual>true</factual> <explanation>supported by source 1</explanation>" };
    default:
      return null;
  }
}
