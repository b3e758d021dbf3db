/** @module The tasks the judge validation runs on: the hand-written fixture, plus every task of the demo suite when it has been generated. */
import { existsSync } from "node:fs";
import { DEFAULT_TASK_ROOT, type LoadedTask, listTasks, loadTask } from "../../src/store/task-store.ts";
import { loadFixtureTask } from "./fixture.ts";

export async function validationTasks(options: { demoLimit?: number } = {}): Promise<LoadedTask[]> {
  const out = [await loadFixtureTask()];
  if (existsSync(`${DEFAULT_TASK_ROOT}/demo`)) {
    const refs = await listTasks(DEFAULT_TASK_ROOT, "demo");
    for (const ref of refs.slice(0, options.demoLimit ?? refs.length))
      out.push(await loadTask(DEFAULT_TASK_ROOT, ref.ref));
  }
  return out;
}
