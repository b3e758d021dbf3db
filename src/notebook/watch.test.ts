/**
 * `nb ablations --watch` on a copy of the notebooks: an edit to the notebook re-renders its page within 2 s without
 * evaluating any cell again (its data did not change), and an edit to a library file re-renders it too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { RunStore } from "../store/run-store.ts";
import { cellCounts, type WatchRun, watchNotebook } from "./watch.ts";

const REPO = resolve(import.meta.dir, "../..");
let dir: string;
let nbDir: string;
let state: string;

/** Copy notebooks/*.ts and notebooks/lib/*.ts, pointing their `../src` imports at the repository's src. */
async function copyNotebooks(to: string): Promise<void> {
  for (const sub of ["", "lib"]) {
    await mkdir(join(to, sub), { recursive: true });
    for (const f of await readdir(join(REPO, "notebooks", sub))) {
      if (!f.endsWith(".ts") || f.endsWith(".test.ts")) continue;
      const text = await readFile(join(REPO, "notebooks", sub, f), "utf8");
      await writeFile(join(to, sub, f), text.replace(/from "(\.\.\/)+src\//g, `from "${REPO}/src/`));
    }
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "drflow-watch-"));
  nbDir = join(dir, "notebooks");
  state = join(dir, "state");
  await copyNotebooks(nbDir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function agentRuns(): number {
  const store = new RunStore(join(state, "runs.sqlite"));
  try {
    return store.listRuns({ kind: "agent" }).length;
  } finally {
    store.close();
  }
}

describe("nb --watch", () => {
  test("an edit re-renders the page within 2 s, reusing every evaluated cell", async () => {
    const runs: WatchRun[] = [];
    const errors: string[] = [];
    let wake: (() => void) | null = null;
    const watcher = watchNotebook("ablations", {
      dir: nbDir,
      settings: { tasksRoot: join(REPO, "tasks"), stateDir: state, model: null, params: {} },
      watchDirs: [],
      onRun: (r) => {
        runs.push(r);
        wake?.();
      },
      onError: (e) => {
        errors.push(e.message);
        wake?.();
      },
    });
    const next = () => new Promise<void>((r) => (wake = r));
    try {
      await watcher.first;
      expect(errors).toEqual([]);
      expect(cellCounts(runs[0]!.stderr)).toEqual({ evaluated: 10, skipped: 0 });
      const before = agentRuns();
      const output = join(nbDir, "out", "ablations.html");
      const firstMtime = (await stat(output)).mtimeMs;

      // Edit the notebook: a new sentence in its first cell.
      const file = join(nbDir, "ablations.ts");
      const source = await readFile(file, "utf8");
      const edited = source.replace("The paper ablates DRFA", "EDITED-MARK. The paper ablates DRFA");
      expect(edited).not.toBe(source);
      const changed = next();
      const t0 = performance.now();
      await writeFile(file, edited);
      await changed;
      const elapsed = performance.now() - t0;
      console.log(
        `ablations re-rendered ${elapsed.toFixed(0)} ms after the edit (run ${runs[1]!.ms.toFixed(0)} ms)`,
      );
      expect(errors).toEqual([]);
      expect(runs[1]!.trigger).toEndWith("ablations.ts");
      expect(await readFile(output, "utf8")).toContain("EDITED-MARK");
      expect((await stat(output)).mtimeMs).toBeGreaterThan(firstMtime);
      expect(elapsed).toBeLessThan(2000);
      // No evaluation: every cell was read back from the run store, and the store holds no new run.
      expect(cellCounts(runs[1]!.stderr)).toEqual({ evaluated: 0, skipped: 10 });
      expect(agentRuns()).toBe(before);

      // A library file the notebook imports re-runs it as well.
      const lib = join(nbDir, "lib", "present.ts");
      const again = next();
      await writeFile(lib, `${await readFile(lib, "utf8")}\n// touched\n`);
      await again;
      expect(runs[2]!.trigger).toEndWith(join("lib", "present.ts"));
      expect(runs[2]!.fresh).toBe(true);
      expect(cellCounts(runs[2]!.stderr).evaluated).toBe(0);
    } finally {
      watcher.close();
    }
  }, 120_000);
});
