/**
 * The docs stay true to the code they name: every `drflow …` command line in a Markdown file of the repository names a
 * command that exists and only flags it declares, every `bun run <script>` is a package script, every repository path
 * in a code span or a relative link exists, every bench is listed, and the README stays a page.
 */
import { expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { flagNames } from "./args.ts";
import { COMMANDS } from "./main.ts";

const ROOT = join(import.meta.dir, "../..");

/** The repository's own Markdown: README, DESIGN, docs/ and the per-folder READMEs (not fixtures, tasks or packages). */
function docs(): string[] {
  const files = new Bun.Glob("**/*.md").scanSync({ cwd: ROOT, dot: false });
  return [...files]
    .filter(
      (f) =>
        !/^(node_modules|tasks|test\/fixtures|notebooks\/out)\//.test(f) && !f.includes("/node_modules/"),
    )
    .sort();
}

/** Text in code: inline spans and fenced blocks, one entry per span or block line. */
function codeOf(markdown: string): string[] {
  const out: string[] = [];
  const fences = markdown.split(/^```[^\n]*$/m);
  fences.forEach((part, i) => {
    if (i % 2 === 1) out.push(...part.split("\n"));
    else for (const m of part.matchAll(/`([^`\n]+)`/g)) out.push(m[1]!);
  });
  return out;
}

/**
 * The `drflow <command> …` lines of code spans and block lines that start with one (also `bun run drflow …` and `bun
 * src/cli/main.ts …`, and after `&&`), each from the command name on.
 */
function commandLines(code: string[]): string[] {
  const lines: string[] = [];
  for (const text of code) {
    for (const part of text.split(/&&|;|\|\|/)) {
      const m = /^\s*(?:\$ )?(?:bun run drflow|bun src\/cli\/main\.ts|drflow) ([a-z][a-z-]*)([^#]*)/.exec(
        part,
      );
      if (m) lines.push(`${m[1]}${m[2]}`);
    }
  }
  return lines;
}

/** The problems of one command line: an unknown command, or a flag the command does not declare. */
function problemsOf(line: string): string[] {
  const [name] = line.split(/\s/, 1) as [string];
  if (name === "help") return [];
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) return [`unknown command "${name}"`];
  const declared = new Set(flagNames(command.flags));
  const booleans = new Set(command.flags.booleans ?? []);
  const problems: string[] = [];
  for (const m of line.matchAll(/(?:^|[\s[(|])--([a-z][a-z0-9-]*)/g)) {
    const flag = m[1]!;
    const bare = flag.startsWith("no-") && booleans.has(flag.slice(3)) ? flag.slice(3) : flag;
    if (bare !== "help" && !declared.has(bare)) problems.push(`--${flag} is not a flag of "${name}"`);
  }
  return problems;
}

const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

test("every drflow command line in the docs names a command and flags it declares", () => {
  const found: string[] = [];
  let lines = 0;
  for (const file of docs()) {
    for (const line of commandLines(codeOf(readFileSync(join(ROOT, file), "utf8")))) {
      lines++;
      for (const problem of problemsOf(line)) found.push(`${file}: drflow ${line.trim()}: ${problem}`);
    }
  }
  expect(found).toEqual([]);
  expect(lines).toBeGreaterThan(40);
});

test("README stays a page (at most 12,500 bytes): reference goes to docs/ or a folder's README", () => {
  expect(Buffer.byteLength(readFileSync(join(ROOT, "README.md"), "utf8"))).toBeLessThanOrEqual(12_500);
});

test("every bench in scripts/bench/ is listed in docs/benchmarks.md", () => {
  const listed = readFileSync(join(ROOT, "docs/benchmarks.md"), "utf8");
  const benches = [...new Bun.Glob("*.ts").scanSync({ cwd: join(ROOT, "scripts/bench") })].filter(
    (f) => f !== "all.ts",
  );
  expect(benches.filter((f) => !listed.includes(`scripts/bench/${f}`)).sort()).toEqual([]);
});

test("every bun run <script> in the docs is a package script, every bun <file> a file", () => {
  const found: string[] = [];
  for (const file of docs()) {
    for (const text of codeOf(readFileSync(join(ROOT, file), "utf8"))) {
      for (const m of text.matchAll(/\bbun run ([a-z][\w:-]*)/g))
        if (m[1] !== "drflow" && !PACKAGE.scripts[m[1]!])
          found.push(`${file}: bun run ${m[1]}: no such script`);
      for (const m of text.matchAll(/\bbun ((?:scripts|src|test|notebooks)\/[\w./-]+\.ts)/g))
        if (!existsSync(join(ROOT, m[1]!))) found.push(`${file}: bun ${m[1]}: no such file`);
    }
  }
  expect(found).toEqual([]);
});

/** A code span that is a repository path: starts with a top folder, no placeholder or wildcard in it. */
const PATH = /^(?:src|test|scripts|notebooks|docs|\.ci)\/[\w./-]*$/;
/** A path inside src written without it (`judge/reading/`, `eval/summary.ts`): a src folder, then a file or folder. */
const SRC_PATH = /^[a-z]+\/[\w./-]*(?:\.ts|\.json|\.txt|\/)$/;
const SRC_FOLDERS = new Set(
  [...new Bun.Glob("*").scanSync({ cwd: join(ROOT, "src"), onlyFiles: false })].filter(
    (f) => !f.includes("."),
  ),
);
/** A file named by its last folders (`metrics/applicability.ts`, `judges/llm/batch.ts`): some file must end so. */
const FILE_TAIL = /^[\w-]+\/[\w./-]*\.(?:ts|json|txt)$/;
const FILES = [...new Bun.Glob("{src,test,scripts,notebooks}/**/*.{ts,json,txt}").scanSync({ cwd: ROOT })];
/** Written by the tools, not kept in the repository. */
const GENERATED = /^notebooks\/out\//;

/** The paths a doc names (code spans and relative links) that do not exist. */
function pathProblems(file: string, text: string): string[] {
  const found: string[] = [];
  for (const span of codeOf(text)) {
    for (const word of span.split(/[\s,;()]+/)) {
      const path = word.replace(/[.:]+$/, "").replace(/:\d+(-\d+)?$/, "");
      if (PATH.test(path) && !GENERATED.test(path) && !existsSync(join(ROOT, path)))
        found.push(`${file}: ${path}`);
      else if (
        SRC_PATH.test(path) &&
        SRC_FOLDERS.has(path.split("/")[0]!) &&
        !existsSync(join(ROOT, "src", path))
      )
        found.push(`${file}: ${path} (in src)`);
      else if (FILE_TAIL.test(path) && !PATH.test(path) && !FILES.some((f) => f.endsWith(`/${path}`)))
        found.push(`${file}: ${path} (no file ends so)`);
    }
  }
  for (const m of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/.test(target)) continue;
    if (!existsSync(join(ROOT, dirname(file), target))) found.push(`${file}: link ${target}`);
  }
  return found;
}

test("every repository path the docs name exists (code spans and relative links)", () => {
  const found = docs().flatMap((file) => pathProblems(file, readFileSync(join(ROOT, file), "utf8")));
  expect(found).toEqual([]);
});

test("the checks can fail: an unknown command, an undeclared flag and missing paths are found", () => {
  expect(problemsOf("frobnicate --x")).toEqual(['unknown command "frobnicate"']);
  expect(problemsOf("env up --services --mattermost URL --telepathy")).toEqual([
    '--telepathy is not a flag of "env"',
  ]);
  expect(
    commandLines(codeOf("run `drflow eval --suite demo` and\n```sh\nbun run drflow judge --x 1\n```")),
  ).toEqual(["eval --suite demo", "judge --x 1"]);
  expect(
    pathProblems(
      "docs/x.md",
      "`src/judge/nowhere.ts`, `judge/gone.ts`, `metrics/vanished.ts`, `metrics/f1.ts` and [a](missing.md)",
    ),
  ).toEqual([
    "docs/x.md: src/judge/nowhere.ts",
    "docs/x.md: judge/gone.ts (in src)",
    "docs/x.md: metrics/vanished.ts (no file ends so)",
    "docs/x.md: link missing.md",
  ]);
});
