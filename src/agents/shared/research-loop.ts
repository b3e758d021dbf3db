/** @module The research loop shared by DRBA and DRFA: execute planned actions round by round, adapt after each round, stop at convergence or the iteration budget. */
import type { Action } from "./action.ts";
import { executeAction, type ResearchContext } from "./context.ts";
import { runRound } from "./plan.ts";

export type LoopOptions = { iterations: number; concurrency: number };

/**
 * Run the plan within `iterations` rounds of `concurrency` actions. After each round `adapt` plans more actions and
 * returns how many it added; the loop converges when nothing is pending and nothing was added.
 */
export async function researchLoop(
  rc: ResearchContext,
  opts: LoopOptions,
  adapt: (iteration: number, ran: Action[]) => Promise<number>,
): Promise<void> {
  for (let iteration = 1; iteration <= opts.iterations; iteration++) {
    const ran = await runRound(rc.plan, (a) => executeAction(rc, a, iteration).then(() => undefined), {
      concurrency: opts.concurrency,
      iteration,
    });
    const added = await adapt(iteration, ran);
    if (!rc.plan.hasPending() && added === 0) {
      rc.tracer.note(`converged after ${iteration} iteration(s)`);
      return;
    }
  }
  const pending = rc.plan.stats().pending;
  if (pending > 0)
    rc.tracer.note(`iteration budget (${opts.iterations}) reached with ${pending} action(s) pending`);
}
