/** @module The run store's public face: the store, its query helpers and the citation classifier. */
export { CitationRow, citationsOfReport } from "./citations.ts";
export { MIGRATIONS } from "./migrations.ts";
export { DEFAULT_RUN_STORE_PATH, evaluationLabel, type MetricRow, RunFilter, RunStore } from "./run-store.ts";
export { CALL_TOTALS_SQL, callTotals, callTotalsBy, UsageGroup } from "./usage-queries.ts";
