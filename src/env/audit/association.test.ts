import { describe, expect, test } from "bun:test";
import type { ArtifactRole } from "../../core/index.ts";
import { seededRandom } from "../../core/random.ts";
import { association, type Labelled } from "./association.ts";

/** Twenty tasks of `files/`: two look-alike cases of three files and the user's case of two, per task. */
function suite(valueFor: (role: ArtifactRole, i: number, random: () => number) => string): Labelled[] {
  const random = seededRandom(42);
  const out: Labelled[] = [];
  for (let t = 0; t < 20; t++) {
    const roles: ArtifactRole[] = [
      "adjacent",
      "adjacent",
      "adjacent",
      "adjacent",
      "adjacent",
      "adjacent",
      "insight",
      "insight",
    ];
    roles.forEach((role, i) => {
      out.push({ task: `t${t}`, role, value: valueFor(role, i, random) });
    });
  }
  return out;
}

describe("association of a feature with role", () => {
  test("a value only the majority role uses (every .docx a look-alike's) is found, though it adds no accuracy over the majority", () => {
    // one of each look-alike case's three files is a .docx; the user's files are all .md
    const docs = suite((role, i) => (role === "adjacent" && i % 3 === 0 ? "docx" : "md"));
    const a = association(docs);
    expect(a.u!).toBeGreaterThan(0.1);
    expect(a.p!).toBeLessThan(0.001);
    expect(a.rule).toBe("docx → adjacent 40/40 (base 75%, 20 task(s))");
  });

  test("a value drawn alike for every role is not", () => {
    const docs = suite((_, __, random) => (random() < 0.3 ? "docx" : "md"));
    const a = association(docs);
    expect(a.u!).toBeLessThan(0.05);
    expect(a.p!).toBeGreaterThan(0.01);
  });

  test("values that differ per task but say nothing across tasks (names) tell nothing that transfers", () => {
    // every task's look-alike files are written by one person and the user's by another: a within-task split that a
    // held-out task cannot use, since its names were never seen
    const docs = suite((role, _, __) => role).map((d) => ({ ...d, value: `${d.task}:${d.role}` }));
    const a = association(docs);
    expect(a.u!).toBeLessThanOrEqual(0);
    expect(a.p!).toBeGreaterThan(0.01);
  });

  test("one value or one role: nothing to test", () => {
    expect(association(suite(() => "md")).u).toBeNull();
    expect(association(suite((_, i) => String(i)).filter((d) => d.role === "insight")).u).toBeNull();
  });

  test("a single task is tested one document out", () => {
    const docs = suite((role) => (role === "insight" ? "A" : "B")).filter((d) => d.task === "t0");
    const a = association(docs);
    expect(a.u!).toBeGreaterThan(0.5);
  });
});
