/** @module The shape of a CLI command: a name, a one-line summary, usage text, and a run function. */

export type Command = {
  name: string;
  summary: string;
  usage: string;
  /** Returns the process exit code. */
  run(args: string[]): Promise<number>;
};
