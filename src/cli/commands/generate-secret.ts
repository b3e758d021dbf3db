/** @module The suite secret on the command line: `--secret`, else `DRFLOW_SUITE_SECRET`, else drawn and shown once. */
import { rememberSecret } from "../../core/redact.ts";
import { EmptySecret, SECRET_ENV, type SuiteSecret, suiteSecret } from "../../generate/secret.ts";
import { UsageError } from "../args.ts";

/** How the suite secret is given and what it does (procedural and --llm alike). */
export const SECRET_USAGE = [
  `  --secret S: the suite's secret (else $${SECRET_ENV}); it keys every draw and document handle an agent can see,`,
  "  so the suite cannot be regenerated from its seed. Same seed and secret: byte-identical folders. Written nowhere",
  "  (task.json records a digest, gold-side). Given neither, a random secret is drawn and printed once with the",
  "  command that reproduces the suite; keep it. tasks/demo uses the public secret demo-public.",
].join("\n");

/** The secret of a generation, an empty one a usage error. */
export function secretOf(
  flag: unknown,
  env: Record<string, string | undefined>,
  draw: boolean,
): SuiteSecret | null {
  try {
    return suiteSecret(flag, env, { draw });
  } catch (error) {
    if (error instanceof EmptySecret) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The one line that ever shows a suite's secret: a drawn one, printed once (before generating) with how to reproduce
 * the suite. A given secret is never printed, and from here on every output line has it redacted.
 */
export function announceSecret(s: SuiteSecret, command: string, log: (line: string) => void): void {
  if (s.from === "drawn")
    log(
      `suite secret (drawn at random, written nowhere, shown this once; keep it gold-side): ${s.secret}\n` +
        `  reproduce this suite: ${command} --secret ${s.secret}   (or ${SECRET_ENV}=${s.secret})`,
    );
  rememberSecret(s.secret);
}
