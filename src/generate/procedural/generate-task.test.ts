import { describe, expect, test } from "bun:test";
import { ArtifactManifest, Task } from "../../core/index.ts";
import { FAMILIES } from "./families/index.ts";
import { ADJACENT_PER_CASE, generateProceduralTask } from "./generate-task.ts";

describe("procedural generator", () => {
  test("covers five domains with at least three families each", () => {
    const byDomain = new Map<string, number>();
    for (const f of FAMILIES) byDomain.set(f.domain, (byDomain.get(f.domain) ?? 0) + 1);
    expect([...byDomain.keys()].sort()).toEqual(["b2b", "b2c", "education", "healthcare", "legal"]);
    for (const n of byDomain.values()) expect(n).toBeGreaterThanOrEqual(3);
    expect(new Set(FAMILIES.map((f) => f.question)).size).toBe(FAMILIES.length);
  });

  for (const family of FAMILIES) {
    for (const seed of [1, 7]) {
      test(`${family.id} (seed ${seed}) has the paper's shape and sizes`, () => {
        const g = generateProceduralTask({
          taskId: `${family.domain}_09`,
          domain: family.domain,
          seed,
          family: family.id,
        });
        const task = Task.parse(JSON.parse(JSON.stringify(g.task)));
        expect(task).toEqual(g.task);
        ArtifactManifest.parse(g.manifest);
        const steps = task.generic_workflow;
        expect(steps.length).toBeGreaterThanOrEqual(12);
        expect(steps.length).toBeLessThanOrEqual(15);
        expect(steps.map((s) => s.item)).toEqual(steps.map((_, i) => i + 1));
        const conditional = steps.filter((s) => s.condition);
        expect(conditional.length).toBeGreaterThanOrEqual(3);
        for (const s of conditional) expect(s.condition_description).toMatch(/^If .+ → .+; else .+ → .+/);
        // personalized: same inventory, one resolved branch per conditional step, a justification everywhere
        expect(task.personalized_workflow.map((p) => p.title)).toEqual(steps.map((s) => s.title));
        task.personalized_workflow.forEach((p, i) => {
          const g = steps[i]!;
          if (g.condition) expect(g.condition.branches.map((b) => b.id)).toContain(p.resolved_branch!);
          else expect(p.resolved_branch).toBeNull();
          expect(p.justification.length).toBeGreaterThan(20);
        });
        const roles = { insight: 0, distractor: 0, adjacent: 0 };
        for (const a of g.manifest.artifacts) roles[a.role]++;
        expect(roles.insight).toBeGreaterThanOrEqual(12);
        expect(roles.insight).toBeLessThanOrEqual(21);
        expect(roles.distractor).toBeGreaterThanOrEqual(7);
        expect(roles.distractor).toBeLessThanOrEqual(13);
        expect(roles.adjacent).toBe(2 * ADJACENT_PER_CASE);
        // both sides carry distractors
        const sides = new Set(g.manifest.artifacts.filter((a) => a.role === "distractor").map((a) => a.side));
        expect([...sides].sort()).toEqual(["company", "user"]);
        // adjacent cases: two, distinct from the user's case and each other, each differing in some branch
        expect(task.adjacent_cases).toHaveLength(2);
        const ids = new Set([task.user_case!.case_id, ...task.adjacent_cases.map((c) => c.case_id)]);
        expect(ids.size).toBe(3);
        const subjects = new Set([task.user_case!.subject, ...task.adjacent_cases.map((c) => c.subject)]);
        expect(subjects.size).toBe(3);
        for (const c of task.adjacent_cases) {
          const selects = task.evidence.filter((u) => u.case_id === c.case_id && u.selects_branch !== null);
          const differs = selects.some((u) => {
            const i = steps.findIndex((s) => s.condition?.id === u.resolves_conditions[0]);
            return task.personalized_workflow[i]!.resolved_branch !== u.selects_branch;
          });
          expect(differs).toBe(true);
        }
      });
    }
  }

  test("coupled decisions agree within a case (interpreter modality → witness)", () => {
    for (let seed = 0; seed < 12; seed++) {
      const g = generateProceduralTask({
        taskId: "healthcare_01",
        domain: "healthcare",
        seed,
        family: "lep-consent",
      });
      const branch = (cond: string) =>
        g.task.personalized_workflow.find((_, i) => g.task.generic_workflow[i]!.condition?.id === cond)!
          .resolved_branch;
      expect(branch("witness_mode")).toBe(
        branch("interpreter_modality") === "in_person" ? "interpreter_witness" : "staff_witness",
      );
    }
  });

  test("look-alike cases never reuse the user's identifiers (invoice numbers here)", () => {
    for (let seed = 0; seed < 8; seed++) {
      const g = generateProceduralTask({ taskId: "b2b_02", domain: "b2b", seed, family: "invoice-dispute" });
      const invoice = /INV-\d+/.exec(g.task.evidence.find((u) => u.id === "ev_fact_1")!.text)![0];
      const adjacent = g.task.evidence.filter((u) => u.role === "adjacent");
      expect(adjacent.some((u) => u.text.includes(invoice))).toBe(false);
      expect(adjacent.some((u) => u.text.includes(g.task.user_case!.subject))).toBe(false);
    }
  });

  test("the same options give the same task; a new seed gives another", () => {
    const a = generateProceduralTask({ taskId: "b2b_01", domain: "b2b", seed: 7 });
    const b = generateProceduralTask({ taskId: "b2b_01", domain: "b2b", seed: 7 });
    const c = generateProceduralTask({ taskId: "b2b_01", domain: "b2b", seed: 8 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(c.task)).not.toBe(JSON.stringify(a.task));
  });

  test("an unknown family is an error naming the choices", () => {
    expect(() =>
      generateProceduralTask({ taskId: "legal_01", domain: "legal", seed: 1, family: "lep-consent" }),
    ).toThrow(/expected one of denied-claim/);
  });

  test("policy text states each step in its own words: no gold title or task, local numbering, both branches", () => {
    const g = generateProceduralTask({
      taskId: "healthcare_01",
      domain: "healthcare",
      seed: 7,
      family: "lep-consent",
    });
    const company = g.artifacts.filter((a) => a.entry.side === "company" && a.entry.role === "insight");
    const names = company.map((a) => `${a.entry.title} ${a.entry.path}`.toLowerCase()).join("\n");
    for (const s of g.task.generic_workflow) {
      const unit = g.task.evidence.find((u) => u.side === "company" && u.supports_steps.includes(s.item))!;
      const text = unit.text.toLowerCase();
      expect(text).not.toContain(s.title.toLowerCase());
      expect(text).not.toContain(s.task.toLowerCase());
      expect(unit.text).not.toContain(s.task_description);
      expect(unit.text).not.toMatch(/\bStep \d+\b/);
      expect(names).not.toContain(s.title.toLowerCase());
      if (s.condition) expect(unit.text).toContain(s.condition.branches[0]!.when);
    }
    // documents number their own items from 1; the first step of a later document cites the one before it
    const numbered = g.task.evidence.filter((u) => u.side === "company" && /^\d+\. /.test(u.text));
    for (const u of numbered)
      expect(Number(/^(\d+)\./.exec(u.text)![1])).toBeLessThanOrEqual(u.supports_steps[0]!);
    const firsts = company.slice(1).map((a) => g.task.evidence.find((u) => u.id === a.entry.evidence[0])!);
    for (const u of firsts)
      expect(u.text).toMatch(/section \d+ of [A-Z]{2}-\d{3}|[A-Z]{2}-\d{3}, section \d+/);
  });

  test("some decisions defer one branch to a decision rule stated in another section of the same document", () => {
    let cited = 0;
    for (const family of FAMILIES) {
      const g = generateProceduralTask({
        taskId: `${family.domain}_04`,
        domain: family.domain,
        seed: 4,
        family: family.id,
      });
      for (const a of g.artifacts.filter((x) => x.entry.side === "company" && x.entry.role === "insight")) {
        if (a.content.kind !== "document") continue;
        const rules = a.content.sections.find((s) => s.heading.endsWith(" Decision Rules"));
        for (const id of a.entry.evidence) {
          const unit = g.task.evidence.find((u) => u.id === id)!;
          for (const m of unit.text.matchAll(/rule (R\d+)/g)) {
            cited++;
            expect(rules?.paragraphs.some((p) => p.startsWith(`Rule ${m[1]}: `))).toBe(true);
          }
        }
      }
    }
    expect(cited).toBeGreaterThan(5);
  });

  test("across families and seeds, company documents copy no gold title or task (descriptions: at most a sentence)", () => {
    let copied = 0;
    let checked = 0;
    for (const family of FAMILIES) {
      const g = generateProceduralTask({
        taskId: `${family.domain}_03`,
        domain: family.domain,
        seed: 3,
        family: family.id,
      });
      const text = g.artifacts
        .filter((a) => a.entry.side === "company" && a.entry.role === "insight")
        .map((a) => `${a.entry.title}\n${a.entry.path}\n${JSON.stringify(a.content)}`)
        .join("\n");
      for (const s of g.task.generic_workflow) {
        checked += 3;
        if (text.toLowerCase().includes(s.title.toLowerCase())) copied++;
        if (text.toLowerCase().includes(s.task.toLowerCase())) copied++;
        if (text.includes(s.task_description)) copied++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // a few short titles recur inside other steps' wording (e.g. "submit the appeal" in a packet step)
    expect(copied / checked).toBeLessThan(0.01);
  });
});
