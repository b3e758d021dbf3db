/** @module Versioned schema migrations of the run store (SQLite dialect, or both where they differ; applied by `migrate` in sql.ts). */
import { type Migration, postgresDdl } from "./sql.ts";

/** Migration 7's usage columns, filled from the calls already stored (`real`: the dialect's float type). */
function usageColumns(real: string): string {
  return `
  ALTER TABLE runs ADD COLUMN usage_tokens INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE runs ADD COLUMN usage_cost ${real} DEFAULT 0;
  UPDATE runs SET usage_tokens = u.tokens, usage_cost = u.cost
    FROM (SELECT run_id, SUM(input_tokens + output_tokens) AS tokens,
            CASE WHEN SUM(CASE WHEN cost_usd IS NULL THEN 1 ELSE 0 END) > 0 THEN NULL ELSE SUM(cost_usd) END AS cost
          FROM llm_calls WHERE run_id IS NOT NULL GROUP BY run_id) u
    WHERE runs.id = u.run_id;
  CREATE INDEX runs_kind_cost ON runs(kind, usage_cost, id);
  CREATE INDEX runs_kind_tokens ON runs(kind, usage_tokens, id);`;
}

/** Migration 7's partial indexes of the triage views: runs with a not-applicable result, runs with an unscored one. */
const OUTCOME_INDEXES = `
  CREATE INDEX metric_results_na ON metric_results(run_id) WHERE not_applicable = 1;
  CREATE INDEX metric_results_unscored ON metric_results(run_id) WHERE value IS NULL AND not_applicable = 0;`;

/**
 * Migration 10's table: each agent run's latest result per metric, with the run's columns the grid and compare group
 * and filter by, so a batch of 20,000 runs or a side of the whole store is an index range scan rather than a probe
 * of every run's results. Kept by triggers on `metric_results` and `runs` (every writer, any process), filled from
 * what the store holds.
 */
const LATEST_TABLE = `
  CREATE TABLE latest_results (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    metric TEXT NOT NULL,
    result_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    value REAL,
    not_applicable INTEGER NOT NULL,
    batch TEXT,
    task TEXT NOT NULL,
    split TEXT,
    agent TEXT NOT NULL,
    model TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (run_id, metric)
  );`;

/** The latest result of each (run, metric) an agent run holds, as `latest_results` rows (`where`: which ones). */
const latestRows = (where: string) => `
  SELECT m.run_id, m.metric, m.id, m.created_at, m.value, m.not_applicable, r.batch, r.task, r.split, r.agent, r.model, r.repeat, r.status
    FROM metric_results m JOIN runs r ON r.id = m.run_id
    WHERE r.kind = 'agent' AND ${where} AND NOT EXISTS (SELECT 1 FROM metric_results n WHERE n.run_id = m.run_id AND n.metric = m.metric
      AND (n.created_at > m.created_at OR (n.created_at = m.created_at AND n.id > m.id)))`;

const LATEST_COLUMNS =
  "(run_id, metric, result_id, created_at, value, not_applicable, batch, task, split, agent, model, repeat, status)";

/** Recompute the latest row of (run, metric) from `metric_results` (after a result changed or went). */
const relatest = (run: string, metric: string) => `
    DELETE FROM latest_results WHERE run_id = ${run} AND metric = ${metric};
    INSERT INTO latest_results ${LATEST_COLUMNS} ${latestRows(`m.run_id = ${run} AND m.metric = ${metric}`)};`;

/** Copy a run's columns onto its latest rows (a run's status changes; `saveRun` rewrites them all). */
const RUN_COLUMNS_TO_LATEST = (run: string) => `
    UPDATE latest_results SET batch = ${run}.batch, task = ${run}.task, split = ${run}.split, agent = ${run}.agent,
      model = ${run}.model, repeat = ${run}.repeat, status = ${run}.status WHERE run_id = ${run}.id;
    DELETE FROM latest_results WHERE run_id = ${run}.id AND ${run}.kind <> 'agent';`;

/**
 * Migration 10's indexes, each read alone and in its order: a batch's configurations × metrics × repeats (the grid),
 * a batch's tasks × configurations for one metric (its cells, and a compare side within a batch), a split's tasks ×
 * metrics over the whole store (a compare side), and a batch's runs per task, configuration and repeat with their
 * statuses (the grid's counts and links).
 */
const LATEST_INDEXES = `
  CREATE INDEX latest_results_batch ON latest_results(batch, agent, model, split, metric, repeat, status, value, not_applicable);
  CREATE INDEX latest_results_cells ON latest_results(batch, metric, task, agent, model, split, status, value, not_applicable, run_id);
  CREATE INDEX latest_results_split ON latest_results(split, status, task, metric, value, run_id);
  CREATE INDEX runs_kind_batch_cells ON runs(kind, batch, task, agent, model, split, repeat, status, id);`;

/**
 * Migration 11's table: `latest_results` summed per batch, configuration, task, repeat, run status and metric (how
 * many latest results, how many with a value, their sum, how many not applicable), so the grid of a 20,000-run batch
 * and a compare side over the whole store read one row per group, not per run. A missing batch or split is ''. Kept by
 * triggers on `latest_results`; a group whose last result goes is removed.
 */
const SUMS_TABLE = `
  CREATE TABLE latest_sums (
    batch TEXT NOT NULL,
    agent TEXT NOT NULL,
    model TEXT NOT NULL,
    split TEXT NOT NULL,
    task TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    status TEXT NOT NULL,
    metric TEXT NOT NULL,
    results INTEGER NOT NULL,
    valued INTEGER NOT NULL,
    total REAL NOT NULL,
    na INTEGER NOT NULL,
    PRIMARY KEY (batch, agent, model, split, task, repeat, status, metric)
  );`;

const sumKey = (row: string) =>
  `batch = COALESCE(${row}.batch, '') AND agent = ${row}.agent AND model = ${row}.model AND split = COALESCE(${row}.split, '')
      AND task = ${row}.task AND repeat = ${row}.repeat AND status = ${row}.status AND metric = ${row}.metric`;

/** Add a latest result (`NEW`) to its group. */
const ADD_TO_SUMS = `
    INSERT INTO latest_sums (batch, agent, model, split, task, repeat, status, metric, results, valued, total, na)
      VALUES (COALESCE(NEW.batch, ''), NEW.agent, NEW.model, COALESCE(NEW.split, ''), NEW.task, NEW.repeat, NEW.status, NEW.metric,
        1, CASE WHEN NEW.value IS NULL THEN 0 ELSE 1 END, COALESCE(NEW.value, 0), NEW.not_applicable)
      ON CONFLICT (batch, agent, model, split, task, repeat, status, metric) DO UPDATE SET
        results = latest_sums.results + 1, valued = latest_sums.valued + excluded.valued,
        total = latest_sums.total + excluded.total, na = latest_sums.na + excluded.na;`;

/** Take a latest result (`OLD`) out of its group. */
const TAKE_FROM_SUMS = `
    UPDATE latest_sums SET results = results - 1, valued = valued - CASE WHEN OLD.value IS NULL THEN 0 ELSE 1 END,
      total = total - COALESCE(OLD.value, 0), na = na - OLD.not_applicable WHERE ${sumKey("OLD")};
    DELETE FROM latest_sums WHERE ${sumKey("OLD")} AND results <= 0;`;

const SUMS_FILL = `
  INSERT INTO latest_sums (batch, agent, model, split, task, repeat, status, metric, results, valued, total, na)
    SELECT COALESCE(batch, ''), agent, model, COALESCE(split, ''), task, repeat, status, metric, COUNT(*), COUNT(value),
      COALESCE(SUM(value), 0), SUM(not_applicable)
    FROM latest_results GROUP BY COALESCE(batch, ''), agent, model, COALESCE(split, ''), task, repeat, status, metric;
  CREATE INDEX latest_sums_split ON latest_sums(split, status, task, metric, valued, total);
  CREATE INDEX runs_kind_split_status_task ON runs(kind, split, status, task, id);`;

/** Migration n (1-based) takes the schema from version n-1 to n. Never edit a released one; append. */
export const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    batch TEXT,
    task TEXT NOT NULL DEFAULT '',
    split TEXT,
    agent TEXT NOT NULL DEFAULT '',
    agent_options TEXT NOT NULL DEFAULT '{}',
    model TEXT NOT NULL DEFAULT '',
    repeat INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    error TEXT
  );
  CREATE INDEX runs_batch ON runs(batch);
  CREATE INDEX runs_task ON runs(task);
  CREATE TABLE run_documents (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('report', 'trace')),
    json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (run_id, kind)
  );
  CREATE TABLE llm_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT,
    stage TEXT NOT NULL,
    role TEXT NOT NULL,
    handle TEXT NOT NULL,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    kind TEXT NOT NULL,
    temperature REAL,
    seed INTEGER,
    prompt_template TEXT NOT NULL,
    request_key TEXT NOT NULL,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    usage_source TEXT NOT NULL,
    cost_usd REAL,
    latency_ms REAL NOT NULL,
    cached INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    retries INTEGER NOT NULL,
    started_at TEXT NOT NULL
  );
  CREATE INDEX llm_calls_run ON llm_calls(run_id);
  CREATE TABLE metric_results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    evaluation TEXT NOT NULL,
    metric TEXT NOT NULL,
    value REAL,
    scored INTEGER NOT NULL,
    unscored INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    judge TEXT NOT NULL,
    judge_model TEXT NOT NULL,
    protocol TEXT NOT NULL,
    prompt_hash TEXT NOT NULL,
    result TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (run_id, evaluation, metric)
  );
  CREATE INDEX metric_results_run ON metric_results(run_id);
  CREATE TABLE citations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    section TEXT NOT NULL,
    step TEXT NOT NULL,
    citation_key TEXT NOT NULL,
    source_id TEXT NOT NULL,
    source_task TEXT,
    source_role TEXT
  );
  CREATE INDEX citations_run ON citations(run_id);
  `,
  `
  ALTER TABLE runs ADD COLUMN identity TEXT;
  ALTER TABLE runs ADD COLUMN owner TEXT;
  ALTER TABLE runs ADD COLUMN heartbeat_at TEXT;
  CREATE INDEX runs_status ON runs(status);
  `,
  // 3: failed requests and rejected replies are recorded with their reason.
  `ALTER TABLE llm_calls ADD COLUMN error TEXT;`,
  // 4: human annotation campaigns (Appendix F): the runs annotated, annotators (a hash of their link's secret), and
  // their step-matching labels. Plain SQL both SQLite and PostgreSQL run; queries in src/studio/annotation/store.ts.
  // The UNIQUE over (…, gold_step) is the one-to-one rule: NULL (unmatched) never collides, a gold step does.
  `
  CREATE TABLE annotation_campaigns (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    guideline TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE annotation_items (
    campaign_id TEXT NOT NULL REFERENCES annotation_campaigns(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    run_id TEXT NOT NULL,
    PRIMARY KEY (campaign_id, id),
    UNIQUE (campaign_id, run_id)
  );
  CREATE TABLE annotation_annotators (
    campaign_id TEXT NOT NULL REFERENCES annotation_campaigns(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    PRIMARY KEY (campaign_id, id),
    UNIQUE (campaign_id, name)
  );
  CREATE TABLE annotation_labels (
    campaign_id TEXT NOT NULL REFERENCES annotation_campaigns(id) ON DELETE CASCADE,
    annotator_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    gold_step INTEGER,
    note TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, annotator_id, item_id, step),
    UNIQUE (campaign_id, annotator_id, item_id, gold_step)
  );
  `,
  // 5: a campaign labels every metric, not only the matching: per matched pair the condition resolution (N.4: 1, 0.5,
  // 0) and the four comprehensiveness dimensions (N.5, JSON), and per predicted step whether its cited documents
  // support it (factuality). NULL: not labelled.
  `
  ALTER TABLE annotation_labels ADD COLUMN cr REAL;
  ALTER TABLE annotation_labels ADD COLUMN pc TEXT;
  ALTER TABLE annotation_labels ADD COLUMN supported INTEGER;
  `,
  // 6: pages over 100,000 runs (scripts/bench/studio.ts): a run's latest metric values from an index alone, a metric's
  // values in order (the runs list sorted by a metric), agent runs by start time, task, agent, batch in index order, and
  // the filter forms' distinct splits, models and statuses; results without a value (the unscored and not-applicable
  // views) from a partial index; a run's tokens and cost from an index (sorting by them).
  `
  CREATE INDEX metric_results_latest ON metric_results(run_id, metric, created_at, id, value, scored, unscored);
  CREATE INDEX metric_results_value ON metric_results(metric, value, run_id);
  CREATE INDEX runs_kind_started ON runs(kind, started_at, id);
  CREATE INDEX runs_kind_task ON runs(kind, task, id);
  CREATE INDEX runs_kind_agent ON runs(kind, agent, id);
  CREATE INDEX runs_kind_batch ON runs(kind, batch, started_at, id);
  CREATE INDEX metric_results_unvalued ON metric_results(run_id, metric) WHERE value IS NULL;
  CREATE INDEX llm_calls_run_usage ON llm_calls(run_id, input_tokens, output_tokens, cost_usd, cached);
  CREATE INDEX runs_kind_split ON runs(kind, split);
  CREATE INDEX runs_kind_model ON runs(kind, model);
  CREATE INDEX runs_kind_status ON runs(kind, status);
  `,
  // 7: every sort and filter of the runs list from an index at 100,000 runs (scripts/bench/studio.ts): a run's token
  // and cost totals on its row (kept by `recordCall`; cost NULL once a call is unpriced), whether a result without a
  // value is not applicable (kept by `saveMetrics`), and a full-text index of report text (kept by `saveReport`, see
  // run-search.ts), each filled from what the store already holds.
  {
    sqlite: `${usageColumns("REAL")}
  ALTER TABLE metric_results ADD COLUMN not_applicable INTEGER NOT NULL DEFAULT 0;
  UPDATE metric_results SET not_applicable = 1 WHERE value IS NULL AND json_extract(result, '$.not_applicable') IS NOT NULL;
  ${OUTCOME_INDEXES}
  CREATE TABLE run_search (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL UNIQUE REFERENCES runs(id) ON DELETE CASCADE);
  CREATE VIRTUAL TABLE run_search_text USING fts5(body, content='', contentless_delete=1);
  INSERT INTO run_search (run_id) SELECT run_id FROM run_documents WHERE kind = 'report';
  INSERT INTO run_search_text (rowid, body)
    SELECT s.id, d.json FROM run_search s JOIN run_documents d ON d.run_id = s.run_id AND d.kind = 'report';
  `,
    postgres: `${usageColumns("DOUBLE PRECISION")}
  ALTER TABLE metric_results ADD COLUMN not_applicable INTEGER NOT NULL DEFAULT 0;
  UPDATE metric_results SET not_applicable = 1 WHERE value IS NULL AND (result::json ->> 'not_applicable') IS NOT NULL;
  ${OUTCOME_INDEXES}
  CREATE TABLE run_search (run_id TEXT COLLATE "C" PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE, body TSVECTOR NOT NULL);
  CREATE INDEX run_search_body ON run_search USING GIN (body);
  INSERT INTO run_search (run_id, body) SELECT run_id, to_tsvector('simple', json) FROM run_documents WHERE kind = 'report';
  `,
  },
  // 8: adjudication of annotation campaigns: where annotators disagree on a predicted step, an adjudicator's final
  // gold step (NULL: unmatched), one per step, a gold step at most once per workflow (src/studio/annotation/store.ts).
  `
  CREATE TABLE annotation_adjudications (
    campaign_id TEXT NOT NULL REFERENCES annotation_campaigns(id) ON DELETE CASCADE,
    item_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    gold_step INTEGER,
    adjudicator TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, item_id, step),
    UNIQUE (campaign_id, item_id, gold_step)
  );
  `,
  // 9: a result's not-applicable flag (migration 7, stored after the large result JSON) read from an index with the
  // latest-evaluation columns, so grids and comparisons over many runs never read a result's row.
  `
  CREATE INDEX metric_results_latest_na ON metric_results(run_id, metric, created_at, id, value, not_applicable);
  DROP INDEX metric_results_latest;
  `,
  // 10: the latest result of each agent run and metric in a table of its own (LATEST_TABLE), kept by triggers.
  {
    sqlite: `${LATEST_TABLE}
  INSERT INTO latest_results ${LATEST_COLUMNS} ${latestRows("1 = 1")};
  ${LATEST_INDEXES}
  CREATE TRIGGER latest_results_insert AFTER INSERT ON metric_results BEGIN
    INSERT INTO latest_results ${LATEST_COLUMNS}
      SELECT NEW.run_id, NEW.metric, NEW.id, NEW.created_at, NEW.value, NEW.not_applicable, r.batch, r.task, r.split, r.agent, r.model, r.repeat, r.status
      FROM runs r WHERE r.id = NEW.run_id AND r.kind = 'agent'
      ON CONFLICT (run_id, metric) DO UPDATE SET result_id = excluded.result_id, created_at = excluded.created_at,
        value = excluded.value, not_applicable = excluded.not_applicable
      WHERE excluded.created_at > latest_results.created_at
        OR (excluded.created_at = latest_results.created_at AND excluded.result_id > latest_results.result_id);
  END;
  CREATE TRIGGER latest_results_update AFTER UPDATE OF run_id, metric, value, not_applicable, created_at ON metric_results BEGIN
    ${relatest("OLD.run_id", "OLD.metric")}
    ${relatest("NEW.run_id", "NEW.metric")}
  END;
  CREATE TRIGGER latest_results_delete AFTER DELETE ON metric_results BEGIN
    ${relatest("OLD.run_id", "OLD.metric")}
  END;
  CREATE TRIGGER latest_results_run AFTER UPDATE OF kind, batch, task, split, agent, model, repeat, status ON runs BEGIN
    ${RUN_COLUMNS_TO_LATEST("NEW")}
  END;
  `,
    postgres: `${postgresDdl(LATEST_TABLE)}
  INSERT INTO latest_results ${LATEST_COLUMNS} ${latestRows("1 = 1")};
  ${LATEST_INDEXES}
  CREATE FUNCTION latest_results_of_result() RETURNS trigger LANGUAGE plpgsql AS $latest$
  BEGIN
    IF TG_OP <> 'INSERT' THEN ${relatest("OLD.run_id", "OLD.metric")} END IF;
    IF TG_OP <> 'DELETE' THEN ${relatest("NEW.run_id", "NEW.metric")} END IF;
    RETURN NULL;
  END $latest$;
  CREATE TRIGGER latest_results_result AFTER INSERT OR UPDATE OR DELETE ON metric_results
    FOR EACH ROW EXECUTE FUNCTION latest_results_of_result();
  CREATE FUNCTION latest_results_of_run() RETURNS trigger LANGUAGE plpgsql AS $latest$
  BEGIN
    ${RUN_COLUMNS_TO_LATEST("NEW")}
    RETURN NULL;
  END $latest$;
  CREATE TRIGGER latest_results_run AFTER UPDATE OF kind, batch, task, split, agent, model, repeat, status ON runs
    FOR EACH ROW EXECUTE FUNCTION latest_results_of_run();
  `,
  },
  // 11: latest_results summed per group (SUMS_TABLE), kept by triggers: the grid and compare read groups, not runs.
  {
    sqlite: `${SUMS_TABLE}
  ${SUMS_FILL}
  CREATE TRIGGER latest_sums_insert AFTER INSERT ON latest_results BEGIN ${ADD_TO_SUMS}
  END;
  CREATE TRIGGER latest_sums_update AFTER UPDATE ON latest_results BEGIN ${TAKE_FROM_SUMS} ${ADD_TO_SUMS}
  END;
  CREATE TRIGGER latest_sums_delete AFTER DELETE ON latest_results BEGIN ${TAKE_FROM_SUMS}
  END;
  `,
    postgres: `${postgresDdl(SUMS_TABLE)}
  ${SUMS_FILL}
  CREATE FUNCTION latest_sums_of_latest() RETURNS trigger LANGUAGE plpgsql AS $sums$
  BEGIN
    IF TG_OP <> 'INSERT' THEN ${TAKE_FROM_SUMS} END IF;
    IF TG_OP <> 'DELETE' THEN ${ADD_TO_SUMS} END IF;
    RETURN NULL;
  END $sums$;
  CREATE TRIGGER latest_sums_latest AFTER INSERT OR UPDATE OR DELETE ON latest_results
    FOR EACH ROW EXECUTE FUNCTION latest_sums_of_latest();
  `,
  },
];
