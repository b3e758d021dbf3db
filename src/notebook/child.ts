/** @module Run a notebook in a child process (`bun src/notebook/run.ts <name> k=v…`): fresh module state, so edits to the notebook and its library apply. */
import { resolve } from "node:path";
import { notebookOutput } from "./registry.ts";

const RUN_NOTEBOOK = resolve(import.meta.dir, "run.ts");

export type ChildRun = { output: string; ms: number; stderr: string };

export async function runNotebookChild(
  dir: string,
  tasksRoot: string,
  name: string,
  params: Record<string, string>,
  env: Record<string, string | undefined> = process.env,
): Promise<ChildRun> {
  const started = performance.now();
  const proc = Bun.spawn(
    ["bun", RUN_NOTEBOOK, name, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)],
    {
      cwd: resolve(dir, ".."),
      stdout: "pipe",
      stderr: "pipe",
      env: { ...env, DRFLOW_NOTEBOOKS: dir, DRFLOW_TASKS: resolve(tasksRoot) },
    },
  );
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0)
    throw new Error(
      `notebook ${name} failed (exit ${code}): ${stderr.trim().split("\n").slice(-5).join(" | ")}`,
    );
  return { output: notebookOutput(dir, name), ms: performance.now() - started, stderr };
}
