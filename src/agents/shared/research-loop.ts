/**
 * @module The research loop shared by DRBA and DRFA: rounds that each run every ready action (one at a time by
 * default), then plan adaptively; the loop stops when a round plans nothing new and nothing is pending, or after
 * `iterations` rounds — and the actions the last round planned still run, so every planned query is searched.
 */
import type { Action } from "./action.ts";
import { executeAction, type ResearchContext } from "./context.ts";
import { runRound } from "./plan.ts";

export type LoopOptions = { iterations: number; concurrency: number };

/** Run every action ready now (and any that become ready meanwhile), `concurrency` at a time; the actions run. */
async function runReady(rc: ResearchContext, concurrency: number, iteration: number): Promise<Action[]> {
  const ran: Action[] = [];
  for (;;) {
    const batch = await runRound(rc.plan, (a) => executeAction(rc, a, iteration).then(() => undefined), {
      concurrency,
      iteration,
    });
    if (batch.length === 0) return ran;
    ran.push(...batch);
  }
}

/**
 * Rounds of execution and adaptation. A round runs the plan's ready actions, then `adapt` plans more and returns how
 * many it added; the loop converges when nothing is pending and nothing was added. When the round budget ends, what
 * the last round planned is run without planning again.
 */
export async function researchLoop(
  rc: ResearchContext,
  opts: LoopOptions,
  adapt: (iteration: number, ran: Action[]) => Promise<number>,
): Promise<void> {
  for (let iteration = 1; iteration <= opts.iterations; iteration++) {
    const ran = await runReady(rc, opts.concurrency, iteration);
    const added = await adapt(iteration, ran);
    if (!rc.plan.hasPending() && added === 0) {
      rc.tracer.note(`converged after ${iteration} round(s)`);
      return;
    }
  }
  const last = await runReady(rc, opts.concurrency, opts.iterations + 1);
  rc.tracer.note(
    `round budget (${opts.iterations}) reached; ran the ${last.length} action(s) the last round planned without planning again`,
  );
}
