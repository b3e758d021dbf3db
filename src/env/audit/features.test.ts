import { describe, expect, test } from "bun:test";
import { codesIn, describe as formFeatures, frameWords, shapeOf, templateOf } from "./features.ts";
import type { Observed } from "./observe.ts";

function doc(task: string, app: string, title: string, extra: Partial<Observed["visible"]> = {}): Observed {
  return {
    task,
    question: "What is the workflow to onboard a new customer account?",
    user: { name: "Amara Abernathy", email: "amara.abernathy@example.com" },
    userCase: null,
    visible: {
      id: "doc-0123456789ab",
      app,
      format: "md",
      path: `${app}/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.md`,
      title,
      author: "Amara Abernathy",
      date: "2025-01-01",
      channel: "",
      subject: "",
      headers: "",
      ...extra,
    },
    textLength: 1000,
    listPosition: 0,
    appPosition: 0,
    role: "insight",
    step: null,
    caseId: null,
  };
}

const CUSTOMERS = [
  ["Granite Ridge Logistics", "Ironleaf Components"],
  ["Marlow Plastics", "Bluepeak Dynamics"],
  ["Sablewood Foods", "Summit Hydraulics"],
  ["Northgate Textiles", "Copperline Media"],
  ["Fairhaven Dental", "Orchard Labs"],
];

/** Five tasks, each with a case summary and a call log per customer, and one background policy of its own. */
function suite(): Observed[] {
  const out: Observed[] = [];
  for (let t = 0; t < 5; t++)
    for (const [i, c] of CUSTOMERS[t]!.entries()) {
      out.push(doc(`t${t}`, "files", `Case summary - ${c} (ACCT-${10000 + 97 * t + i})`));
      out.push(doc(`t${t}`, "files", `Call log - ${c} (ACCT-${10000 + 97 * t + i})`));
      if (i === 0)
        out.push(doc(`t${t}`, "drive", t < 3 ? "Linen Services Schedule" : "Expense Reimbursement Policy"));
    }
  return out;
}

describe("form features", () => {
  test("codes in titles and paths, upper-cased", () => {
    expect(codesIn("Operating Procedure CU-197: Onboarding, Process Overview")).toEqual(["CU-197"]);
    expect(codesIn("case-summary-ironleaf-components-acct-99776")).toEqual(["ACCT-99776"]);
    expect(codesIn("Quarterly Pipeline Review 2025")).toEqual([]);
  });

  test("shape: word runs collapse, codes and punctuation stay", () => {
    expect(shapeOf("Operating Procedure CU-197: New Customer Onboarding Standard, Process Overview")).toBe(
      "W C : W , W",
    );
    expect(shapeOf("Quarterly Pipeline Review")).toBe("W");
  });

  test("template: the pattern's words stay, names, topics and question words are masked", () => {
    const frame = frameWords(suite()).title;
    expect([...frame].sort()).toEqual(["call", "case", "log", "summary"]);
    const q = new Set<string>();
    expect(templateOf("Case summary - Ms. Vasquez (MRN-481242)", frame, q)).toBe(
      "case summary - * ( <code> )",
    );
    // a background document's topic is one document of its task: not a frame, however often the suite reuses it
    expect(templateOf("Linen Services Schedule", frame, q)).toBe("*");
    expect(templateOf("Call log - Marlow Plastics (ACCT-88695)", frame, new Set(["call"]))).toBe(
      "* log - * ( <code> )",
    );
  });

  test("every feature is a string for every document; author relations are relative to the task", () => {
    const docs = suite();
    const features = formFeatures(docs);
    const f = features.get(docs[0]!)!;
    expect(f).toMatchObject({
      format: "md",
      extension: "md",
      folder: "",
      "title template": "case summary - * ( <code> )",
      "code in title": "yes",
      "author is the user": "yes",
      "author's share": "sole",
      "author kind": "person",
    });
    for (const d of docs) for (const v of Object.values(features.get(d)!)) expect(typeof v).toBe("string");
  });
});
