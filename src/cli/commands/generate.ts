/** @module `drflow generate`: the procedural (offline) generator, or the LLM pipeline with `--llm`. */

import { Domain, SUITE_NAME } from "../../core/index.ts";
import { ALL_DOMAINS, type FamilySpec, generateProceduralSuite, loadFamilies } from "../../generate/index.ts";
import { SECRET_ENV, type SecretMatch, writtenWithSecret } from "../../generate/secret.ts";
import { DEFAULT_TASK_ROOT } from "../../store/task-store.ts";
import { type FlagSpec, intFlag, parseFlags, UsageError } from "../args.ts";
import type { Command } from "../command.ts";
import { LLM_FLAGS, LLM_USAGE, runLlmGenerate } from "./generate-llm.ts";
import { announceSecret, SECRET_USAGE, secretOf } from "./generate-secret.ts";

/** The flags it reads (parsing derives from this; the usage text names exactly these, src/cli/flags.test.ts). */
const PROCEDURAL_FLAGS = {
  strings: ["suite", "seed", "secret", "per-domain", "root", "families", "workers", "corpus-chars"],
  multiple: ["domain"],
  booleans: ["procedural", "quiet", "replace"],
} satisfies FlagSpec;

const PROCEDURAL_USAGE =
  "drflow generate --procedural --suite NAME [--seed 7] [--secret S] [--per-domain 2] [--domain DOMAIN]… [--families DIR] [--root tasks] [--workers N] [--corpus-chars 500000] [--replace]";

export async function runProceduralGenerate(
  args: string[],
  log: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const { flags } = parseFlags(args, PROCEDURAL_FLAGS, PROCEDURAL_USAGE);
  const suite = String(flags.suite ?? "");
  if (!SUITE_NAME.test(suite))
    throw new UsageError(
      `--suite: expected a suite name of letters, digits, '_' and '-' starting with a letter or digit, such as demo, got "${suite}"\nusage: ${PROCEDURAL_USAGE}`,
    );
  const seed = intFlag(flags.seed, "seed", 7);
  const perDomain = intFlag(flags["per-domain"], "per-domain", 2);
  if (perDomain === 0) throw new UsageError("--per-domain: expected at least 1");
  const raw = (flags.domain as unknown as string[] | undefined) ?? [];
  const domains =
    raw.length === 0
      ? ALL_DOMAINS
      : raw.map((d) => {
          const parsed = Domain.safeParse(d);
          if (!parsed.success)
            throw new UsageError(`--domain: expected one of ${Domain.options.join(", ")}, got "${d}"`);
          return parsed.data;
        });
  const root = String(flags.root ?? DEFAULT_TASK_ROOT);
  const { secret, from } = secretOf(flags.secret, env, true)!;
  announceSecret({ secret, from }, `drflow generate ${args.join(" ")}`, log);
  // The secret a replaced suite was made with (its digest), to say whether this is a reproduction of it.
  const replaced = flags.replace === true ? await writtenWithSecret(root, suite, secret) : "unknown";
  // --workers N: threads generating tasks side by side (default: one per two cores for a large suite); same bytes for any N
  const workers = flags.workers === undefined ? undefined : intFlag(flags.workers, "workers", 1, 1);
  // --corpus-chars N: each company's background corpus (shared by its tasks); 0 for none
  const corpusChars =
    flags["corpus-chars"] === undefined ? undefined : intFlag(flags["corpus-chars"], "corpus-chars", 0, 0);
  // --families DIR: the family data files of that folder instead of the shipped ones
  let families: FamilySpec[] | undefined;
  if (flags.families !== undefined) {
    try {
      families = loadFamilies(String(flags.families));
    } catch (error) {
      throw new UsageError(`--families: ${(error as Error).message}`);
    }
  }
  const tasks = await generateProceduralSuite({
    root,
    suite,
    // An existing suite is refused unless --replace: a new seed never mixes into old tasks.
    replace: flags.replace === true,
    seed,
    secret,
    perDomain,
    domains,
    ...(families ? { families } : {}),
    ...(workers ? { workers } : {}),
    ...(corpusChars !== undefined ? { corpusChars } : {}),
    onTask: (ref, g) => {
      if (flags.quiet) return;
      const roles = { insight: 0, distractor: 0, adjacent: 0 };
      for (const a of g.manifest.artifacts) roles[a.role]++;
      log(
        `${ref}  ${g.task.provenance.family}  ${g.task.generic_workflow.length} steps, ${roles.insight} IN / ${roles.distractor} DI / ${roles.adjacent} AD`,
      );
    },
  });
  log(
    `generated ${tasks.length} task(s) in ${root}/${suite} (procedural, seed ${seed}, secret from ${FROM[from]})${flags.replace ? `; the suite's earlier tasks were replaced${REPLACED_NOTE[replaced]}` : ""}`,
  );
  return 0;
}

const FROM = { flag: "--secret", env: SECRET_ENV, drawn: "a random draw" } as const;

/** What the log says of the replaced suite's secret. */
const REPLACED_NOTE: Record<SecretMatch, string> = {
  same: " (same secret: a reproduction)",
  other: " (they had another secret)",
  none: " (they had no secret)",
  unknown: "",
};

export const generate: Command = {
  name: "generate",
  summary: "generate a benchmark suite (offline --procedural, or --llm with stages S1–S6)",
  flags: {
    strings: [...new Set([...PROCEDURAL_FLAGS.strings, ...LLM_FLAGS.strings])],
    booleans: [...new Set([...PROCEDURAL_FLAGS.booleans, ...LLM_FLAGS.booleans])],
    multiple: PROCEDURAL_FLAGS.multiple,
  },
  usage: `${PROCEDURAL_USAGE}\n${SECRET_USAGE}\n  --corpus-chars: characters of each company's background corpus (other processes' policies, handbooks,\n  minutes, ticket logs; src/generate/corpus/), written once per company in <suite>/_corpus/ (default 500000; 0: none).\n  An existing suite is refused: --replace removes its tasks (the new suite is written beside it and renamed\n  into place), so two generations never mix in one folder.\n${LLM_USAGE}`,
  async run(args) {
    if (args.includes("--llm")) return runLlmGenerate(args);
    if (!args.includes("--procedural")) {
      throw new UsageError(
        `choose a generator: --procedural (offline) or --llm\nusage: ${PROCEDURAL_USAGE}\n${LLM_USAGE}`,
      );
    }
    return runProceduralGenerate(args);
  },
};
