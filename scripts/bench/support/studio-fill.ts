/**
 * @module The studio bench's store filler: copies of a batch's runs with everything a run holds (report and trace
 * documents, metric results with their items, citations, the report's search index) plus two model calls each, in
 * either dialect of the run store. Scores vary per copy, 3 % of runs fail (no metrics) and 1 % of results are
 * unscored, so sorts and filters have work to do; the first `bigCopies` copies form one large batch.
 */
import type { RunStore } from "../../../src/store/run-store.ts";

/** The batch copy `k` goes to: one large batch first, then batches of 10 copies. */
export function batchOfCopy(k: number, bigCopies: number): string {
  return k <= bigCopies ? "bench-big" : `bench-${String(Math.floor(k / 10)).padStart(4, "0")}`;
}

export function fillStore(
  store: RunStore,
  batch: string,
  options: { copies: number; from: number; bigCopies: number },
): void {
  const db = store.db;
  const pg = db.dialect === "postgres";
  const rnd = (n: number) => (pg ? `(floor(random() * ${n}))::int` : `(abs(random()) % ${n})`);
  const minutesBack = (k: number) =>
    pg
      ? `to_char((started_at::timestamptz - interval '${k} minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', started_at, '-${k} minutes')`;
  const columns = db
    .query<{ name: string }, []>(
      pg
        ? "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'runs' AND table_schema = current_schema() ORDER BY ordinal_position"
        : "PRAGMA table_info(runs)",
    )
    .all()
    .map((c) => c.name);
  const copied = (k: number) =>
    columns
      .map((c) =>
        c === "batch"
          ? `'${batchOfCopy(k, options.bigCopies)}'`
          : c === "id" || c === "identity"
            ? `${c} || '-c${k}'`
            : c === "status"
              ? `CASE WHEN ${rnd(100)} < 3 THEN 'failed' ELSE status END`
              : c === "started_at"
                ? minutesBack(k)
                : c,
      )
      .join(", ");
  for (let k = options.from; k <= options.copies; k++) {
    db.transaction(() => {
      db.run(`INSERT INTO runs (${columns.join(", ")}) SELECT ${copied(k)} FROM runs WHERE batch = ?`, [
        batch,
      ]);
      db.run(
        `INSERT INTO run_documents (run_id, kind, json, updated_at)
         SELECT d.run_id || '-c${k}', d.kind, d.json, d.updated_at FROM run_documents d JOIN runs r ON r.id = d.run_id WHERE r.batch = ?`,
        [batch],
      );
      if (pg)
        db.run(
          `INSERT INTO run_search (run_id, body)
           SELECT s.run_id || '-c${k}', s.body FROM run_search s JOIN runs r ON r.id = s.run_id WHERE r.batch = ?`,
          [batch],
        );
      else {
        db.run(
          `INSERT INTO run_search (run_id) SELECT d.run_id || '-c${k}' FROM run_documents d JOIN runs r ON r.id = d.run_id
           WHERE r.batch = ? AND d.kind = 'report'`,
          [batch],
        );
        db.run(
          `INSERT INTO run_search_text (rowid, body)
           SELECT s.id, d.json FROM run_documents d JOIN runs r ON r.id = d.run_id JOIN run_search s ON s.run_id = d.run_id || '-c${k}'
           WHERE r.batch = ? AND d.kind = 'report'`,
          [batch],
        );
      }
      db.run(
        `INSERT INTO metric_results (run_id, evaluation, metric, value, scored, unscored, tokens, judge, judge_model, protocol, prompt_hash, result, created_at, not_applicable)
         SELECT m.run_id || '-c${k}', m.evaluation, m.metric,
           CASE WHEN m.value IS NULL OR ${rnd(100)} = 0 THEN NULL ELSE ${pg ? "LEAST" : "MIN"}(1.0, m.value * (0.55 + ${rnd(450)} / 1000.0)) END,
           m.scored, m.unscored, m.tokens, m.judge, m.judge_model, m.protocol, m.prompt_hash, m.result, m.created_at, m.not_applicable
         FROM runs r JOIN metric_results m ON m.run_id = r.id JOIN runs c ON c.id = r.id || '-c${k}'
         WHERE r.batch = ? AND c.status = 'done'`,
        [batch],
      );
      db.run(
        `INSERT INTO citations (run_id, section, step, citation_key, source_id, source_task, source_role)
         SELECT x.run_id || '-c${k}', x.section, x.step, x.citation_key, x.source_id, x.source_task, x.source_role
         FROM citations x JOIN runs r ON r.id = x.run_id WHERE r.batch = ?`,
        [batch],
      );
      for (const stage of ["planning", "report"])
        db.run(
          `INSERT INTO llm_calls (run_id, stage, role, handle, provider, model, kind, temperature, seed, prompt_template, request_key,
             input_tokens, output_tokens, usage_source, cost_usd, latency_ms, cached, attempt, retries, started_at)
           SELECT id || '-c${k}', '${stage}', 'agent', 'compat:bench#m', 'compat', 'm', 'chat', 0, NULL, 'J.4', 'k-' || id || '-c${k}-${stage}',
             1000 + ${rnd(9000)}, 100 + ${rnd(900)}, 'provider',
             CASE WHEN ${rnd(50)} = 0 THEN NULL ELSE ${rnd(1000)} / 100000.0 END, 300, 0, 1, 0, started_at
           FROM runs WHERE batch = ?`,
          [batch],
        );
      // The copies' usage totals, as recordCall keeps them.
      db.run(
        `UPDATE runs SET usage_tokens = u.tokens, usage_cost = u.cost
         FROM (SELECT run_id, SUM(input_tokens + output_tokens) AS tokens,
                 CASE WHEN SUM(CASE WHEN cost_usd IS NULL THEN 1 ELSE 0 END) > 0 THEN NULL ELSE SUM(cost_usd) END AS cost
               FROM llm_calls WHERE run_id IN (SELECT id || '-c${k}' FROM runs WHERE batch = ?) GROUP BY run_id) u
         WHERE runs.id = u.run_id`,
        [batch],
      );
    });
  }
}
