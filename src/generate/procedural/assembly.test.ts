import { describe, expect, test } from "bun:test";
import type { DocumentContent } from "../realize/content.ts";
import { FAMILIES } from "./data.ts";
import { type GeneratedTask, generateProceduralTask } from "./generate-task.ts";

const generate = (seed: number, familyIndex: number, settings = {}) => {
  const family = FAMILIES[familyIndex % FAMILIES.length]!;
  return generateProceduralTask({
    taskId: `${family.domain}_01`,
    domain: family.domain,
    seed,
    family: family.id,
    settings,
  });
};
const docs = (g: GeneratedTask) =>
  g.artifacts.filter((a) => a.content.kind === "document" && a.entry.side === "company");
const paragraphsOf = (a: GeneratedTask["artifacts"][number]) =>
  (a.content as DocumentContent).sections.flatMap((s) => s.paragraphs);
const carrierOf = (g: GeneratedTask, unit: string) =>
  g.artifacts.find((a) => a.entry.evidence.includes(unit))!;

const tasks = Array.from({ length: 15 }, (_, i) => generate(7 + i, i));

describe("steps that must be assembled", () => {
  test("a split step's detail is in another document than its action, naming the step's document", () => {
    let seen = 0;
    for (const g of tasks)
      for (const u of g.task.evidence.filter((x) => x.id.endsWith("_detail"))) {
        seen++;
        const main = carrierOf(g, u.id.replace(/_detail$/, ""));
        const detail = carrierOf(g, u.id);
        expect(detail.entry.id).not.toBe(main.entry.id);
        expect(u.supports_steps).toHaveLength(1);
      }
    expect(seen).toBeGreaterThanOrEqual(15);
  });

  test("a step implied by a form or a role description has no instruction in its procedure, and the form entry says what it is for", () => {
    let seen = 0;
    let byRole = 0;
    for (const g of tasks)
      for (const u of g.task.evidence.filter((x) => /_(form|role)$/.test(x.id))) {
        seen++;
        if (u.id.endsWith("_role")) byRole++;
        const pointer = g.task.evidence.find((x) => x.id === u.id.replace(/_(form|role)$/, ""))!;
        expect(pointer.text).toMatch(
          u.id.endsWith("_form") ? /form|record|worksheet/i : g.task.seed.user.role,
        );
        const step = g.task.generic_workflow[u.supports_steps[0]! - 1]!;
        expect(step.condition).toBeNull();
        expect(pointer.text).not.toContain(step.task);
        expect(carrierOf(g, u.id).entry.id).toBe(carrierOf(g, pointer.id).entry.id);
      }
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(byRole).toBeGreaterThanOrEqual(3);
  });

  test("cross-references name a prerequisite by purpose: the only quotes are document and section titles", () => {
    let quotes = 0;
    for (const g of tasks) {
      const titles = new Set(
        docs(g).flatMap((a) => {
          const c = a.content as DocumentContent;
          return [c.title, ...c.sections.map((s) => s.heading.replace(/^\d+ /, ""))];
        }),
      );
      for (const u of g.task.evidence.filter((x) => x.side === "company" && x.role === "insight"))
        for (const quoted of u.text.matchAll(/"([^"]+)"/g)) {
          quotes++;
          expect(titles.has(quoted[1]!)).toBe(true);
        }
    }
    expect(quotes).toBeGreaterThan(0);
  });

  test("running prose breaks paragraphs inside steps; neighbouring procedures share the documents", () => {
    let spanning = 0;
    let neighbours = 0;
    for (const g of tasks) {
      for (const a of docs(g)) {
        const paragraphs = paragraphsOf(a);
        for (const id of a.entry.evidence) {
          const text = g.task.evidence.find((u) => u.id === id)!.text;
          if (!paragraphs.some((p) => p.includes(text)) && paragraphs.join(" ").includes(text)) spanning++;
        }
        const headings = (a.content as DocumentContent).sections.map((s) => s.heading);
        if (
          headings.some((h) => /Related Procedure|For Reference Only|Handled Separately|Other Work/.test(h))
        )
          neighbours++;
      }
    }
    expect(spanning).toBeGreaterThanOrEqual(10);
    expect(neighbours).toBeGreaterThanOrEqual(15);
  });

  test("with every share at 0 each step is one block again, quoted nowhere else", () => {
    const off = { flowShare: 0, impliedShare: 0, splitShare: 0, neighbourShare: 0 };
    for (let i = 0; i < 5; i++) {
      const g = generate(7 + i, i, off);
      expect(g.task.evidence.filter((u) => /_(form|role|detail)$/.test(u.id))).toEqual([]);
      expect(g.task.provenance.surface?.assembly).toEqual([]);
    }
  });
});
