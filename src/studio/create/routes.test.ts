import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateRequest, requestSeeds } from "./routes.ts";
import { checkTarget } from "./target.ts";

const root = await mkdtemp(join(tmpdir(), "drflow-create-"));
afterAll(() => rm(root, { recursive: true, force: true }));

const fields = {
  domain: "Healthcare",
  task_id: "",
  dr_question: "What steps do I follow to obtain informed consent for a patient with limited English?",
  company_name: "Northbridge Health Partners",
  company_industry: "Healthcare",
  company_description: "Runs hospitals.",
  company_size: "Large",
  company_employee_count: "1000-5000",
  company_annual_revenue: "$500M-$1B",
  company_persona: "Daniel Reyes",
  company_persona_email: "daniel.reyes@northbridge.example",
  company_persona_role: "Patient Experience Lead",
  company_persona_role_description: "Owns the consent policy.",
  user_name: "Maria Lopez",
  user_email: "maria.lopez@northbridge.example",
  user_role: "Charge Nurse",
  user_role_description: "Coordinates patient preparation.",
};
const llm = (over: object) =>
  CreateRequest.parse({ mode: "llm", suite: "s", model: "compat:x#m", ...over }) as Extract<
    CreateRequest,
    { mode: "llm" }
  >;
const csv = (rows: Record<string, string>[]) =>
  Buffer.from(
    [
      Object.keys(rows[0]!).join(","),
      ...rows.map((r) =>
        Object.values(r)
          .map((v) => `"${v}"`)
          .join(","),
      ),
    ].join("\n"),
  ).toString("base64");

describe("requestSeeds", () => {
  test("the form's row becomes a seed; the domain is normalized and a free task id is dealt", () => {
    mkdirSync(join(root, "s", "healthcare_01"), { recursive: true });
    const [seed] = requestSeeds(root, llm({ fields }));
    expect(seed).toMatchObject({
      task_id: "healthcare_02",
      domain: "healthcare",
      user_company: fields.company_name,
    });
  });

  test("a missing field and a taken task id are named", () => {
    expect(() => requestSeeds(root, llm({ fields: { ...fields, user_email: "" } }))).toThrow(
      "the form, column user_email: expected a non-empty value",
    );
    expect(() => requestSeeds(root, llm({ fields: { ...fields, task_id: "healthcare_01" } }))).toThrow(
      "task id(s) healthcare_01 already exist in suite s",
    );
    expect(() => requestSeeds(root, llm({ fields: { ...fields, task_id: "../x" } }))).toThrow(
      "the form, column task_id: expected letters, digits",
    );
  });

  test("an uploaded spreadsheet: rows are checked and named; its name never becomes a path", () => {
    const good = { ...fields, task_id: "t1" };
    expect(requestSeeds(root, llm({ upload: { name: "seeds.csv", base64: csv([good]) } }))[0]!.task_id).toBe(
      "t1",
    );
    expect(() =>
      requestSeeds(
        root,
        llm({
          upload: {
            name: "../../seeds.csv",
            base64: csv([good, { ...good, task_id: "t2", company_name: "" }]),
          },
        }),
      ),
    ).toThrow("seeds.csv: row 3, column company_name: expected a non-empty value");
    expect(() => requestSeeds(root, llm({ upload: { name: "seeds.txt", base64: csv([good]) } }))).toThrow(
      'seeds.txt: expected a .csv, .xlsx or .json file, got ".txt"',
    );
    expect(() => requestSeeds(root, llm({}))).toThrow(
      "expected the seed form's fields or an uploaded seed spreadsheet",
    );
  });
});

describe("checkTarget", () => {
  test("demo is never a target; an existing suite only with replace; a new one always", () => {
    mkdirSync(join(root, "demo", "b2b_01"), { recursive: true });
    expect(() => checkTarget(root, "demo", true)).toThrow("suite demo is the shipped benchmark");
    expect(() => checkTarget(root, "DEMO", false)).toThrow("shipped benchmark");
    mkdirSync(join(root, "full", "legal_01"), { recursive: true });
    writeFileSync(join(root, "full", "legal_01", "task.json"), "{}");
    expect(() => checkTarget(root, "full", false)).toThrow("suite full already has 1 task(s) (legal_01)");
    expect(() => checkTarget(root, "full", true)).not.toThrow();
    expect(() => checkTarget(root, "fresh", false)).not.toThrow();
  });
});
