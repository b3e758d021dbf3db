import { describe, expect, test } from "bun:test";
import { inflect, paraphrase, paraphraseHeading } from "./paraphrase.ts";
import { Rng } from "./prng.ts";

describe("paraphrase", () => {
  test("inflects regular, doubled and irregular verbs", () => {
    expect(inflect("verify", "s")).toBe("verifies");
    expect(inflect("stop", "ing")).toBe("stopping");
    expect(inflect("send", "ed")).toBe("sent");
    expect(inflect("set up", "ing")).toBe("setting up");
  });

  test("rewrites the imperative, verbs after 'and' and passives, keeping objects and numbers as facts", () => {
    const rng = new Rng("paraphrase-test");
    const out = paraphrase(
      rng,
      "Verify the patient's identity with two identifiers and confirm the scheduled procedure",
    );
    expect(out.changed).toBeGreaterThanOrEqual(2);
    expect(out.text).not.toMatch(/^Verify\b/);
    expect(out.text).not.toContain("and confirm the");
    expect(out.text).toContain("the patient's identity");
    expect(out.text).toContain("the scheduled procedure");
    const passive = paraphrase(rng, "Capacity is assessed by the proceduralist within ten business days.");
    expect(passive.text).not.toContain("is assessed");
    expect(passive.text).toContain("10 business days");
  });

  test("nouns stay nouns; 'have X do' becomes 'instruct X to do'", () => {
    const rng = new Rng("paraphrase-nouns");
    expect(paraphrase(rng, "Scan the record into the chart.").text).toContain("the record into the chart");
    expect(paraphrase(rng, "Have the student write a personal statement").text).toMatch(
      /^Instruct the student to \w+ a personal statement$/,
    );
  });

  test("a sentence without a verb to rewrite is still marked as policy wording", () => {
    const out = paraphrase(new Rng("x"), "Reason codes are pricing, quantity or tax.");
    expect(out.text).not.toBe("Reason codes are pricing, quantity or tax.");
    expect(out.text).toContain("pricing, quantity or tax");
  });

  test("headings are gerunds of a synonym, or built from the task when the title has no verb", () => {
    const rng = new Rng("heading");
    const h = paraphraseHeading(rng, "Arrange a qualified interpreter", "Arrange the interpreter modality");
    expect(h).toMatch(/^[A-Z][a-z]+ing\b.* a qualified interpreter$/);
    expect(h.startsWith("Arranging")).toBe(false);
    const n = paraphraseHeading(rng, "Committee review", "Present the case to the appeals committee");
    expect(n).not.toBe("Committee review");
    expect(n).toContain("the case to the appeals committee");
  });
});
