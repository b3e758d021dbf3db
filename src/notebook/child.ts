/**
 * @module Run a notebook in a child process (this file: `bun src/notebook/child.ts <name> k=v…`): fresh module state,
 * so edits to the notebook and its library apply.
 */
import { join, resolve } from "node:path";
import { notebookOutput, runNotebook } from "./registry.ts";

const RUN_NOTEBOOK = import.meta.path;

export type ChildRun = { output: string; ms: number; stderr: string };

export async function runNotebookChild(
  dir: string,
  tasksRoot: string,
  name: string,
  params: Record<string, string>,
  env: Record<string, string | undefined> = process.env,
  outDir = join(dir, "out"),
): Promise<ChildRun> {
  const started = performance.now();
  const proc = Bun.spawn(
    ["bun", RUN_NOTEBOOK, name, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)],
    {
      cwd: resolve(dir, ".."),
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...env,
        DRFLOW_NOTEBOOKS: dir,
        DRFLOW_NOTEBOOKS_OUT: resolve(outDir),
        DRFLOW_TASKS: resolve(tasksRoot),
      },
    },
  );
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0)
    throw new Error(
      `notebook ${name} failed (exit ${code}): ${stderr.trim().split("\n").slice(-5).join(" | ")}`,
    );
  return { output: notebookOutput(dir, name, outDir), ms: performance.now() - started, stderr };
}

/** The child: run `<name>` from `DRFLOW_NOTEBOOKS` with `k=v` parameters (`model=<handle>` also sets the model). */
async function childMain(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) throw new Error("expected a notebook name");
  const params = Object.fromEntries(
    rest.map((p) => {
      const eq = p.indexOf("=");
      if (eq <= 0) throw new Error(`parameter "${p}": expected key=value`);
      return [p.slice(0, eq), p.slice(eq + 1)];
    }),
  );
  const dir = process.env.DRFLOW_NOTEBOOKS || undefined;
  const outDir = process.env.DRFLOW_NOTEBOOKS_OUT || undefined;
  await runNotebook(name, {
    ...(dir ? { dir } : {}),
    ...(outDir ? { outDir } : {}),
    settings: { params, ...(params.model ? { model: params.model } : {}) },
  });
  return 0;
}

if (import.meta.main) {
  try {
    process.exit(await childMain(process.argv.slice(2)));
  } catch (error) {
    console.error(`nb ${process.argv[2] ?? ""}: ${(error as Error).message}`);
    if (process.env.DRFLOW_DEBUG) console.error((error as Error).stack);
    process.exit(1);
  }
}
