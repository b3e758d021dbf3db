/** The independent agreement set: hand-labelled reports the judge was not derived from parse whole and mostly agree. */
import { expect, test } from "bun:test";
import { parseReportMarkdown } from "../../src/judge/report/parse.ts";
import { independentAgreement, independentReports } from "./independent.ts";

test("every labelled report parses with each predicted step labelled, and the lexical judge agrees on ≥ 90 % of decisions", async () => {
  for (const r of await independentReports()) {
    const { report } = parseReportMarkdown(r.text, { taskId: r.loaded.task.id });
    const predicted = report.personalized_workflow.length
      ? report.personalized_workflow
      : report.generic_workflow;
    expect(`${r.file}: ${predicted.map((s) => s.item).join(",")}`).toBe(
      `${r.file}: ${[...r.labels.keys()].join(",")}`,
    );
    for (const gold of r.labels.values())
      if (gold !== null) expect(r.loaded.task.generic_workflow.some((g) => g.item === gold)).toBe(true);
  }
  const rows = await independentAgreement();
  const agree = rows.reduce((s, r) => s + r.agree, 0);
  const total = rows.reduce((s, r) => s + r.total, 0);
  expect(total).toBeGreaterThan(80);
  expect(agree / total).toBeGreaterThanOrEqual(0.9);
}, 60_000);
