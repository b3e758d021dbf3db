import { expect, test } from "bun:test";
import { suffixStem, words } from "../tokenize.ts";
import { l2normalize } from "./embedder.ts";
import { hashingEmbedder } from "./hashing.ts";

const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

test("deterministic, unit length, fixed dimension", async () => {
  const e = hashingEmbedder({ dim: 256 });
  const [a] = await e.embed(["Submit the prior authorization form"]);
  const [b] = await hashingEmbedder({ dim: 256 }).embed(["Submit the prior authorization form"]);
  expect(a).toEqual(b!);
  expect(a).toHaveLength(256);
  expect(Math.abs(cos(a!, a!) - 1)).toBeLessThan(1e-9);
  expect(e.name).toBe("hashing-256");
});

test("related wording is closer than unrelated wording", async () => {
  const [q, near, far] = await hashingEmbedder().embed([
    "prior authorization request",
    "Requests for prior authorizations go to the insurer",
    "The cafeteria serves lunch at noon",
  ]);
  expect(cos(q!, near!)).toBeGreaterThan(cos(q!, far!) + 0.1);
});

test("empty text embeds to the zero vector", async () => {
  const [z] = await hashingEmbedder({ dim: 8 }).embed(["the of and"]);
  expect(z).toEqual(new Array(8).fill(0));
});

test("with character n-grams on, inflections the stemmer misses still meet", async () => {
  // suffixStem leaves "arrange" and "arranging" → "arrang" apart; their shared n-grams (each seen once) must count.
  const [q, near, far] = await hashingEmbedder({ charNgrams: [3, 4] }).embed([
    "arranging",
    "Arrange an interpreter for the visit",
    "Archive the intake records",
  ]);
  expect(cos(q!, near!)).toBeGreaterThan(0.05);
  expect(cos(q!, near!)).toBeGreaterThan(cos(q!, far!) + 0.05);
  // Off by default: the words alone do not meet.
  const [q0, near0] = await hashingEmbedder().embed(["arranging", "Arrange an interpreter for the visit"]);
  expect(cos(q0!, near0!)).toBe(0);
});

test("term frequency is sublinear: repeating a word does not drown the others", async () => {
  const [q, once, often] = await hashingEmbedder().embed([
    "interpreter consent",
    "interpreter consent",
    "interpreter interpreter interpreter interpreter interpreter interpreter consent",
  ]);
  expect(cos(q!, often!)).toBeGreaterThan(0.6);
  expect(cos(q!, often!)).toBeLessThan(cos(q!, once!));
});

/** The embedder's definition, computed densely and without memos: a Float64Array accumulator, then l2normalize. */
function reference(text: string, dim: number): number[] {
  const fnv = (s: string, seed: number) => {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  };
  const stems = words(text).map(suffixStem);
  const tf = new Map<string, { count: number; weight: number }>();
  const add = (f: string, w: number) => {
    const seen = tf.get(f) ?? { count: 0, weight: 0 };
    tf.set(f, { count: seen.count + 1, weight: seen.weight + w });
  };
  stems.forEach((s, i) => {
    add(`u:${s}`, 1);
    if (i > 0) add(`b:${stems[i - 1]} ${s}`, 0.5);
  });
  const v = new Float64Array(dim);
  for (const [f, { count, weight }] of tf)
    v[fnv(f, 0) % dim]! += (fnv(f, 0x9e3779b9) & 1 ? 1 : -1) * (weight / count) * (1 + Math.log(count));
  return l2normalize(v);
}

test("vectors are exactly the dense definition's, typed or not, however often a text is embedded", async () => {
  const texts = [
    "Submit the prior authorization form to the insurer before the procedure",
    "prior authorization request",
    "The patient's interpreter (Spanish) must be booked; interpreters confirm by email.",
    "the of and",
    // At 3 dimensions "u:visit" and "u:insurer" cancel in one bucket, which "u:manager" then touches again.
    "visit insurer manager",
  ];
  for (const dim of [3, 7, 4096]) {
    const e = hashingEmbedder({ dim });
    const expected = texts.map((t) => reference(t, dim));
    for (let round = 0; round < 2; round++) {
      const plain = await e.embed(texts);
      const typed = await e.embedFloat64!(texts);
      for (let i = 0; i < texts.length; i++) {
        expect(plain[i]!).toEqual(expected[i]!);
        expect(Array.from(typed[i]!)).toEqual(expected[i]!);
      }
    }
  }
});
