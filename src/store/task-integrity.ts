/**
 * @module What a task's own references need to mean one thing, checked at load: each gold step's item number once
 * per workflow, each evidence id once, each prerequisite naming a step of the workflow. A task breaking one is
 * refused with `task.json: $.field: expected …` lines, never loaded and judged as if it were sound (a repeated item
 * made Precision 90.91 of a perfect report).
 */
import type { Task } from "../core/index.ts";
import type { FieldIssue } from "../core/zod-issues.ts";

/** `values[i]` that repeat an earlier one, as issues at `<at>[i].<field>`. */
function repeated(
  values: readonly (string | number)[],
  at: string,
  field: string,
  file: string,
): FieldIssue[] {
  const first = new Map<string | number, number>();
  const out: FieldIssue[] = [];
  values.forEach((v, i) => {
    const earlier = first.get(v);
    if (earlier === undefined) first.set(v, i);
    else
      out.push({
        file,
        path: `${at}[${i}].${field}`,
        expected: `expected a unique ${field}, ${JSON.stringify(v)} is also ${at}[${earlier}].${field}`,
      });
  });
  return out;
}

/** Every broken reference of `task` (read from `file`); empty when its ids and prerequisites are sound. */
export function taskIntegrityIssues(task: Task, file: string): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const name of ["generic_workflow", "personalized_workflow"] as const) {
    const steps = task[name];
    out.push(
      ...repeated(
        steps.map((s) => s.item),
        `$.${name}`,
        "item",
        file,
      ),
    );
    const items = new Set(steps.map((s) => s.item));
    steps.forEach((s, i) => {
      if (s.prerequisite.trim() === "") return;
      const named = s.prerequisite.split(/\s*,\s*/).map(Number);
      if (named.every((n) => items.has(n) && n !== s.item)) return;
      out.push({
        file,
        path: `$.${name}[${i}].prerequisite`,
        expected: `expected "" or the item number of another step of this workflow, got "${s.prerequisite}" (items ${[...items].sort((a, b) => a - b).join(", ")})`,
      });
    });
  }
  out.push(
    ...repeated(
      task.evidence.map((e) => e.id),
      "$.evidence",
      "id",
      file,
    ),
  );
  return out;
}
