/** @module Progress on stderr: a redrawn bar on a TTY, plain one-line-per-event output otherwise; secrets redacted. */
import { redactSecrets } from "../core/redact.ts";

export type ProgressSink = { write(text: string): unknown; isTTY?: boolean };

export type Progress = {
  /** A cell finished (or was skipped because it had finished before). */
  tick(label: string, outcome: "done" | "failed" | "skipped"): void;
  /** Finish the bar (prints a final newline on a TTY). */
  end(): void;
};

const BAR_WIDTH = 28;

/** A progress reporter over `total` cells; `now` is the clock used for the elapsed time. */
export function createProgress(total: number, sink: ProgressSink, now: () => number = Date.now): Progress {
  const started = now();
  const counts = { done: 0, failed: 0, skipped: 0 };
  const tty = sink.isTTY === true;
  let ended = false;
  const finished = () => counts.done + counts.failed + counts.skipped;
  function render(label: string): string {
    const n = finished();
    const filled = total === 0 ? BAR_WIDTH : Math.round((n / total) * BAR_WIDTH);
    const seconds = ((now() - started) / 1000).toFixed(1);
    const extra = [
      counts.skipped ? `${counts.skipped} skipped` : "",
      counts.failed ? `${counts.failed} failed` : "",
    ]
      .filter(Boolean)
      .join(", ");
    return `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${n}/${total} ${seconds}s${extra ? ` (${extra})` : ""} ${label}`;
  }
  return {
    tick(raw, outcome) {
      counts[outcome]++;
      // A label names the cell's model and may quote a provider's error: both may carry a credential.
      const label = redactSecrets(raw);
      if (tty) sink.write(`\r\x1b[2K${render(label)}`);
      else sink.write(`${finished()}/${total} ${outcome} ${label}\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      if (tty) sink.write("\n");
    },
  };
}
