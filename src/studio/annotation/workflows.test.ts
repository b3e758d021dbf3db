import { expect, test } from "bun:test";
import { annotatorOrder } from "./workflows.ts";

const workflows = ["t1", "t2", "t3"].flatMap((task) =>
  ["a", "b", "c"].map((agent) => ({ item: `w${task}${agent}`, task, agent })),
);

test("an annotator's order is stable for them, keeps a task's workflows together, and differs between annotators", () => {
  const ann = annotatorOrder("c1", "ann", workflows);
  expect(annotatorOrder("c1", "ann", [...workflows].reverse())).toEqual(ann);
  expect(new Set(ann)).toEqual(new Set(workflows));
  const tasks = ann.map((w) => w.task);
  for (const t of ["t1", "t2", "t3"]) {
    const first = tasks.indexOf(t);
    expect(tasks.slice(first, first + 3)).toEqual([t, t, t]);
  }
  const others = ["bo", "cy", "di", "ed"].map((a) => annotatorOrder("c1", a, workflows).map((w) => w.item));
  expect(new Set([ann.map((w) => w.item), ...others].map((o) => o.join())).size).toBeGreaterThan(1);
  // Another campaign reshuffles the same annotator.
  const elsewhere = ["c2", "c3", "c4"].map((c) =>
    annotatorOrder(c, "ann", workflows)
      .map((w) => w.item)
      .join(),
  );
  expect(new Set([ann.map((w) => w.item).join(), ...elsewhere]).size).toBeGreaterThan(1);
});
