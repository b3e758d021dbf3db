import { expect, test } from "bun:test";
import { porterStem } from "./porter.ts";

test("Porter stems match the reference vocabulary", () => {
  const cases: Record<string, string> = {
    caresses: "caress",
    ponies: "poni",
    cats: "cat",
    feed: "feed",
    agreed: "agre",
    plastered: "plaster",
    motoring: "motor",
    sing: "sing",
    conflated: "conflat",
    troubled: "troubl",
    sized: "size",
    hopping: "hop",
    falling: "fall",
    filing: "file",
    happy: "happi",
    relational: "relat",
    conditional: "condit",
    valenci: "valenc",
    digitizer: "digit",
    vietnamization: "vietnam",
    predication: "predic",
    operator: "oper",
    hopefulness: "hope",
    triplicate: "triplic",
    formalize: "formal",
    electrical: "electr",
    revival: "reviv",
    allowance: "allow",
    adjustment: "adjust",
    adoption: "adopt",
    controll: "control",
    generalizations: "gener",
    submitted: "submit",
    submission: "submiss",
    approval: "approv",
    approve: "approv",
    approved: "approv",
    scheduling: "schedul",
    schedule: "schedul",
  };
  for (const [word, stem] of Object.entries(cases))
    expect(`${word}→${porterStem(word)}`).toBe(`${word}→${stem}`);
});
