#!/usr/bin/env bun
/** @module The `drflow` command: one sub-command per primitive (generate, env, run, judge, eval, serve) and helpers. */
import { UsageError } from "./args.ts";
import { type Command, usageOf } from "./command.ts";
import { cache } from "./commands/cache.ts";
import { demo } from "./commands/demo.ts";
import { env } from "./commands/env.ts";
import { evalCommand } from "./commands/eval.ts";
import { generate } from "./commands/generate.ts";
import { importCommand } from "./commands/import.ts";
import { judge } from "./commands/judge.ts";
import { models } from "./commands/models.ts";
import { run } from "./commands/run.ts";
import { serve } from "./commands/serve.ts";
import { studio } from "./commands/studio.ts";
import { tasks } from "./commands/tasks.ts";
import { usage } from "./commands/usage.ts";
import { worker } from "./commands/worker.ts";
import { withRedactedOutput } from "./redact-output.ts";

/** Every sub-command, in the order `drflow help` lists them. */
export const COMMANDS: Command[] = [
  generate,
  tasks,
  demo,
  env,
  importCommand,
  run,
  judge,
  evalCommand,
  worker,
  serve,
  studio,
  models,
  usage,
  cache,
];

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 4);
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    "usage: drflow <command> [options]",
    "",
    "commands:",
    ...lines,
    "",
    "drflow <command> --help for details",
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    console.log(help());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    console.error(`drflow: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`usage: ${usageOf(command)}`);
    return 0;
  }
  return withRedactedOutput(async () => {
    try {
      return await command.run(rest);
    } catch (error) {
      if (error instanceof UsageError) {
        console.error(`drflow ${name}: ${error.message}`);
        return 2;
      }
      console.error(`drflow ${name}: ${(error as Error).message}`);
      if (process.env.DRFLOW_DEBUG) console.error((error as Error).stack);
      return 1;
    }
  });
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
