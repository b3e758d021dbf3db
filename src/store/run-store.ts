/**
 * @module The run store: runs, reports, traces, LLM calls, metric results, citations. Embedded SQLite by default
 * (`.drflow/runs.sqlite`, WAL mode), or a shared PostgreSQL database when opened with a `postgres://` URL — the same
 * migrations, the same queries, the same synchronous methods (see sql.ts).
 */
import { z } from "zod";
import { MetricResult } from "../core/metric.ts";
import { redactSecrets } from "../core/redact.ts";
import { Report } from "../core/report.ts";
import { RunRecord, RunStatus } from "../core/run.ts";
import { CallRecord, type UsageSink } from "../core/usage.ts";
import { type CitationRow, citationsOfReport } from "./citations.ts";
import { MIGRATIONS } from "./migrations.ts";
import { deadOwner, OWNER } from "./owner.ts";
import { indexReport } from "./run-search.ts";
import { openMigrated, type SqlDb } from "./sql.ts";

export const DEFAULT_RUN_STORE_PATH = ".drflow/runs.sqlite";

/** Which runs a query covers; every field narrows, none means all runs. */
export const RunFilter = z.object({
  run: z.string().optional(),
  batch: z.string().optional(),
  agent: z.string().optional(),
  model: z.string().optional(),
  split: z.string().optional(),
  task: z.string().optional(),
  kind: z.string().optional(),
  status: RunStatus.optional(),
});
export type RunFilter = z.infer<typeof RunFilter>;

const FILTER_COLUMNS: Record<keyof RunFilter, string> = {
  run: "r.id",
  batch: "r.batch",
  agent: "r.agent",
  model: "r.model",
  split: "r.split",
  task: "r.task",
  kind: "r.kind",
  status: "r.status",
};

/** Conditions over the runs table aliased `r` (the run id column can be another table's), with bound values. */
export function runClauses(filter: RunFilter, idColumn = "r.id"): { clauses: string[]; values: string[] } {
  const clauses: string[] = [];
  const values: string[] = [];
  for (const [key, value] of Object.entries(RunFilter.parse(filter))) {
    if (value === undefined) continue;
    clauses.push(`${key === "run" ? idColumn : FILTER_COLUMNS[key as keyof RunFilter]} = ?`);
    values.push(value);
  }
  return { clauses, values };
}

/** `WHERE a AND b`, or nothing. */
export function whereSql(clauses: string[]): string {
  return clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
}

type RunRow = Omit<RunRecord, "agent_options"> & { agent_options: string };

/** A stored metric result with the run it belongs to (the shape notebooks tabulate). */
export type MetricRow = {
  run_id: string;
  evaluation: string;
  batch: string | null;
  task: string;
  split: string | null;
  agent: string;
  model: string;
  repeat: number;
  result: MetricResult;
};

/** The default evaluation label: the pinned judge, so a re-judge with another judge is stored beside, not over. */
export function evaluationLabel(result: MetricResult): string {
  const j = result.judge;
  return [j.judge, j.model, j.protocol, j.prompt_hash].filter(Boolean).join("|");
}

/** How often this process stamps `heartbeat_at` on the runs it owns. */
export const HEARTBEAT_MS = 15_000;

/** What `claimRun` found: the run is now this process's to run, finished already, or running in a live process. */
export type Claim = "claimed" | "done" | "busy";

export class RunStore implements UsageSink {
  readonly db: SqlDb;
  /** The file path, or the database URL without its password. */
  readonly path: string;
  /** Runs a dead process had left `running`, marked `interrupted` when this store was opened. */
  readonly interrupted: RunRecord[];
  private readonly heartbeat: ReturnType<typeof setInterval>;

  /** `location`: a SQLite file path (or `:memory:`), or a `postgres://` URL. */
  constructor(location: string = DEFAULT_RUN_STORE_PATH) {
    // Several processes (two evals, a server and a notebook, many workers) share the store: writers wait rather than fail.
    this.db = openMigrated(location, "run store", MIGRATIONS);
    this.path = this.db.location;
    this.interrupted = this.markInterrupted();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Stamp the runs this process is running as alive. */
  private beat(): void {
    try {
      this.db
        .query("UPDATE runs SET heartbeat_at = ? WHERE owner = ? AND status = 'running'")
        .run(new Date().toISOString(), OWNER);
    } catch (error) {
      // A timer must not end the process (a database server restarting): the next store call reports it.
      console.error(`run store ${this.path}: heartbeat failed: ${(error as Error).message}`);
    }
  }

  /**
   * Mark runs whose owner is gone `interrupted` (its pid is dead on this host, or its heartbeat is stale); returns
   * them. Runs on the next start of anything that opens the store; `drflow eval` resumes them, the API reports them.
   */
  markInterrupted(now: Date = new Date()): RunRecord[] {
    const found = this.listRuns({ status: "running" }).filter((r) => deadOwner(r, now));
    const mark = this.db.query(
      "UPDATE runs SET status = 'interrupted', error = ?, finished_at = ? WHERE id = ? AND status = 'running'",
    );
    for (const r of found) {
      mark.run(
        `interrupted: its process (${r.owner ?? "unknown"}) ended while it was running`,
        now.toISOString(),
        r.id,
      );
    }
    return found.map((r) => this.getRun(r.id)!);
  }

  /**
   * Mark a run another process holds `running` as `interrupted` because its owner is known to be gone (the queue
   * gave its cell to this process); true when it was. The next `claimRun` takes it over.
   */
  releaseRun(id: string, reason: string, now: Date = new Date()): boolean {
    const { changes } = this.db.run(
      "UPDATE runs SET status = 'interrupted', error = ?, finished_at = ? WHERE id = ? AND status = 'running' AND owner <> ?",
      [`interrupted: ${reason}`, now.toISOString(), id, OWNER],
    );
    return changes > 0;
  }

  /**
   * Reopen a finished run (status `interrupted`, with `reason`) so the next `claimRun` takes it over and what is left
   * to do runs again — its report and trace are kept (a cell whose judge scored nothing is judged again). True when
   * the run was `done`.
   */
  reopenRun(id: string, reason: string, now: Date = new Date()): boolean {
    const { changes } = this.db.run(
      "UPDATE runs SET status = 'interrupted', error = ?, finished_at = ? WHERE id = ? AND status = 'done'",
      [`interrupted: ${reason}`, now.toISOString(), id],
    );
    return changes > 0;
  }

  /**
   * Take a run for this process in one write transaction: a new run is inserted as `running`; a failed or
   * interrupted one (or one whose owner died) is taken over, keeping what hangs off it; a finished one is `done`;
   * one running in a live process is `busy` (wait and look again). Two processes never run the same run at once.
   */
  claimRun(input: z.input<typeof RunRecord>): Claim {
    return this.db.transaction(
      (): Claim => {
        const existing = this.getRun(input.id);
        if (existing?.status === "done") return "done";
        if (existing?.status === "running" && !deadOwner(existing, new Date())) return "busy";
        this.saveRun({
          ...(existing ?? input),
          status: "running",
          owner: OWNER,
          error: null,
          finished_at: null,
        });
        return "claimed";
      },
      { lock: `run ${input.id}` },
    );
  }

  /**
   * Insert a run, or update it in place (validated against RunRecord). An upsert, never a delete and
   * re-insert, so the run's report, calls, metrics and citations survive a status update.
   */
  saveRun(input: z.input<typeof RunRecord>): RunRecord {
    const parsed = RunRecord.parse(input);
    // Handles may carry credentials (a key in a compat URL): the store keeps them redacted.
    const redacted = {
      ...parsed,
      model: redactSecrets(parsed.model),
      error: parsed.error === null ? null : redactSecrets(parsed.error),
    };
    // A running run belongs to this process unless told otherwise; its heartbeat starts now.
    const run =
      redacted.status === "running"
        ? { ...redacted, owner: redacted.owner ?? OWNER, heartbeat_at: new Date().toISOString() }
        : redacted;
    this.db
      .query(
        // A new row's usage totals count any call recorded before it; later calls add to them (recordCall).
        `INSERT INTO runs (id, kind, batch, task, split, agent, agent_options, model, repeat, status, started_at, finished_at, error,
           identity, owner, heartbeat_at, usage_tokens, usage_cost)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
           (SELECT COALESCE(SUM(c.input_tokens + c.output_tokens), 0) FROM llm_calls c WHERE c.run_id = ?),
           (SELECT CASE WHEN SUM(CASE WHEN c.cost_usd IS NULL THEN 1 ELSE 0 END) > 0 THEN NULL ELSE COALESCE(SUM(c.cost_usd), 0) END
            FROM llm_calls c WHERE c.run_id = ?))
         ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, batch = excluded.batch, task = excluded.task,
           split = excluded.split, agent = excluded.agent, agent_options = excluded.agent_options, model = excluded.model,
           repeat = excluded.repeat, status = excluded.status, started_at = excluded.started_at,
           finished_at = excluded.finished_at, error = excluded.error, identity = excluded.identity,
           owner = excluded.owner, heartbeat_at = excluded.heartbeat_at`,
      )
      .run(
        run.id,
        run.kind,
        run.batch,
        run.task,
        run.split,
        run.agent,
        JSON.stringify(run.agent_options),
        run.model,
        run.repeat,
        run.status,
        run.started_at,
        run.finished_at,
        run.error,
        run.identity,
        run.owner,
        run.heartbeat_at,
        run.id,
        run.id,
      );
    return run;
  }

  /** Mark a run done or failed. */
  finishRun(
    id: string,
    outcome: { status: "done" | "failed"; error?: string | null; finishedAt: string },
  ): void {
    const changed = this.db
      .query("UPDATE runs SET status = ?, error = ?, finished_at = ? WHERE id = ?")
      .run(outcome.status, outcome.error ? redactSecrets(outcome.error) : null, outcome.finishedAt, id);
    if (changed.changes === 0) throw new Error(`run store: no run "${id}" to finish`);
  }

  getRun(id: string): RunRecord | null {
    const row = this.db.query<RunRow, [string]>("SELECT * FROM runs WHERE id = ?").get(id);
    return row ? RunRecord.parse({ ...row, agent_options: JSON.parse(row.agent_options) }) : null;
  }

  listRuns(filter: RunFilter = {}): RunRecord[] {
    const { clauses, values } = runClauses(filter);
    return this.db
      .query<RunRow, string[]>(`SELECT * FROM runs r ${whereSql(clauses)} ORDER BY r.started_at, r.id`)
      .all(...values)
      .map((row) => RunRecord.parse({ ...row, agent_options: JSON.parse(row.agent_options) }));
  }

  private saveDocument(runId: string, kind: "report" | "trace", value: unknown, now: string): void {
    this.db
      .query(
        `INSERT INTO run_documents (run_id, kind, json, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (run_id, kind) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at`,
      )
      .run(runId, kind, JSON.stringify(value), now);
  }

  /** Store a run's report and, in the same transaction, its citations (replacing earlier ones). */
  saveReport(runId: string, report: Report, now: string = new Date().toISOString()): CitationRow[] {
    const parsed = Report.parse(report);
    const citations = citationsOfReport(parsed);
    this.db.transaction(() => {
      this.saveDocument(runId, "report", parsed, now);
      indexReport(this.db, runId, JSON.stringify(parsed));
      this.db.query("DELETE FROM citations WHERE run_id = ?").run(runId);
      const insert = this.db.query(
        "INSERT INTO citations (run_id, section, step, citation_key, source_id, source_task, source_role) VALUES (?, ?, ?, ?, ?, ?, ?)",
      );
      for (const c of citations) {
        insert.run(runId, c.section, c.step, c.citation_key, c.source_id, c.source_task, c.source_role);
      }
    });
    return citations;
  }

  getReport(runId: string): Report | null {
    const row = this.db
      .query<{ json: string }, [string]>(
        "SELECT json FROM run_documents WHERE run_id = ? AND kind = 'report'",
      )
      .get(runId);
    return row ? Report.parse(JSON.parse(row.json)) : null;
  }

  saveTrace(runId: string, trace: unknown[], now: string = new Date().toISOString()): void {
    this.saveDocument(runId, "trace", JSON.parse(redactSecrets(JSON.stringify(trace))) as unknown[], now);
  }

  getTrace(runId: string): unknown[] | null {
    const row = this.db
      .query<{ json: string }, [string]>("SELECT json FROM run_documents WHERE run_id = ? AND kind = 'trace'")
      .get(runId);
    return row ? (JSON.parse(row.json) as unknown[]) : null;
  }

  /** UsageSink: one row per finished LLM call, committed at once so a crash keeps it. */
  recordCall(input: z.input<typeof CallRecord>): void {
    const c = CallRecord.parse(input);
    this.db.transaction(() => this.insertCall(c));
  }

  /** A call's row, and its tokens and cost added to its run's totals (an unpriced call makes the cost unknown: NULL). */
  private insertCall(c: CallRecord): void {
    if (c.run_id !== null)
      this.db.run(
        "UPDATE runs SET usage_tokens = usage_tokens + ?, usage_cost = usage_cost + ? WHERE id = ?",
        [c.input_tokens + c.output_tokens, c.cost_usd, c.run_id],
      );
    this.db
      .query(
        `INSERT INTO llm_calls (run_id, stage, role, handle, provider, model, kind, temperature, seed, prompt_template,
           request_key, input_tokens, output_tokens, usage_source, cost_usd, latency_ms, cached, attempt, retries, started_at,
           error)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        c.run_id,
        c.stage,
        c.role,
        redactSecrets(c.handle),
        c.provider,
        c.model,
        c.kind,
        c.temperature,
        c.seed,
        c.prompt_template,
        c.request_key,
        c.input_tokens,
        c.output_tokens,
        c.usage_source,
        c.cost_usd,
        c.latency_ms,
        c.cached ? 1 : 0,
        c.attempt,
        c.retries,
        c.started_at,
        c.error === null ? null : redactSecrets(c.error),
      );
  }

  /** The calls of one run, in order. */
  calls(runId: string): CallRecord[] {
    return this.db
      .query<Record<string, unknown>, [string]>("SELECT * FROM llm_calls WHERE run_id = ? ORDER BY id")
      .all(runId)
      .map(({ id: _id, cached, ...row }) => CallRecord.parse({ ...row, cached: cached === 1 }));
  }

  /** Store metric results of a run in one transaction; the same run, evaluation and metric is replaced. */
  saveMetrics(
    runId: string,
    results: MetricResult[],
    options: { evaluation?: string; now?: string } = {},
  ): void {
    const now = options.now ?? new Date().toISOString();
    const parsed = results.map((r) => MetricResult.parse(r));
    const insert = this.db.query(
      `INSERT INTO metric_results (run_id, evaluation, metric, value, scored, unscored, tokens, judge, judge_model,
         protocol, prompt_hash, result, created_at, not_applicable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id, evaluation, metric) DO UPDATE SET value = excluded.value, scored = excluded.scored,
         not_applicable = excluded.not_applicable,
         unscored = excluded.unscored, tokens = excluded.tokens, judge = excluded.judge,
         judge_model = excluded.judge_model, protocol = excluded.protocol, prompt_hash = excluded.prompt_hash,
         result = excluded.result, created_at = excluded.created_at`,
    );
    this.db.transaction(() => {
      for (const r of parsed) {
        insert.run(
          runId,
          options.evaluation ?? evaluationLabel(r),
          r.metric,
          r.value,
          r.scored,
          r.unscored,
          r.tokens,
          r.judge.judge,
          r.judge.model,
          r.judge.protocol,
          r.judge.prompt_hash,
          JSON.stringify(r),
          now,
          r.value === null && r.not_applicable ? 1 : 0,
        );
      }
    });
  }

  /** Metric results with their run's fields, for the runs the filter selects (and one metric, if given). */
  metrics(filter: RunFilter & { metric?: string; evaluation?: string } = {}): MetricRow[] {
    const { metric, evaluation, ...runFilter } = filter;
    const { clauses, values } = runClauses(runFilter);
    if (metric) {
      clauses.push("m.metric = ?");
      values.push(metric);
    }
    if (evaluation) {
      clauses.push("m.evaluation = ?");
      values.push(evaluation);
    }
    type Row = Omit<MetricRow, "result"> & { result: string };
    return this.db
      .query<Row, string[]>(
        `SELECT m.run_id, m.evaluation, r.batch, r.task, r.split, r.agent, r.model, r.repeat, m.result
         FROM metric_results m JOIN runs r ON r.id = m.run_id ${whereSql(clauses)} ORDER BY r.task, r.id, m.metric, m.evaluation`,
      )
      .all(...values)
      .map((row) => ({ ...row, result: MetricResult.parse(JSON.parse(row.result)) }));
  }

  /** Citations of the selected runs, with the run id. */
  citations(filter: RunFilter = {}): (CitationRow & { run_id: string })[] {
    const { clauses, values } = runClauses(filter);
    return this.db
      .query<CitationRow & { run_id: string }, string[]>(
        `SELECT c.run_id, c.section, c.step, c.citation_key, c.source_id, c.source_task, c.source_role
         FROM citations c JOIN runs r ON r.id = c.run_id ${whereSql(clauses)} ORDER BY c.id`,
      )
      .all(...values);
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.db.close();
  }
}
