/**
 * The report parser under 10,000 seeded mutations of real reports (Markdown and JSON forms of the fixture's gold):
 * it never throws, never reports an internal error, and every output passes its own schema.
 */
import { expect, test } from "bun:test";
import { MAX_ITEM, ParsedReport, parseReportMarkdown } from "../../src/judge/report/parse.ts";
import { renderReportMarkdown } from "../../src/judge/report/render.ts";
import { goldReport } from "./construct.ts";
import { loadFixtureTask } from "./fixture.ts";

/** mulberry32: a small seeded stream, so a failing case can be replayed from its index. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "[",
  "]",
  "{",
  "}",
  '"',
  "\\",
  ",",
  ":",
  "\n",
  "```",
  "```json\n",
  "## ",
  "# ",
  "|",
  "[DOC:",
  "**Task:** ",
  "9007199254740993",
  "1e400",
  "-3",
  "NaN",
  "null",
  '"item": 0',
  '"item": 99999999999',
  '"item": "7"',
  "\u0000",
  "\u{1F600}",
  "…",
];

function mutate(text: string, next: () => number): string {
  const at = () => Math.floor(next() * (text.length + 1));
  const kind = Math.floor(next() * 9);
  switch (kind) {
    case 0: {
      const a = at();
      return text.slice(0, a) + text.slice(a + Math.floor(next() * 200));
    }
    case 1: {
      const a = at();
      const piece = PIECES[Math.floor(next() * PIECES.length)]!;
      return text.slice(0, a) + piece.repeat(1 + Math.floor(next() * 3)) + text.slice(a);
    }
    case 2: {
      const a = at();
      const b = Math.min(text.length, a + Math.floor(next() * 400));
      return text.slice(0, b) + text.slice(a, b) + text.slice(b);
    }
    case 3:
      return text.slice(0, at());
    case 4: {
      // Deep nesting, sometimes far beyond any stack.
      const depth = next() < 0.5 ? 1 + Math.floor(next() * 100) : 20_000 + Math.floor(next() * 80_000);
      const a = at();
      return `${text.slice(0, a)}${"[".repeat(depth)}${"]".repeat(Math.floor(next() * depth))}${text.slice(a)}`;
    }
    case 5:
      return text.replace(/\d+/g, (d) =>
        next() < 0.3
          ? ["9007199254740993", "1e308", "0", "-1", "4.5", String(MAX_ITEM + 1)][d.length % 6]!
          : d,
      );
    case 6: {
      const lines = text.split("\n");
      for (let k = 0; k < 5; k++) {
        const i = Math.floor(next() * lines.length);
        const j = Math.floor(next() * lines.length);
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      }
      return lines.join("\n");
    }
    case 7:
      return text.replace(/"item": \d+/g, () => `"item": ${Math.floor(next() * 3)}`);
    default: {
      const a = at();
      let noise = "";
      for (let k = 0; k < 40; k++) noise += String.fromCharCode(Math.floor(next() * 0x3000));
      return text.slice(0, a) + noise + text.slice(a);
    }
  }
}

test("10,000 mutated reports: no throw, no internal error, every output passes the parser's schema", async () => {
  const loaded = await loadFixtureTask();
  const gold = goldReport(loaded);
  const bases = [renderReportMarkdown(gold), JSON.stringify(gold, null, 2)];
  const next = rng(20260215);
  let failures = 0;
  const firstFailures: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    let text = bases[i % 2]!;
    const rounds = 1 + Math.floor(next() * 4);
    for (let r = 0; r < rounds; r++) text = mutate(text, next);
    let ok = false;
    try {
      const out = parseReportMarkdown(text, { taskId: "fixture_01" });
      ok =
        ParsedReport.safeParse(out).success &&
        !out.problems.some((p) => p.message.startsWith("internal parser error"));
    } catch (error) {
      ok = false;
      if (firstFailures.length < 3) firstFailures.push(`#${i}: ${String(error).slice(0, 120)}`);
    }
    if (!ok) {
      failures++;
      if (firstFailures.length < 3)
        firstFailures.push(`#${i}: output failed its schema or hit an internal error`);
    }
  }
  expect(firstFailures).toEqual([]);
  expect(failures).toBe(0);
}, 120_000);

test("deep nesting and huge step numbers become problems, not exceptions", () => {
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const md = (block: string) => `**Task:** t\n\n## Personalized Workflow\n\n\`\`\`json\n${block}\n\`\`\`\n`;
  const nested = parseReportMarkdown(md(deep));
  expect(nested.problems.some((p) => /nested 100000 levels deep/.test(p.message))).toBe(true);
  const inField = parseReportMarkdown(md(`[{"item": 1, "title": ${deep}}]`));
  expect(inField.report.personalized_workflow).toEqual([]);
  const huge = parseReportMarkdown(
    md('[{"item": 9007199254740993, "title": "A"}, {"item": 1e300, "title": "B"}]'),
  );
  expect(huge.report.personalized_workflow.map((s) => s.item)).toEqual([1, 2]);
  expect(huge.problems.filter((p) => /positive integer item/.test(p.message))).toHaveLength(2);
  const json = parseReportMarkdown(
    '{"task_id": "t", "personalized_workflow": [{"item": 9007199254740993, "title": "A"}]}',
  );
  expect(json.report.personalized_workflow.map((s) => s.item)).toEqual([1]);
  const repeated = parseReportMarkdown(md('[{"item": 1, "title": "A"}, {"item": 1, "title": "B"}]'));
  expect(repeated.report.personalized_workflow.map((s) => s.item)).toEqual([1, 2]);
  expect(repeated.problems.some((p) => /renumbered/.test(p.message))).toBe(true);
});
