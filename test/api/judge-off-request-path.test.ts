/**
 * Long work stays off the request path: while `drflow serve` judges a large report (in its worker thread), a
 * concurrent `GET /health` answers as fast as before. The server and the client timing it are processes of their
 * own (`test/support/health-probe.ts`), so a pause of the test runner's heap late in a full run is not measured as
 * the server's.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extractive } from "../../src/agents/extractive/index.ts";
import { runAgent } from "../../src/agents/run.ts";
import { loadEnv } from "../../src/env/load.ts";
import { renderReportMarkdown } from "../../src/judge/index.ts";
import { copyTaskFolder } from "../../src/store/copy-task.ts";
import { loadTask } from "../../src/store/task-store.ts";
import { startServe } from "../support/cli-process.ts";

const TASK = "demo/healthcare_01";
const PROBE = resolve(import.meta.dir, "../support/health-probe.ts");
const dir = mkdtempSync(join(tmpdir(), "drflow-judge-off-path-"));
const tasksRoot = join(dir, "tasks");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;

/** The extractive agent's report with its steps repeated five times: over 100 KB of Markdown. */
async function largeReport(): Promise<string> {
  const env = await loadEnv(await loadTask(tasksRoot, TASK), { split: "original" });
  const { report } = await runAgent(extractive(), env, null, { runId: "big" });
  await env.close();
  const steps = Array.from({ length: 5 }, (_, r) =>
    report.personalized_workflow.map((s) => ({ ...s, title: `${s.title} (${r})` })),
  )
    .flat()
    .map((s, i) => ({ ...s, item: i + 1 }));
  return renderReportMarkdown({ ...report, generic_workflow: steps, personalized_workflow: steps });
}

test("a slow judge request does not delay a concurrent GET /health by more than 100 ms", async () => {
  copyTaskFolder(resolve(import.meta.dir, "../../tasks"), TASK, tasksRoot);
  const markdown = await largeReport();
  expect(markdown.length).toBeGreaterThan(100_000);
  const markdownFile = join(dir, "report.md");
  writeFileSync(markdownFile, markdown);

  const server = await startServe(
    ["--port", "0", "--root", tasksRoot, "--store", join(dir, "runs.sqlite")],
    dir,
    {
      DRFLOW_STATE: join(dir, "state"),
    },
  );
  try {
    const probe = Bun.spawn(["bun", PROBE, server.origin, TASK, markdownFile], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(probe.stdout).text(),
      new Response(probe.stderr).text(),
      probe.exited,
    ]);
    if (code !== 0) throw new Error(`health probe exited ${code}: ${err}`);
    const { baseline, during, status } = JSON.parse(out) as {
      baseline: number[];
      during: number[];
      status: string;
    };
    console.log(
      `health during judge: n=${during.length} p50 ${percentile(during, 0.5).toFixed(1)} ms p90 ${percentile(during, 0.9).toFixed(1)} ms max ${Math.max(...during).toFixed(1)} ms; baseline p50 ${percentile(baseline, 0.5).toFixed(1)} ms p90 ${percentile(baseline, 0.9).toFixed(1)} ms`,
    );
    expect(status).toBe("done");
    // The judge took long enough for many health checks to overlap it (it blocked the server for seconds before).
    expect(during.length).toBeGreaterThan(20);
    // Delay relative to the unloaded baseline, robust to a shared machine: the typical and the 90th-percentile
    // answer are within 100 ms of the baseline's; none waits a second (a blocked loop waits the whole judge).
    expect(percentile(during, 0.5) - percentile(baseline, 0.5)).toBeLessThan(100);
    expect(percentile(during, 0.9) - percentile(baseline, 0.9)).toBeLessThan(100);
    expect(Math.max(...during)).toBeLessThan(1000);
  } finally {
    server.child.kill();
    await server.exited;
  }
}, 120_000);
