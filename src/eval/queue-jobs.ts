/**
 * @module The two job transitions drflow's queue needs that pg-boss (v12) has no call for, as single statements on its
 * job table, modelled on its own `retryJobs` and `restoreJobs` plans (node_modules/pg-boss/dist/plans.js):
 *
 * - `releaseJob`: an active cell a worker refuses goes back to `retry`, after a short delay, with the refusal on its
 *   data, and costs no attempt (`retry_limit + 1`; `started_on` is kept, so the next fetch counts a new attempt and the
 *   refusing worker's late settlement, fenced on the old attempt, can never touch the next worker's).
 * - `resumeJob`: a failed (dead-lettered) or cancelled cell goes back to `retry` with a full retry budget, its last
 *   outcome appended to `history` on its data. Its copy in the dead-letter queue stays, so nothing of its past is lost.
 */
import type { PgBoss } from "pg-boss";

/** pg-boss's schema (the default; drflow never sets another). */
const SCHEMA = "pgboss";

/** Put an active job back for another worker; false when it is no longer this attempt's (already settled or taken). */
export async function releaseJob(
  boss: PgBoss,
  queue: string,
  job: { id: string; retryCount: number },
  change: { delaySeconds: number; refusals: unknown[]; reason: string },
): Promise<boolean> {
  const result = await boss.getDb().executeSql(
    `UPDATE ${SCHEMA}.job
        SET state = 'retry',
            retry_limit = retry_limit + 1,
            start_after = now() + $4::int * interval '1 second',
            data = jsonb_set(data, '{refusals}', $5::jsonb),
            output = $6::jsonb
      WHERE name = $1 AND id = $2::uuid AND state = 'active' AND retry_count = $3
      RETURNING id`,
    [
      queue,
      job.id,
      job.retryCount,
      change.delaySeconds,
      JSON.stringify(change.refusals),
      JSON.stringify({ reason: change.reason }),
    ],
  );
  return (result.rows?.length ?? 0) > 0;
}

/**
 * Re-enqueue a failed or cancelled job with `retries` retries after its next attempt; its refusals are cleared and its
 * last outcome (state, attempts, reason, when) appended to `data.history`. False when the job is in another state.
 */
export async function resumeJob(boss: PgBoss, queue: string, id: string, retries: number): Promise<boolean> {
  const result = await boss.getDb().executeSql(
    `UPDATE ${SCHEMA}.job
        SET state = 'retry',
            retry_limit = retry_count + 1 + $3::int,
            completed_on = NULL,
            start_after = now(),
            data = jsonb_set(
              data - 'refusals',
              '{history}',
              COALESCE(data->'history', '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
                'state', state::text,
                'attempts', retry_count + 1,
                'reason', COALESCE(output->>'reason', output->>'message', output::text),
                'at', completed_on
              ))
            )
      WHERE name = $1 AND id = $2::uuid AND state IN ('failed', 'cancelled')
      RETURNING id`,
    [queue, id, retries],
  );
  return (result.rows?.length ?? 0) > 0;
}
