/** The paper reference data against the paper itself: spot values, and every table's numbers found in the PDF text. */
import { describe, expect, test } from "bun:test";
import { PAPER, paperCostMarks, paperRow, paperTable } from "./reference.ts";

const SEEDS = "/work/shared/seeds";
const PDF_TEXT = `${SEEDS}/000_d57794aab40688cb.txt`;
const CLEAN_TEXT = `${SEEDS}/001_5489737d4838f612.txt`;

describe("paper reference data", () => {
  test("published values", () => {
    expect(paperRow("C.2", { backbone: "Claude-Opus-4.7", agent: "DRFA" }).values.f1).toBe(69.14);
    expect(paperRow("D.1", { domain: "Healthcare", agent: "DRFA" }).values.f1).toBe(63.35);
    expect(paperRow("2", { backbone: "Average", agent: "DRFA" }).values).toMatchObject({
      f1: 57.93,
      condition_resolution: 38.21,
      personalized_comprehensiveness: 56.54,
    });
    expect(paperRow("2", { backbone: "Average", agent: "Basic" }).values.f1).toBe(9.84);
    expect(paperRow("3", { backbone: "Average", agent: "DRFA" }).values.f1).toBe(43.91);
    expect(paperRow("4", { backbone: "Average", variant: "w/o Both" }).values.f1).toBe(43.85);
    expect(paperRow("C.1", { iterations: "15" }).values.f1).toBe(61.86);
    expect(paperRow("E.1", { backbone: "GPT-5.2", agent: "DRBA" }).std?.precision).toBe(13.07);
    expect(paperRow("H.2", { agent: "DRBA" }).values).toEqual({
      insight_pct: 65,
      distractor_pct: 8.2,
      adjacent_pct: 26.8,
    });
    expect(paperCostMarks("f1").map((m) => [m.backbone, m.cost_usd, m.value])).toEqual([
      ["Kimi-K2.6", 0.044, 68.54],
      ["Claude-Opus-4.7", 0.395, 69.14],
    ]);
    expect(paperCostMarks("condition_resolution")[0]!.value).toBe(49.71);
  });

  test("row counts: every block of every table", () => {
    const counts = Object.fromEntries(PAPER.tables.map((t) => [t.id, t.rows.length]));
    expect(counts).toEqual({ "2": 15, "3": 10, "4": 20, "C.1": 3, "C.2": 12, "D.1": 15, "E.1": 8, "H.2": 2 });
  });

  test("each caption line of the clean text is where the data file says", async () => {
    const lines = (await Bun.file(CLEAN_TEXT).text()).split("\n");
    for (const t of PAPER.tables) expect(lines[t.seed_line - 1]).toStartWith(`Table ${t.id}:`);
    expect(lines[PAPER.cost_points.seed_line - 1]).toContain(
      "Kimi-k2.6 reaches $68.54$ at a cost of $0.044$",
    );
  });

  test("every table's numbers, as a multiset, are the numbers printed above its caption in the PDF text", async () => {
    // The PDF extraction lays tables out column by column, the clean text row by row: two independent readings.
    const pdf = (await Bun.file(PDF_TEXT).text()).split("\n");
    // Standalone number tokens only (a backbone name such as "GPT-5.2" is not a score); E.1 prints "mean±std".
    const numbers = (s: string) =>
      s
        .split(/\s+/)
        .filter((w) => /^\d+\.\d+(±\d+\.\d+)?$/.test(w))
        .flatMap((w) => w.split("±").map(Number));
    for (const t of PAPER.tables) {
      const caption = pdf.findIndex((l) => l.startsWith(`Table ${t.id}:`));
      expect(caption).toBeGreaterThan(0);
      const expected = t.rows.flatMap((r) => [...Object.values(r.values), ...Object.values(r.std ?? {})]);
      // The numbers of the lines right above the caption, as many as the table holds.
      const found: number[] = [];
      for (let i = caption - 1; i >= 0 && found.length < expected.length; i--)
        found.unshift(...numbers(pdf[i]!));
      const tail = found.slice(found.length - expected.length);
      const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);
      expect({ table: t.id, values: sort(tail) }).toEqual({ table: t.id, values: sort(expected) });
    }
  });

  test("Table C.2's average DRBA F1 is the table's 63.16 (the text's 62.97 disagrees; the table is kept)", () => {
    expect(
      paperTable("C.2").rows.find((r) => r.group.backbone === "Average" && r.group.agent === "DRBA")!.values
        .f1,
    ).toBe(63.16);
  });
});
