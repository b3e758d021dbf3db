/**
 * The notebooks with a model configured: DRFA, DRBA and their ablations run against the scripted OpenAI-compatible
 * server over real HTTP (the agent tests' realistic replies), and the pages show those runs — the online path of
 * every notebook, without a key or the internet.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSuite } from "../src/generate/index.ts";
import { runNotebook } from "../src/notebook/registry.ts";
import { agentReplies } from "../test/agents/support/scripted-agent.ts";
import { type ScriptedServer, startScriptedServer } from "../test/support/scripted-server.ts";
import { openStore } from "./lib/data.ts";

let dir: string;
let server: ScriptedServer;
const saved = { cache: process.env.DRFLOW_CACHE_PATH, embedder: process.env.DRFLOW_EMBEDDER_MODEL };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "drflow-nb-model-"));
  process.env.DRFLOW_CACHE_PATH = join(dir, "cache.sqlite");
  await generateSuite({
    root: join(dir, "tasks"),
    suite: "mini",
    seed: 7,
    perDomain: 1,
    domains: ["healthcare", "legal"],
  });
  server = await startScriptedServer({ reply: agentReplies() });
  // The embedder role on the same local server: LLM agents' environment indexes embed with it (no OpenAI key here).
  process.env.DRFLOW_EMBEDDER_MODEL = `compat:${server.url}#test-embedder`;
});
afterAll(async () => {
  await server?.close();
  if (saved.cache === undefined) delete process.env.DRFLOW_CACHE_PATH;
  else process.env.DRFLOW_CACHE_PATH = saved.cache;
  if (saved.embedder === undefined) delete process.env.DRFLOW_EMBEDDER_MODEL;
  else process.env.DRFLOW_EMBEDDER_MODEL = saved.embedder;
  await rm(dir, { recursive: true, force: true });
});

const settings = () => ({
  tasksRoot: join(dir, "tasks"),
  stateDir: join(dir, "state"),
  model: `compat:${server.url}#test-model`,
  params: { suite: "mini" },
});

describe("bun run nb ablations (offline)", () => {
  test("writes ablations.html under the state folder (DRFLOW_STATE/notebooks, .drflow/notebooks by default) with an SVG chart, tables, and the plain no-model note", async () => {
    const proc = Bun.spawn(["bun", "run", "nb", "ablations"], {
      cwd: join(import.meta.dir, ".."),
      env: { ...process.env, DRFLOW_STATE: join(dir, "offline-state"), DRFLOW_MODEL: "" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()]);
    expect(code).toBe(0);
    const output = join(dir, "offline-state", "notebooks", "ablations.html");
    expect(out).toContain(output);
    const html = await Bun.file(output).text();
    expect(html).toMatch(/<svg[^>]*class="plot-/);
    expect(html).toContain(
      "<table><caption>Ablation results (original split). [scored/not applicable/unscored]",
    );
    // Every mean shows the reports behind it: the demo's ten extractive reports, all scored.
    expect(html).toContain("[10/0/0]");
    expect(html).toContain("<td>extractive</td>");
    expect(html).toContain("No model configured");
    expect(html).toContain("<td>not run</td>");
    // The paper's ablations as labelled reference marks beside the offline baseline.
    expect(html).toContain("Paper reference (not your runs): Table 4");
    expect(html).toContain("DRFlow paper, Table 4 (§7 Ablation Study on DRFA Design)");
    expect(html).toContain("<td>Average</td><td>w/o Both</td><td>81.47</td>"); // Table 4, last row
    expect(html).toContain("paper: GPT-5.2 (Table C.1)");
  }, 300_000);

  test("pareto and domains draw the paper's reference marks with their source beside the extractive baseline", async () => {
    const offline = {
      tasksRoot: join(import.meta.dir, "..", "tasks"),
      stateDir: join(dir, "offline-state"),
      model: null,
      params: {},
    };
    const pareto = await Bun.file(
      (await runNotebook("pareto", { settings: offline, outDir: join(dir, "out-offline") })).output,
    ).text();
    expect(pareto).toContain("paper: Claude-Opus-4.7 DRFA (Fig. G.1)");
    expect(pareto).toContain("<td>DRFlow paper, Figure G.1 (Appendix G.3); score from Table C.2</td>");
    expect(pareto).toContain("<td>69.14</td>");
    expect(pareto).toContain("<td>0.395</td>");
    expect(pareto).toContain("<td>extractive</td>");
    const domains = await Bun.file(
      (await runNotebook("domains", { settings: offline, outDir: join(dir, "out-offline") })).output,
    ).text();
    expect(domains).toContain("paper DRFA (Table D.1)");
    expect(domains).toMatch(
      /<td>healthcare<\/td><td>63\.35<\/td><td>53\.09<\/td><td>10\.26<\/td><td[^>]*>\d+\.\d\d<\/td><td>DRFlow paper, Table D\.1 \(Appendix D\)<\/td>/,
    );
  }, 300_000);
});

describe("notebooks with a model", () => {
  test("ablations fills the DRFA grid (full, w/o GF, w/o CAP, w/o both; 5/10/15 iterations) from real HTTP runs", async () => {
    const result = await runNotebook("ablations", { settings: settings(), outDir: join(dir, "out") });
    const html = await Bun.file(result.output).text();
    expect(html).not.toContain("No model configured");
    const grid = html.slice(html.indexOf("DRFA ablation grid"));
    const rows = [...grid.matchAll(/<tr><td>([^<]+)<\/td><td[^>]*>([^<]+)<\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows.map((r) => r[0])).toEqual([
      "drfa",
      "drfa w/o GF",
      "drfa w/o CAP",
      "drfa w/o GF &amp; CAP",
      "drfa, 5 iterations",
      "drfa, 15 iterations",
    ]);
    for (const [, value] of rows) expect(value).toMatch(/^\d+\.\d\d$/);
    expect(server.requests.length).toBeGreaterThan(12);
    const store = await openStore({ ...settings(), now: () => new Date() });
    try {
      const drfa = store.listRuns({ agent: "drfa:gf=false,cap=true,iterations=10", status: "done" });
      expect(drfa.length).toBe(2);
      expect(store.calls(drfa[0]!.id).length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 300_000);

  test("pareto places DRBA and DRFA next to the extractive baseline", async () => {
    const result = await runNotebook("pareto", { settings: settings(), outDir: join(dir, "out") });
    const html = await Bun.file(result.output).text();
    for (const agent of ["extractive", "drba", "drfa"]) expect(html).toContain(`<td>${agent}</td>`);
    expect(html).toContain(`<td>compat:${server.url}#test-model</td>`);
    // The test server has no price: its runs' cost reads unpriced, never $0, and they stay off the plot.
    expect(html).toMatch(/<td>unpriced \(\d+ calls\)<\/td>/);
    expect(html).toContain("<strong>Unpriced</strong>");
  }, 300_000);
});
