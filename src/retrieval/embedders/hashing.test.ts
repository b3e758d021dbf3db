import { expect, test } from "bun:test";
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
