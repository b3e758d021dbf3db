import { describe, expect, test } from "bun:test";
import { proseFindings } from "../../store/validate/prose.ts";
import type { DocumentContent } from "../realize/content.ts";
import { FAMILIES } from "./data.ts";
import { FamilySpec } from "./family.ts";
import { generateProceduralTask } from "./generate-task.ts";
import { inflect, VERB_SYNONYMS } from "./paraphrase.ts";
import { fill } from "./template.ts";

const late = FAMILIES.find((f) => f.id === "late-return")!;

describe("gold a careful reader agrees with", () => {
  test("a branch that ends the company's process is never the user's: the gold never runs on past it", () => {
    const families = FAMILIES.filter((f) => f.steps.some((s) => s.condition?.branches.some((b) => b.ends)));
    expect(families.length).toBeGreaterThanOrEqual(4);
    for (const family of families)
      for (let seed = 1; seed <= 12; seed++) {
        const { task } = generateProceduralTask({
          taskId: `${family.domain}_01`,
          domain: family.domain,
          seed,
          family: family.id,
        });
        const ends = new Set(
          family.steps.flatMap((s) =>
            (s.condition?.branches ?? []).filter((b) => b.ends).map((b) => `${s.condition!.id}/${b.id}`),
          ),
        );
        for (const [i, p] of task.personalized_workflow.entries()) {
          const id = task.generic_workflow[i]!.condition?.id;
          if (id) expect(ends.has(`${id}/${p.resolved_branch}`)).toBe(false);
        }
      }
  });

  test("the policy says what an ending branch ends", () => {
    const family = FAMILIES.find((f) => f.id === "duplicate-charge")!;
    let said = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { task, artifacts } = generateProceduralTask({
        taskId: "b2c_01",
        domain: "b2c",
        seed,
        family: family.id,
      });
      if (!task.generic_workflow.some((s) => s.condition?.id === "chargeback_open")) continue;
      const policy = artifacts
        .filter((a) => a.entry.role === "insight" && a.content.kind === "document")
        .flatMap((a) => (a.content as DocumentContent).sections.flatMap((s) => s.paragraphs));
      expect(policy.some((t) => /chargeback.*no later step/i.test(t))).toBe(true);
      said++;
    }
    expect(said).toBeGreaterThan(0);
  });

  test("a definition's label names one thing in a task: two documents never define the same category or criterion", () => {
    let labels = 0;
    for (const family of FAMILIES)
      for (let seed = 1; seed <= 6; seed++) {
        const { artifacts } = generateProceduralTask({
          taskId: `${family.domain}_01`,
          domain: family.domain,
          seed,
          family: family.id,
        });
        const meaning = new Map<string, string>();
        for (const a of artifacts)
          if (a.content.kind === "document")
            for (const s of (a.content as DocumentContent).sections)
              for (const t of s.paragraphs)
                for (const m of t.matchAll(
                  /\b(?:Category ([\w.-]+):|Criterion ([\w.-]+) is met when) ([^.]+)/g,
                )) {
                  const label = (m[1] ?? m[2])!;
                  labels++;
                  const seen = meaning.get(label);
                  expect(seen === undefined || seen === m[3], `${family.id} seed ${seed}: ${label}`).toBe(
                    true,
                  );
                  meaning.set(label, m[3]!);
                }
      }
    expect(labels).toBeGreaterThan(20);
  });

  test("a banded value is drawn from the band of the case's item, for the user's case and the look-alikes", () => {
    const bands = late.bands!.price!.values;
    for (let seed = 1; seed <= 20; seed++) {
      const { task } = generateProceduralTask({ taskId: "b2c_01", domain: "b2c", seed, family: late.id });
      const bought = task.evidence
        .map((u) => /bought (?:the |a |an )?(.+?) for (\$[\d,]+)/.exec(u.text))
        .filter((m) => m !== null);
      expect(bought.length).toBeGreaterThan(0);
      for (const m of bought) {
        const item = Object.keys(bands).find((k) => k.replace(/^an? /, "") === m[1]);
        expect(item).toBeDefined();
        expect(bands[item!]).toContain(m[2]!);
      }
    }
  });

  test("a band missing for a value the item can take is an error naming it", () => {
    const raw = JSON.parse(JSON.stringify(late));
    delete raw.bands.price.values["a sectional sofa"];
    const parsed = FamilySpec.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(
      'expected a band of \\"price\\" for item \\"a sectional sofa\\"',
    );
  });

  test("a value's own article gives way to the template's", () => {
    const vars = {
      subject: "Kestrel Logistics",
      item: "a sectional sofa",
      contact: "their procurement lead",
    };
    expect(fill("The {item} for {subject}'s {contact}", vars)).toBe(
      "The sectional sofa for Kestrel Logistics's procurement lead",
    );
    expect(fill("{subject} bought {item}", vars)).toBe("Kestrel Logistics bought a sectional sofa");
  });

  test("every form of every verb the paraphraser can write is spelt right", () => {
    const bad: string[] = [];
    for (const [verb, options] of Object.entries(VERB_SYNONYMS))
      for (const w of [verb, ...options])
        for (const form of ["s", "ed", "ing"] as const) {
          const text = `Staff ${inflect(w, form)} the form.`;
          if (proseFindings(text).length > 0) bad.push(text);
        }
    expect(bad).toEqual([]);
  });
});
