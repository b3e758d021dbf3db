/**
 * The import graph of src against the layer order DESIGN.md states: no folder imports from a layer above its own (or
 * from a folder of its own layer), and no module takes part in an import cycle (worker entry URLs count as imports).
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** file (relative to src) → the files it imports (relative to src). */
type ImportGraph = Map<string, Set<string>>;

const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.[^"']+)["']/g;
const DYNAMIC =
  /import\(\s*["'](\.[^"']+)["']\s*\)|new URL\(\s*["'](\.[^"']+\.ts)["']\s*,\s*import\.meta\.url\s*\)/g;

/** Read every non-test `.ts` module under `root` and the modules it imports (type-only imports count). */
async function importGraph(root: string): Promise<ImportGraph> {
  const graph: ImportGraph = new Map();
  for await (const file of new Bun.Glob("**/*.ts").scan(root)) {
    if (file.endsWith(".test.ts")) continue;
    const text = readFileSync(join(root, file), "utf8");
    const targets = new Set<string>();
    for (const m of [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)]) {
      const spec = m[1] ?? m[2];
      if (spec) targets.add(relative(root, join(dirname(join(root, file)), spec)));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** A module's folder (its capability): the first path segment, or the file itself at the top of src. */
function folderOf(file: string): string {
  return file.includes("/") ? file.split("/")[0]! : file.replace(/\.ts$/, "");
}

/**
 * The layer order DESIGN.md states: the line after "Layers, lowest first" in a code span, `·` between layers and
 * spaces between the folders of one layer (which must not import each other).
 */
function parseLayers(design: string): string[][] {
  const line = /Layers, lowest first[^`]*?\n\s*`([^`]+)`/.exec(design)?.[1];
  if (!line) throw new Error('DESIGN.md: no "Layers, lowest first" line followed by a `code` line of layers');
  return line.split("·").map((layer) => layer.trim().split(/\s+/));
}

type Violation = { from: string; to: string; files: string[] };

/** Folder-level imports that do not go strictly down the layers (up, sideways within a layer, or to an unplaced folder). */
function upwardImports(graph: ImportGraph, layers: string[][]): Violation[] {
  const rank = new Map(layers.flatMap((layer, i) => layer.map((folder) => [folder, i] as const)));
  const found = new Map<string, Violation>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const a = rank.get(from);
      const b = rank.get(to);
      if (a !== undefined && b !== undefined && b < a) continue;
      const key = `${from}->${to}`;
      const v = found.get(key) ?? { from, to, files: [] };
      v.files.push(`${file} → ${target}`);
      found.set(key, v);
    }
  }
  return [...found.values()];
}

/** The graph's cycles: strongly connected components of more than one module (or a module importing itself), Tarjan's algorithm. */
function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return out;
}

const SRC = import.meta.dir;
const layers = parseLayers(readFileSync(join(SRC, "../DESIGN.md"), "utf8"));
const graph = await importGraph(SRC);

test("every folder of src is placed in DESIGN's layers", () => {
  const placed = new Set(layers.flat());
  const folders = new Set(
    [...graph.keys()].map((f) => (f.includes("/") ? f.split("/")[0]! : f.replace(/\.ts$/, ""))),
  );
  expect([...folders].filter((f) => !placed.has(f)).sort()).toEqual([]);
});

test("no folder imports from its own layer or one above it", () => {
  expect(upwardImports(graph, layers).map((v) => `${v.from} → ${v.to}: ${v.files.join("; ")}`)).toEqual([]);
});

test("no module is part of an import cycle", () => {
  expect(cycles(graph).map((c) => c.join(" ↔ "))).toEqual([]);
});

test("the graph read is the whole of src (the counts the closing note quotes)", () => {
  const imports = [...graph.values()].reduce((n, targets) => n + targets.size, 0);
  const upward = upwardImports(graph, layers).reduce((n, v) => n + v.files.length, 0);
  console.log(
    `layers: ${graph.size} modules, ${imports} imports, ${upward} upward, ${cycles(graph).length} cycles`,
  );
  expect(graph.size).toBeGreaterThan(400);
  expect(imports).toBeGreaterThan(graph.size);
});

test("the checks can fail: an upward import, a sideways one and a cycle are all found", () => {
  const g: ImportGraph = new Map([
    ["core/a.ts", new Set(["llm/b.ts"])],
    ["llm/b.ts", new Set(["core/a.ts"])],
    ["agents/x.ts", new Set(["generate/y.ts"])],
    ["generate/y.ts", new Set()],
  ]);
  const order = [["core"], ["llm"], ["agents", "generate"]];
  expect(upwardImports(g, order).map((v) => `${v.from}->${v.to}`)).toEqual(["core->llm", "agents->generate"]);
  expect(cycles(g)).toEqual([["core/a.ts", "llm/b.ts"]]);
});
