/**
 * @module A CLI command declares itself: its name, a one-line summary, the flags it reads and its usage text. `drflow
 * help` lists the commands, the flags drive parsing, and test/cli/flags.test.ts holds every usage text to exactly the
 * declared flags, so a documented flag is always accepted and an accepted one always documented.
 */
import type { FlagSpec } from "./args.ts";

export type Command = {
  name: string;
  summary: string;
  /** Every flag the command and its sub-commands read. */
  flags: FlagSpec;
  /** The usage text; a function when it lists a registry (agents, metrics), so it is current when shown. */
  usage: string | (() => string);
  /** Returns the process exit code. */
  run(args: string[]): Promise<number>;
};

/** A command's usage text as shown now. */
export function usageOf(command: Command): string {
  return typeof command.usage === "function" ? command.usage() : command.usage;
}
