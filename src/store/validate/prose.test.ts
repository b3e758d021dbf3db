import { expect, test } from "bun:test";
import { proseFindings } from "./prose.ts";

const kinds = (text: string) => proseFindings(text).map((f) => f.kind);

test("the faults a careful reader flagged in generated text are found", () => {
  expect(kinds("The manufacturer warranty on the a walnut bookshelf is two years.")).toEqual([
    "doubled article",
  ]);
  expect(kinds("Ask Kestrel Logistics's their procurement lead for the form.")).toEqual([
    "possessive before a determiner",
  ]);
  expect(kinds("Submiting the request starts the review.")).toEqual(["verb form"]);
  expect(kinds("Submitin the request.")).toEqual(["verb form"]);
  expect(kinds("Caping transport outside the room.")).toEqual(["verb form"]);
  expect(kinds("The order was refered to the seller.")).toEqual(["verb form"]);
  expect(kinds("Staff are visitting the site.")).toEqual(["verb form"]);
  expect(kinds("Put in an order for for chest imaging.")).toEqual(["doubled word"]);
  expect(kinds("The agent ringed ahead and bringed the form.")).toEqual([
    "regular past of an irregular verb",
    "regular past of an irregular verb",
  ]);
  expect(kinds("She filed an report and a invoice.")).toEqual(["a before a vowel", "an before a consonant"]);
});

test("correct English passes: contractions, grades, acronyms, e-verbs, headings over paragraphs", () => {
  const clean = [
    "It's a problem, and that's the one we fix first.",
    "With an A- instead of an F, the appeal stands.",
    "Submitting, admitted, visiting, edited, limited, opening, taped, sited and capping are all spelt right.",
    "Begin the login, then log in again.",
    "File an MRN request, an hour early, with a one-off fee and a user id.",
    "Exceptions\nExceptions must be risk-assessed.",
    "She had had enough; he said that that was fine.",
    "The agent rang ahead, brought the form, needed help and seeded the list; the fee was waived.",
  ];
  for (const text of clean) expect(kinds(text)).toEqual([]);
});
