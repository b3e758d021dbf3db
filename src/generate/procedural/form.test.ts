import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Member } from "./cast.ts";
import {
  caseCarriers,
  codePrefix,
  type DriveContext,
  driveForm,
  emailSubject,
  FORMS,
  loadForms,
  policyBase,
  policyTitle,
} from "./form.ts";
import { Rng } from "./prng.ts";

const member = (first: string, last: string): Member => ({
  first,
  last,
  name: `${first} ${last}`,
  email: `${first}.${last}@x.example`.toLowerCase(),
  username: `${first}.${last}`.toLowerCase(),
  role: "Analyst",
});
const context = (): DriveContext => ({
  company: "Larkspur Home Goods",
  kinds: ["Support Playbook", "Standard Operating Procedure"],
  owners: [member("Ana", "Ortega"), member("Ben", "Xu")],
  anchor: Date.UTC(2025, 5, 1),
  codes: new Set(),
});

test("a company document's form: reproducible, the code (when drawn) in the subtitle, unique in the task", () => {
  const a = driveForm(new Rng("f"), context(), "Returns Policy");
  const b = driveForm(new Rng("f"), context(), "Returns Policy");
  expect(a).toEqual(b);
  const ctx = context();
  const rng = new Rng("many");
  const forms = Array.from({ length: 400 }, () => driveForm(rng, ctx, "Gift Card Terms"));
  const coded = forms.filter((f) => f.code !== null);
  // about codeShare of them carry a code, each distinct, named in the subtitle
  expect(Math.abs(coded.length / forms.length - FORMS.drive.codeShare)).toBeLessThan(0.08);
  expect(new Set(coded.map((f) => f.code)).size).toBe(coded.length);
  for (const f of coded) expect(f.subtitle).toContain(f.code!);
  for (const f of forms) {
    expect(f.title).toContain("Gift Card Terms");
    expect(f.subtitle).toContain(`Owner: ${f.owner.name}`);
    expect(f.dateMs).toBeLessThan(ctx.anchor);
  }
  expect(new Set(forms.map((f) => f.format))).toEqual(new Set(["pdf", "docx"]));
});

test("code prefixes are the kind's initials", () => {
  expect(codePrefix("Standard Operating Procedure")).toBe("SOP");
  expect(codePrefix("Support Playbook")).toBe("SP");
  expect(codePrefix("Code of Conduct")).toBe("CC");
});

test("email subjects name the topic, and the reference with the configured share", () => {
  const rng = new Rng("subjects");
  const subjects = Array.from({ length: 400 }, () => emailSubject(rng, "Maya Ortega", "ORD-1234567"));
  const referenced = subjects.filter((s) => s.includes("ORD-1234567")).length / subjects.length;
  expect(Math.abs(referenced - FORMS.email.refShare)).toBeLessThan(0.08);
});

test("a case's sentences: every file gets one of the first sentences, none is lost", () => {
  const rng = new Rng("carriers");
  for (let n = 1; n <= 12; n++) {
    const { carriers, groups } = caseCarriers(rng, n);
    expect(groups.length).toBe(n);
    expect(carriers.length).toBeLessThanOrEqual(Math.min(n, FORMS.filesPerCase[1]));
    const first = groups.slice(0, carriers.length).sort((a, b) => a - b);
    expect(first).toEqual(carriers.map((_, i) => i));
    for (const g of groups) expect(g >= 0 && g < carriers.length).toBe(true);
  }
});

test("a bad form pool file is refused naming the file and the field", () => {
  const dir = mkdtempSync(join(tmpdir(), "drflow-forms-"));
  const path = join(dir, "forms.json");
  writeFileSync(path, JSON.stringify({ ...FORMS, drive: { ...FORMS.drive, codeShare: 2 } }));
  expect(() => loadForms(path)).toThrow(/forms\.json: \$\.drive\.codeShare/);
});

test("a policy's kind word is drawn per document from the one pool, a task's policy and a background one alike", () => {
  expect(policyBase("New Customer Onboarding Standard")).toBe("New Customer Onboarding");
  expect(policyBase("Internal Investigations Protocol")).toBe("Internal Investigations");
  expect(policyBase("Release of Protected Health Information")).toBe(
    "Release of Protected Health Information",
  );
  const rng = new Rng("policy-titles");
  const titles = Array.from({ length: 300 }, () => policyTitle(rng, "New Customer Onboarding Standard"));
  for (const t of titles) expect(t.startsWith("New Customer Onboarding")).toBe(true);
  const words = new Set(titles.map((t) => t.slice("New Customer Onboarding".length).trim()));
  // every kind word of the pool, and the bare base, turn up: none is the task's constant
  const pool = new Set(FORMS.drive.policyNames.map((t) => t.replace("{topic}", "").trim()));
  expect(words).toEqual(pool);
  const procedure = titles.filter((t) => t.endsWith(" Procedure")).length / titles.length;
  const share =
    FORMS.drive.policyNames.filter((t) => t.endsWith(" Procedure")).length / FORMS.drive.policyNames.length;
  expect(Math.abs(procedure - share)).toBeLessThan(0.08);
});
