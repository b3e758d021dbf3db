import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listNotebooks, notebookFile, runNotebook } from "./registry.ts";

const dir = await mkdtemp(join(tmpdir(), "drflow-nb-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

await Bun.write(
  join(dir, "sample.ts"),
  `export const title = "Sample <notebook>";
export default async function (nb) {
  nb.md("## Section\\n\\nSome **bold** text.");
  nb.table([{ agent: "extractive", f1: 0.41234 }, { agent: "drfa", f1: null }, { agent: "basic", f1: 0.0012345 }], { caption: "F1 by agent" });
  nb.plot({ marks: [nb.Plot.dot([{ x: 0.2, y: 0.4 }], { x: "x", y: "y" })] }, "one dot");
  nb.mermaid('graph TD\\n  A["one"] --> B["two"]', "a flowchart");
  nb.json({ a: 1, when: nb.settings.params.when ?? "none" });
}
`,
);

describe("notebook runtime", () => {
  test("runs a notebook to a self-contained page with a table, an SVG, a mermaid block and JSON", async () => {
    const result = await runNotebook("sample", {
      dir,
      settings: { now: () => new Date("2026-01-02T03:04:05Z"), params: { when: "today" } },
    });
    expect(result.output).toBe(join(dir, "out", "sample.html"));
    expect(result.cells).toBe(5);
    const html = await Bun.file(result.output).text();
    expect(html).toContain("<title>Sample &lt;notebook&gt;</title>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<caption>F1 by agent</caption>");
    expect(html).toContain('<td class="num">0.41</td>');
    expect(html).toContain("<td>—</td>");
    expect(html).toContain('<td class="num">0.0012</td>');
    expect(html).toMatch(/<svg[^>]*class="plot-[^"]*"/);
    expect(html).toContain("<circle");
    expect(html).toContain(
      '<pre class="mermaid">graph TD\n  A[&quot;one&quot;] --&gt; B[&quot;two&quot;]</pre>',
    );
    expect(html).toContain("&quot;when&quot;: &quot;today&quot;");
    expect(html).toContain("generated 2026-01-02T03:04:05.000Z");
    // offline: mermaid inlined, no external scripts or stylesheets
    expect(html).toContain("mermaid.initialize");
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+href=/);
    expect(html.length).toBeGreaterThan(1_000_000);
  });

  test("lists notebooks and marks the rendered ones", async () => {
    const list = await listNotebooks(dir);
    expect(list.map((n) => n.name)).toEqual(["sample"]);
    expect(list[0]!.rendered).toBe(true);
  });

  test("names that could escape the folder are refused; unknown names list the known ones", async () => {
    for (const bad of ["../x", "a/b", "..", "x.y", ""])
      expect(() => notebookFile(dir, bad)).toThrow(/expected a name/);
    await expect(runNotebook("missing", { dir })).rejects.toThrow(/known notebooks: sample/);
  });
});

test("a bad notebook parameter is one line naming it and the values it takes, never a zod dump", async () => {
  const run = runNotebook("compare", { settings: { params: { split: "bogus" } }, outDir: join(dir, "out") });
  await expect(run).rejects.toThrow(
    'notebook compare params: $.split: expected one of "original", "mixed", got "bogus"',
  );
  const message = await run.then(
    () => "",
    (error: Error) => error.message,
  );
  expect(message.split("\n")).toHaveLength(1);
});
