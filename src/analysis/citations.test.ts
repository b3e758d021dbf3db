import { describe, expect, test } from "bun:test";
import { Report } from "../core/index.ts";
import { citationComposition, distractorReferenceRate, rolesFromManifests } from "./citations.ts";
import { contaminatedSteps, contaminationRate } from "./contamination.ts";

const step = (item: number, title: string, citations: string[], description = "") => ({
  item,
  title,
  task: title,
  task_description: description,
  citations,
});

const report = Report.parse({
  task_id: "b2c_02",
  generic_workflow: [step(1, "Open a dispute", ["src_1", "src_2"])],
  personalized_workflow: [
    step(1, "Log the duplicate charge", ["src_1"]),
    step(
      2,
      "Log Marcus Whitfield's SG-48219 proration dispute",
      ["src_3", "src_1"],
      "attach screenshot 11/08/2025",
    ),
    step(3, "Refund", ["b2c_02_AD_2", "web:1"]),
  ],
  condition_resolution: [
    {
      condition: "Duplicate?",
      evidence: "email",
      resolution: "Resolved: refund",
      resolved: true,
      citations: ["src_4"],
    },
  ],
  references: [
    { key: "src_1", source_id: "b2c_02_IN_1", title: "Billing policy" },
    { key: "src_2", source_id: "b2c_02_DI_1", title: "Holiday schedule" },
    {
      key: "src_3",
      source_id: "b2c_02_AD_1",
      title: "dispute-review-sg48219.docx",
      path: "files/dispute-review-sg48219.docx",
    },
    { key: "src_4", source_id: "b2c_02_IN_2", title: "Email" },
  ],
});

/** Legacy ids classify by their convention when no manifest names them (stored runs on pre-handle folders). */
const legacy = rolesFromManifests([]);

/** The same report on a task folder with opaque handles: roles come from its manifest only. */
const HANDLES: Record<string, string> = {
  b2c_02_IN_1: "doc-1a2b3c4d5e6f",
  b2c_02_IN_2: "doc-99887766aabb",
  b2c_02_DI_1: "doc-0f0e0d0c0b0a",
  b2c_02_AD_1: "doc-7777aaaa3333",
  b2c_02_AD_2: "doc-c0ffee123456",
};
const withHandles = Report.parse(
  JSON.parse(JSON.stringify(report).replace(/b2c_02_(IN|DI|AD)_\d/g, (id) => HANDLES[id]!)),
);
const manifest = {
  task_id: "b2c_02",
  artifacts: Object.entries(HANDLES).map(([old, id]) => ({
    id,
    role: ({ IN: "insight", DI: "distractor", AD: "adjacent" } as const)[old.split("_")[2] as "IN"],
    side: "user" as const,
    app: "files" as const,
    format: "md" as const,
    path: `files/${id}.md`,
    title: id,
    evidence: [],
    author: "",
    date: "",
  })),
};
const roles = rolesFromManifests([manifest]);

describe("citation composition", () => {
  test("through the manifest: handles give the same composition as the labelled ids did (meaning unchanged)", () => {
    expect(withHandles.references.map((r) => r.source_id).join(" ")).not.toMatch(/_(IN|DI|AD)_/);
    expect(citationComposition([withHandles], roles)).toEqual(citationComposition([report], legacy));
    expect(distractorReferenceRate(withHandles, roles)).toBe(distractorReferenceRate(report, legacy));
    expect(contaminatedSteps(withHandles, roles).map((s) => s.item)).toEqual([2, 3]);
    // without the manifest a handle says nothing: every citation is unclassified
    expect(citationComposition([withHandles], rolesFromManifests([])).counts.other).toBe(8);
  });

  test("counts every citation occurrence, resolving keys through references (hand-counted)", () => {
    const c = citationComposition([report], legacy);
    // IN: src_1 ×3 + src_4 = 4; DI: src_2 = 1; AD: src_3 + b2c_02_AD_2 = 2; other: web:1 = 1
    expect(c.counts).toEqual({ insight: 4, distractor: 1, adjacent: 2, other: 1 });
    expect(c.shares.insight).toBeCloseTo(4 / 7, 12);
    expect(c.shares.adjacent).toBeCloseTo(2 / 7, 12);
    expect(c.total).toBe(8);
  });

  test("distractor-reference rate over the reference list", () => {
    expect(distractorReferenceRate(report, legacy)).toBeCloseTo(1 / 4, 12);
    expect(distractorReferenceRate(Report.parse({ task_id: "x" }), legacy)).toBeNull();
  });
});

describe("contaminated steps", () => {
  test("steps citing adjacent-case artifacts, with excerpts and the sources", () => {
    const steps = contaminatedSteps(report, legacy, { maxExcerpt: 40 });
    expect(steps.map((s) => [s.workflow, s.item])).toEqual([
      ["personalized", 2],
      ["personalized", 3],
    ]);
    expect(steps[0]!.sources[0]).toMatchObject({
      sourceId: "b2c_02_AD_1",
      path: "files/dispute-review-sg48219.docx",
    });
    expect(steps[0]!.excerpt.length).toBeLessThanOrEqual(40);
    expect(steps[0]!.excerpt.startsWith("Log Marcus Whitfield")).toBe(true);
    expect(steps[0]!.excerpt.endsWith("…")).toBe(true);
    expect(contaminationRate(report, legacy)).toBeCloseTo(2 / 3, 12);
  });
});
