/**
 * @module `bun run bench`: every benchmark in scripts/bench/ (each `*.ts` file but this one; helpers live in
 * support/), one after another in its own process with quick settings, and a JSON summary of their headlines and
 * figures (`headline` in support/bench.ts), wall and CPU time, the machine and the git commit.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, tmpdir, totalmem, type } from "node:os";
import { basename, join } from "node:path";
import { benchArgs, FIGURES_FILE_VARIABLE, type Figures } from "./support/bench.ts";

const USAGE = `
bun run bench [-- options]        (scripts/bench/all.ts)
  Run every scripts/bench/*.ts with quick settings (a few minutes in all on a quiet machine), print each headline
  (\`bench <name>: …\`), and write a JSON summary: each bench's figures, exit code, wall and CPU time, the machine
  (CPUs, memory, load before and after) and the git commit.

  --full              each bench with its own defaults instead of the quick settings (much longer)
  --only <name,…>     only these benches (e.g. eval,env)
  --skip <name,…>     leave these out
  --out <file>        summary path (default .drflow/bench/bench-<time>.json)
  -h, --help          this text
`;

/** Quick settings per bench; a bench not listed (a new one) runs with its own defaults. */
const QUICK: Record<string, string[]> = {
  api: ["--loads", "20"],
  env: ["--queries", "200"],
  eval: ["--agent", "drfa", "--tasks", "4", "--concurrency", "1,4"],
  generate: ["--tasks", "20"],
  judge: [],
  queue: ["--workers", "1,2", "--splits", "original"],
  retrieval: [],
  robustness: ["--splits", "original"],
  studio: ["--iterations", "5", "--scale", "10"],
  suites: ["--suites", "tasks/demo"],
};

const values = benchArgs("all", USAGE, {
  full: { type: "boolean", default: false },
  only: { type: "string" },
  skip: { type: "string" },
  out: { type: "string" },
});
const list = (text: string | undefined) => new Set((text ?? "").split(",").filter(Boolean));
const only = list(values.only);
const skip = list(values.skip);
const here = import.meta.dir;
const benches = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== basename(import.meta.path))
  .map((f) => f.replace(/\.ts$/, ""))
  .filter((name) => (only.size === 0 || only.has(name)) && !skip.has(name))
  .sort();
for (const name of only)
  if (!benches.includes(name)) {
    console.error(`bench all: --only names "${name}", which is not a bench in scripts/bench/`);
    process.exit(2);
  }

const git = (args: string[]) => {
  const out = Bun.spawnSync(["git", ...args], { cwd: here });
  return out.exitCode === 0 ? out.stdout.toString().trim() : null;
};
const started = new Date();
const machine = {
  os: `${type()} ${release()}`,
  cpu: cpus()[0]?.model ?? "unknown",
  cpus: cpus().length,
  memory_gb: Number((totalmem() / 2 ** 30).toFixed(1)),
  bun: Bun.version,
  load_before: loadavg().map((x) => Number(x.toFixed(2))),
  load_after: [] as number[],
};

type Result = {
  bench: string;
  args: string[];
  exit_code: number;
  wall_s: number;
  cpu_user_s: number | null;
  cpu_system_s: number | null;
  headlines: string[];
  figures: Figures;
};
const results: Result[] = [];
const figuresFile = join(tmpdir(), `drflow-bench-figures-${process.pid}.jsonl`);
try {
  for (const name of benches) {
    const args = values.full ? [] : (QUICK[name] ?? []);
    console.log(`\n=== ${name} ${args.join(" ")}`);
    rmSync(figuresFile, { force: true });
    const t0 = performance.now();
    const child = Bun.spawn(["bun", join(here, `${name}.ts`), ...args], {
      stdout: "pipe",
      stderr: "inherit",
      env: { ...process.env, [FIGURES_FILE_VARIABLE]: figuresFile },
    });
    let text = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      const part = decoder.decode(chunk, { stream: true });
      text += part;
      process.stdout.write(part);
    }
    const exit = await child.exited;
    const usage = child.resourceUsage();
    let figures: Figures = {};
    try {
      for (const line of readFileSync(figuresFile, "utf8").split("\n").filter(Boolean))
        figures = { ...figures, ...(JSON.parse(line) as { figures: Figures }).figures };
    } catch {
      // the bench printed no figures (it failed, or predates support/bench.ts)
    }
    results.push({
      bench: name,
      args,
      exit_code: exit,
      wall_s: Number(((performance.now() - t0) / 1000).toFixed(2)),
      cpu_user_s: usage ? Number((Number(usage.cpuTime.user) / 1e6).toFixed(2)) : null,
      cpu_system_s: usage ? Number((Number(usage.cpuTime.system) / 1e6).toFixed(2)) : null,
      headlines: text.split("\n").filter((l) => l.startsWith(`bench ${name}:`)),
      figures,
    });
  }
} finally {
  rmSync(figuresFile, { force: true });
}
machine.load_after = loadavg().map((x) => Number(x.toFixed(2)));

const summary = {
  started_at: started.toISOString(),
  finished_at: new Date().toISOString(),
  settings: values.full ? "full" : "quick",
  git: {
    commit: git(["rev-parse", "HEAD"]),
    branch: git(["rev-parse", "--abbrev-ref", "HEAD"]),
    dirty: Boolean(git(["status", "--porcelain"])),
  },
  machine,
  benches: results,
};
const out =
  values.out ?? join(".drflow", "bench", `bench-${started.toISOString().replace(/[:.]/g, "-")}.json`);
mkdirSync(join(out, ".."), { recursive: true });
writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);

console.log("\n=== summary");
for (const r of results) {
  const head = r.headlines.at(-1) ?? `bench ${r.bench}: (no headline)`;
  console.log(
    `${head}${r.exit_code === 0 ? "" : `  [exit ${r.exit_code}]`}  [${r.wall_s} s wall, ${((r.cpu_user_s ?? 0) + (r.cpu_system_s ?? 0)).toFixed(1)} s CPU]`,
  );
}
console.log(
  `\nsummary written to ${out} (load ${machine.load_before.join(" ")} → ${machine.load_after.join(" ")})`,
);
process.exitCode = results.some((r) => r.exit_code !== 0) ? 1 : 0;
