/**
 * @module A client of its own for timing `GET /health` while the server judges a large report, so the figures are
 * the server's and not the test runner's (whose heap, after hundreds of test files, pauses its own clock).
 *
 * `bun test/support/health-probe.ts <origin> <task> <markdown file>` prints one JSON line:
 * `{ baseline: ms[], during: ms[], status }` — 30 answers before the judge starts, then one every 20 ms while its job
 * is queued or running, and the job's final status.
 */
import { readFileSync } from "node:fs";

const [origin, task, markdownFile] = process.argv.slice(2);
if (!origin || !task || !markdownFile) {
  console.error("usage: bun test/support/health-probe.ts <origin> <task> <markdown file>");
  process.exit(2);
}

async function health(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${origin}/health`);
  if (res.status !== 200) throw new Error(`GET /health answered ${res.status}`);
  await res.json();
  return performance.now() - t;
}

type Job = { url: string; status: string; finished_at: string | null };
const getJob = async (url: string) => (await (await fetch(`${origin}${url}`)).json()) as Job;

const baseline: number[] = [];
for (let i = 0; i < 30; i++) baseline.push(await health());
const started = await fetch(`${origin}/judge`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ task, markdown: readFileSync(markdownFile, "utf8") }),
});
if (started.status !== 202)
  throw new Error(`POST /judge answered ${started.status}: ${await started.text()}`);
const { url } = (await started.json()) as { url: string };
const during: number[] = [];
let job = await getJob(url);
while (job.status === "queued" || job.status === "running") {
  during.push(await health());
  job = await getJob(url);
  await Bun.sleep(20);
}
console.log(JSON.stringify({ baseline, during, status: job.status }));
