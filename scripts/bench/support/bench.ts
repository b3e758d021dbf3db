/**
 * @module What every benchmark under scripts/bench/ shares: its command line (`--help` prints the usage and exits 0;
 * an unknown option or a bad value is a one-line error and exit 2) and its headline — one line
 * `bench <name>: <figures>` on stdout that a reader can grep, with the same figures as JSON for `bun run bench`.
 */
import { appendFileSync } from "node:fs";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** The environment variable `bun run bench` (scripts/bench/all.ts) sets to the file a bench appends its figures to. */
export const FIGURES_FILE_VARIABLE = "DRFLOW_BENCH_FIGURES";

/** A usage error of a benchmark's command line: printed without a stack, exit code 2. */
export function usageError(name: string, usage: string, message: string): never {
  const command = /bun scripts\/bench\/\S+/.exec(usage)?.[0] ?? `bench ${name}`;
  console.error(`bench ${name}: ${message} (usage: ${command} --help)`);
  process.exit(2);
}

/**
 * Parse `process.argv` with `options` (strict: unknown options and positionals are refused). `--help` / `-h` prints
 * `usage` and exits 0.
 */
export function benchArgs<const O extends ParseArgsOptionsConfig>(name: string, usage: string, options: O) {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage.trim());
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false, allowNegative: true }).values;
  } catch (error) {
    return usageError(name, usage, (error as Error).message);
  }
}

/** A whole number ≥ `min` from an option's text, or a usage error naming the option. */
export function intOption(
  name: string,
  usage: string,
  option: string,
  text: string | undefined,
  min = 1,
): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    return usageError(name, usage, `--${option}: expected a whole number ≥ ${min}, got "${text}"`);
  }
  return n;
}

export type Figures = Record<string, number | string | boolean | null>;

/**
 * Print the headline `bench <name>: <text>` (one line, so `grep '^bench '` finds every bench's figure) and hand the
 * figures to `bun run bench` when it is listening.
 */
export function headline(name: string, text: string, figures: Figures): void {
  console.log(`bench ${name}: ${text.replace(/\s*\n\s*/g, " ")}`);
  const file = process.env[FIGURES_FILE_VARIABLE];
  if (file) appendFileSync(file, `${JSON.stringify({ bench: name, headline: text, figures })}\n`);
}
