import { describe, expect, test } from "bun:test";
import { ArtifactManifest, Task } from "../../core/index.ts";
import { FAMILIES } from "./data.ts";
import { generateProceduralTask } from "./generate-task.ts";

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
        expect(conditional.length).toBeGreaterThanOrEqual(6);
        expect(conditional.length).toBeLessThanOrEqual(8);
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
        // look-alike cases never carry more evidence than the user's own case
        const userUnits = task.evidence.filter((u) => u.side === "user" && u.role === "insight").length;
        for (const c of task.adjacent_cases) expect(c.evidence.length).toBeLessThanOrEqual(userUnits);
        expect(roles.adjacent).toBeGreaterThanOrEqual(8);
        // both sides carry distractors
        const sides = new Set(g.manifest.artifacts.filter((a) => a.role === "distractor").map((a) => a.side));
        expect([...sides].sort()).toEqual(["company", "user"]);
        // adjacent cases: two, distinct from the user's case and each other, each differing in some branch
        expect(task.adjacent_cases).toHaveLength(2);
        const ids = new Set([task.user_case!.case_id, ...task.adjacent_cases.map((c) => c.case_id)]);
        expect(ids.size).toBe(3);
        const subjects = new Set([task.user_case!.subject, ...task.adjacent_cases.map((c) => c.subject)]);
        expect(subjects.size).toBe(3);
        // each look-alike asks its own sub-question, not the task's and not the other's
        const questions = new Set([task.seed.question, ...task.adjacent_cases.map((c) => c.question)]);
        expect(questions.size).toBe(3);
        // a decision a look-alike shares with the workflow is resolved consistently within that case
        for (const c of task.adjacent_cases) {
          const byCondition = new Map<string, Set<string>>();
          for (const u of task.evidence.filter((u) => u.case_id === c.case_id && u.selects_branch !== null))
            for (const cond of u.resolves_conditions)
              byCondition.set(cond, (byCondition.get(cond) ?? new Set()).add(u.selects_branch!));
          for (const branches of byCondition.values()) expect(branches.size).toBe(1);
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

  test("policy text states each step in its own words: no gold title or task, no step markers, both branches in the document", () => {
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
      const doc = company.find((a) => a.entry.evidence.includes(unit.id))!;
      if (s.condition)
        for (const b of s.condition.branches.slice(0, 1))
          expect(JSON.stringify(doc.content)).toContain(b.when);
    }
  });

  test("decisions stated elsewhere in a document (note, definition, decision table) have their counterpart there", () => {
    const seen = { note: 0, definition: 0, table: 0 };
    for (const family of FAMILIES) {
      const g = generateProceduralTask({
        taskId: `${family.domain}_04`,
        domain: family.domain,
        seed: 4,
        family: family.id,
      });
      for (const a of g.artifacts.filter((x) => x.entry.side === "company" && x.entry.role === "insight")) {
        if (a.content.kind !== "document") continue;
        const paragraphs = a.content.sections.flatMap((s) => s.paragraphs);
        for (const id of a.entry.evidence) {
          const text = g.task.evidence.find((u) => u.id === id)!.text;
          for (const m of text.matchAll(/\(note (\d+)\)|described in note (\d+)/g)) {
            seen.note++;
            expect(paragraphs.some((p) => p.startsWith(`Note ${m[1] ?? m[2]}: `))).toBe(true);
          }
          for (const m of text.matchAll(/(?:category|criterion) (C\d+)/g)) {
            seen.definition++;
            expect(paragraphs.some((p) => new RegExp(`^(Category|Criterion) ${m[1]}\\b`).test(p))).toBe(true);
          }
          if (text.includes("see the decision table")) {
            seen.table++;
            expect(paragraphs.filter((p) => p.split(" | ").length === 3).length).toBeGreaterThanOrEqual(3);
          }
        }
      }
    }
    expect(Math.min(seen.note, seen.definition, seen.table)).toBeGreaterThan(2);
  });

  test("surface realizations vary across a suite; few condition units restate the policy (default share 0.15)", () => {
    const kinds = { layout: new Set<string>(), condition: new Set<string>(), reference: new Set<string>() };
    let restated = 0;
    let conditions = 0;
    for (const family of FAMILIES) {
      for (const seed of [1, 2, 3]) {
        const g = generateProceduralTask({
          taskId: `${family.domain}_05`,
          domain: family.domain,
          seed,
          family: family.id,
        });
        const surface = g.task.provenance.surface!;
        for (const k of ["layout", "condition", "reference"] as const)
          for (const v of surface[k]!) kinds[k].add(v);
        restated += surface.restated!.length;
        conditions += g.task.evidence.filter((u) => u.id.startsWith("ev_cond_")).length;
      }
    }
    expect(kinds.layout.size).toBe(5);
    expect(kinds.condition.size).toBe(6);
    expect(kinds.reference.size).toBe(4);
    expect(restated / conditions).toBeGreaterThan(0.05);
    expect(restated / conditions).toBeLessThan(0.25);
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
