/** @module Write the extractive agent's report: generic workflow, condition table, personalized workflow with justifications, references. */
import type { ConditionRow, Report, ReportStep } from "../../core/index.ts";
import type { EnvDocument } from "../../env/types.ts";
import { CitationRegistry } from "../shared/citations.ts";
import { describeRule, type Rule } from "./conditions.ts";
import type { MergedStep } from "./merge.ts";
import type { EvidenceSentence, Resolution } from "./resolve.ts";
import { splitSentences } from "./text.ts";

/** What the agent decided for one rule of one step. */
export type RuleOutcome = { rule: Rule; resolution: Resolution };

/** One step with its rule outcomes and the user evidence that personalizes it. */
export type StepOutcome = { step: MergedStep; rules: RuleOutcome[]; details: EvidenceSentence[] };

/** "otherwise (not: X)" → "unless X"; a plain condition stays as it is. */
function branchCondition(when: string): string {
  const m = /^otherwise \(not: (.*)\)$/.exec(when);
  return m ? `unless ${m[1]}` : when;
}

/** The step text without the sentences (or `;` clauses) that state the given rules. */
function withoutRules(text: string, sources: readonly string[]): string {
  const norm = (t: string) =>
    t
      .replace(/[.;:\s]+$/, "")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  const stated = sources.map(norm);
  const belongs = (clause: string) =>
    norm(clause).length > 0 && stated.some((src) => src.includes(norm(clause)));
  return splitSentences(text)
    .map((sentence) =>
      sentence
        .split(/;\s+/)
        .filter((c) => !belongs(c))
        .join("; "),
    )
    .filter((sentence) => sentence.trim().length > 0)
    .map((sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`))
    .join(" ");
}

const quote = (s: string, max = 220) => `"${s.length > max ? `${s.slice(0, max - 1)}…` : s}"`;

/** The step's action sentence: its first sentence after the title, or the title itself. */
function taskOf(step: MergedStep): string {
  const sentences = splitSentences(step.text);
  const first = sentences[0] ?? step.title;
  const isTitle = first.replace(/[.:]+$/, "") === step.title;
  return (isTitle ? sentences[1] : first) ?? step.title;
}

function prerequisiteFields(step: MergedStep): Pick<ReportStep, "prerequisite" | "prerequisite_description"> {
  if (step.prerequisites.length === 0) return { prerequisite: "", prerequisite_description: "" };
  const list = step.prerequisites.join(", ");
  return {
    prerequisite: list,
    prerequisite_description: step.explicitPrerequisite
      ? `The policy text requires step ${list} to be completed first.`
      : `Follows step ${list} in the documented order.`,
  };
}

/** Build the report from the steps and their outcomes. `docs` maps document ids to what the environment served. */
export function writeReport(input: {
  taskId: string;
  question: string;
  userName: string;
  outcomes: readonly StepOutcome[];
  docs: ReadonlyMap<string, EnvDocument>;
}): Report {
  // Sources get `src_N` keys in order of first citation.
  const registry = new CitationRegistry();
  const keyOf = (docId: string): string => {
    const doc = input.docs.get(docId);
    const key = doc ? registry.register(doc) : null;
    if (!key)
      throw new Error(
        `extractive report: cited document "${docId}" is not among the environment's documents`,
      );
    return key;
  };
  const title = (id: string) => input.docs.get(id)?.title ?? id;
  const generic: ReportStep[] = [];
  const personalized: ReportStep[] = [];
  const rows: ConditionRow[] = [];
  for (const { step, rules, details } of input.outcomes) {
    const policyKeys = step.docIds.map((d) => keyOf(d));
    const base = {
      item: step.item,
      title: step.title,
      task: taskOf(step),
      task_description: step.text,
      ...prerequisiteFields(step),
    };
    generic.push({
      ...base,
      condition_description: step.rules.map(describeRule).join(" | "),
      justification: "",
      citations: policyKeys,
    });
    const chosen: string[] = [];
    const open: Rule[] = [];
    const resolvedSources: string[] = [];
    const reasons: string[] = [];
    const evidenceKeys: string[] = [];
    for (const { rule, resolution } of rules) {
      const support = resolution.support.slice(0, 2);
      const branch = resolution.branch === null ? null : rule.branches[resolution.branch]!;
      const supportKeys = branch ? [...new Set(support.map((s) => keyOf(s.docId)))] : [];
      rows.push({
        condition: rule.question,
        evidence:
          support.length > 0
            ? support.map((s) => `${quote(s.text)} (${title(s.docId)})`).join("; ")
            : "No evidence found in the user's documents.",
        resolution: branch ? `Resolved: ${branch.action}` : "Unresolved: keep condition",
        resolved: branch !== null,
        citations: branch ? supportKeys : [],
      });
      if (branch) {
        chosen.push(branch.action);
        evidenceKeys.push(...supportKeys);
        resolvedSources.push(rule.source);
        reasons.push(
          `The policy's branch for this case applies (${branchCondition(branch.when)}): the user's evidence ${quote(support[0]!.text, 160)} (${title(support[0]!.docId)}) selects: ${branch.action}.`,
        );
      } else {
        open.push(rule);
        reasons.push(`The evidence does not decide ${quote(rule.source, 160)}; the condition is kept open.`);
      }
    }
    const detailKeys = details.map((d) => keyOf(d.docId));
    const detailText = details.map((d) => `${quote(d.text, 160)} (${title(d.docId)})`).join("; ");
    const policyNote = `Required by ${step.docIds.map(title).join(" and ")}${step.number !== null ? ` (step ${step.number})` : ""}.`;
    const justification = [
      policyNote,
      ...reasons,
      ...(detailText ? [`Case details: ${detailText}.`] : []),
    ].join(" ");
    // The personalized step commits to the chosen branches: the sentences stating the resolved rules are replaced.
    const description =
      chosen.length > 0
        ? `${withoutRules(step.text, resolvedSources)} For this case: ${chosen.join("; ")}.`
        : step.text;
    personalized.push({
      ...base,
      task_description: description,
      condition_description: open.map(describeRule).join(" | "),
      justification,
      citations: [...new Set([...policyKeys, ...evidenceKeys, ...detailKeys])],
    });
  }
  const resolved = rows.filter((r) => r.resolved).length;
  const summary =
    `Rule-based extraction recovered ${generic.length} workflow steps with ${rows.length} conditional rules from the policy documents; ` +
    `${resolved} of ${rows.length} conditions were resolved from ${input.userName}'s emails, chats and files, the rest are kept open.`;
  return {
    task_id: input.taskId,
    question: input.question,
    executive_summary: summary,
    generic_workflow: generic,
    condition_resolution: rows,
    personalized_workflow: personalized,
    references: registry.references(registry.entries().map((s) => s.key)),
    findings: "",
  };
}
