/**
 * @module The action plan and its scheduler (Appendix J.5): pending actions whose dependencies are satisfied run by
 * execution score (priority refined by novelty and tool diversity), with bounded concurrency (default one at a time).
 * Actions inserted "ahead" (DRFA's condition-resolution actions) run before every other ready action.
 */
import { CacheMissError, MissingKeyError } from "../../llm/errors.ts";
import type { Action, ActionStatus, WorkflowStage } from "./action.ts";

/** A planned action with its scheduling state. */
export type PlannedAction = {
  action: Action;
  status: ActionStatus;
  /** Insertion order; ties in score run in this order. */
  seq: number;
  ahead: boolean;
  /** Iteration (1-based) in which the action ran; null while pending. */
  iteration: number | null;
  error: string | null;
};

export type PlanStats = {
  total: number;
  pending: number;
  completed: number;
  failed: number;
  by_stage: Partial<Record<WorkflowStage, number>>;
  by_origin: Record<string, number>;
};

/** Weights of the score refinements (J.3: "refined during execution using novelty and source-diversity signals"). */
export const NOVELTY_WEIGHT = 0.1;
export const DIVERSITY_WEIGHT = 0.05;

const WORD = /[a-z0-9]+/g;

function terms(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((t) => t.length > 2));
}

export class ActionPlan {
  readonly researchQuery: string;
  private readonly entries = new Map<string, PlannedAction>();
  private seq = 0;
  private readonly usedTerms = new Set<string>();
  private lastType: string | null = null;

  constructor(researchQuery: string) {
    this.researchQuery = researchQuery;
  }

  /**
   * Add actions. Ids must be new; dependencies on ids the plan has never seen are dropped (a model cannot know the
   * ids we assign), so a bad reference cannot stall the plan. With `ahead`, the actions run before all others.
   */
  add(actions: readonly Action[], options: { ahead?: boolean } = {}): Action[] {
    const known = new Set([...this.entries.keys(), ...actions.map((a) => a.id)]);
    const added: Action[] = [];
    for (const action of actions) {
      if (this.entries.has(action.id)) throw new Error(`action plan: duplicate action id "${action.id}"`);
      const clean = {
        ...action,
        dependencies: action.dependencies.filter((d) => known.has(d) && d !== action.id),
      };
      this.entries.set(action.id, {
        action: clean,
        status: "pending",
        seq: this.seq++,
        ahead: options.ahead ?? false,
        iteration: null,
        error: null,
      });
      added.push(clean);
    }
    return added;
  }

  get(id: string): PlannedAction | undefined {
    return this.entries.get(id);
  }

  all(): PlannedAction[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Finished actions (done or failed) in the order they ran. */
  finished(): PlannedAction[] {
    return this.all().filter((e) => e.status === "done" || e.status === "failed");
  }

  hasPending(): boolean {
    return this.all().some((e) => e.status === "pending");
  }

  /** The execution score: priority, plus novelty of the query's terms, plus a bonus for switching tool type. */
  score(entry: PlannedAction): number {
    const q = terms(entry.action.parameters.query);
    const novel = q.size === 0 ? 0 : [...q].filter((t) => !this.usedTerms.has(t)).length / q.size;
    const diverse = this.lastType !== null && entry.action.type !== this.lastType ? 1 : 0;
    return entry.action.priority + NOVELTY_WEIGHT * novel + DIVERSITY_WEIGHT * diverse;
  }

  /** Pending actions whose dependencies have finished, best first ("ahead" actions before all others). */
  ready(): PlannedAction[] {
    const finished = (id: string) => {
      const s = this.entries.get(id)?.status;
      return s === "done" || s === "failed";
    };
    return this.all()
      .filter((e) => e.status === "pending" && e.action.dependencies.every(finished))
      .map((e) => ({ e, score: this.score(e) }))
      .sort((a, b) => Number(b.e.ahead) - Number(a.e.ahead) || b.score - a.score || a.e.seq - b.e.seq)
      .map((x) => x.e);
  }

  /** Take up to `concurrency` ready actions and mark them running. */
  take(concurrency: number, iteration: number): Action[] {
    const picked = this.ready().slice(0, Math.max(1, concurrency));
    for (const e of picked) {
      e.status = "running";
      e.iteration = iteration;
    }
    return picked.map((e) => e.action);
  }

  complete(id: string, error: string | null = null): void {
    const e = this.entries.get(id);
    if (!e) throw new Error(`action plan: unknown action id "${id}"`);
    e.status = error === null ? "done" : "failed";
    e.error = error;
    for (const t of terms(e.action.parameters.query)) this.usedTerms.add(t);
    this.lastType = e.action.type;
  }

  /** The queries of every action in the plan (for the "already used" lists of J.6 and J.8). */
  queries(): string[] {
    return this.all()
      .map((e) => e.action.parameters.query)
      .filter((q) => q.length > 0);
  }

  stats(): PlanStats {
    const all = this.all();
    const by_stage: Partial<Record<WorkflowStage, number>> = {};
    const by_origin: Record<string, number> = {};
    for (const e of all) {
      by_stage[e.action.stage] = (by_stage[e.action.stage] ?? 0) + 1;
      by_origin[e.action.origin] = (by_origin[e.action.origin] ?? 0) + 1;
    }
    return {
      total: all.length,
      pending: all.filter((e) => e.status === "pending").length,
      completed: all.filter((e) => e.status === "done").length,
      failed: all.filter((e) => e.status === "failed").length,
      by_stage,
      by_origin,
    };
  }
}

/**
 * Run one scheduling round: take up to `concurrency` ready actions and execute them together. An executor error
 * marks that action failed (recorded, not thrown), so one broken tool call does not end the session — except a
 * replay miss or a missing key, which no later action can get past: those fail the run at once.
 */
export async function runRound(
  plan: ActionPlan,
  execute: (action: Action) => Promise<void>,
  options: { concurrency?: number; iteration: number },
): Promise<Action[]> {
  const batch = plan.take(options.concurrency ?? 1, options.iteration);
  await Promise.all(
    batch.map(async (action) => {
      try {
        await execute(action);
        plan.complete(action.id);
      } catch (err) {
        if (err instanceof CacheMissError || err instanceof MissingKeyError) throw err;
        plan.complete(action.id, err instanceof Error ? err.message : String(err));
      }
    }),
  );
  return batch;
}
