import { describe, expect, test } from "bun:test";
import * as W from "../../../test/fixtures/generate-llm/world.ts";
import { Rng } from "../procedural/prng.ts";
import { DEFAULT_MODALITIES, sampleDistinctModalities, sampleModality } from "./files/modality.ts";
import { planArtifacts } from "./plan.ts";
import { toGenericSteps } from "./stages/s2-contexts.ts";

const spec = W.SPECS[0]!;
const inputs = {
  taskId: "t_01",
  gold: toGenericSteps(W.workflow(spec)),
  companyDistractors: W.companyDistractors(spec, 6).steps,
  userInsights: W.userInsights(spec).items,
  userDistractors: W.userDistractors(spec, 4).items,
  adjacent: [W.adjacentInsights(0), W.adjacentInsights(1)],
  adjacentCaseIds: ["C-1", "C-2"],
  modalities: DEFAULT_MODALITIES,
  adjacentFormats: 3,
  seed: 7,
};

describe("artifact plan and modality sampling", () => {
  test("ids follow the paper's convention; sizes match the paper's task shape", () => {
    const plan = planArtifacts(inputs);
    const count = (role: string) => plan.filter((a) => a.role === role).length;
    expect([count("insight"), count("distractor"), count("adjacent")]).toEqual([16, 10, 24]);
    expect(plan[0]!.id).toBe("t_01_IN_1");
    expect(plan.find((a) => a.role === "adjacent")!.id).toBe("t_01_AD_1");
    // Company artifacts are documents; each adjacent fact appears in 3 distinct formats and names its case.
    expect(
      plan.filter((a) => a.side === "company").every((a) => ["pdf", "docx", "md"].includes(a.modality)),
    ).toBe(true);
    const first = plan.filter((a) => a.evidence[0]!.startsWith("ad_1_1_"));
    expect(new Set(first.map((a) => a.modality)).size).toBe(3);
    expect(first[0]!.target).toMatchObject({ kind: "fact", mustName: ["C-1"] });
  });

  test("the same seed gives the same plan; another seed another draw", () => {
    const modalities = (seed: number) =>
      planArtifacts({ ...inputs, seed })
        .map((a) => a.modality)
        .join();
    expect(modalities(7)).toBe(modalities(7));
    expect(modalities(7)).not.toBe(modalities(8));
  });

  test("sampling follows the weights and refuses chat or email on the company side", () => {
    const rng = new Rng("w");
    const draws = Array.from({ length: 2000 }, () => sampleModality({ pdf: 3, chat: 1 }, rng, "user"));
    const pdf = draws.filter((d) => d === "pdf").length / draws.length;
    expect(pdf).toBeGreaterThan(0.7);
    expect(pdf).toBeLessThan(0.8);
    expect(() => sampleModality({ email: 1 }, rng, "company")).toThrow("modalities.company.email");
    expect(sampleDistinctModalities({ pdf: 1, docx: 1 }, rng, "user", 5).sort()).toEqual(["docx", "pdf"]);
  });
});
