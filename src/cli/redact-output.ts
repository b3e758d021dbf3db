/**
 * @module The CLI's last word on secrets: while a command runs, everything it prints — `console.log`/`console.error`,
 * progress written to `process.stdout`/`process.stderr` — passes through `redactSecrets`, so a credential that reached
 * a line by any path (a handle in a table, a provider's echo in an error, a start-up line) is printed as `***`.
 */
import { redactSecrets } from "../core/redact.ts";

type Write = typeof process.stdout.write;

/** Run `body` with every console and stdio write redacted; the originals are restored afterwards. */
export async function withRedactedOutput<T>(body: () => Promise<T>): Promise<T> {
  const { log, error, warn, info } = console;
  const out = process.stdout.write;
  const err = process.stderr.write;
  const args = (a: unknown[]) => a.map((x) => (typeof x === "string" ? redactSecrets(x) : x));
  console.log = (...a: unknown[]) => log.apply(console, args(a));
  console.error = (...a: unknown[]) => error.apply(console, args(a));
  console.warn = (...a: unknown[]) => warn.apply(console, args(a));
  console.info = (...a: unknown[]) => info.apply(console, args(a));
  const wrap = (write: Write, stream: NodeJS.WriteStream): Write =>
    ((chunk: unknown, ...rest: unknown[]) =>
      (write as (...a: unknown[]) => boolean).call(
        stream,
        typeof chunk === "string" ? redactSecrets(chunk) : chunk,
        ...rest,
      )) as Write;
  process.stdout.write = wrap(out, process.stdout);
  process.stderr.write = wrap(err, process.stderr);
  try {
    return await body();
  } finally {
    Object.assign(console, { log, error, warn, info });
    process.stdout.write = out;
    process.stderr.write = err;
  }
}
