with fetched as (
    WITH next as (
      SELECT id, singleton_key, policy
      FROM pgboss.job
      WHERE name = $1
        AND state < 'active'
        AND start_after < now()
      ORDER BY priority desc, created_on, id
      LIMIT $2
      FOR UPDATE SKIP LOCKED
    ), grouped as (
      SELECT
        n.id,
        n.policy as grouped_policy,
        row_number() OVER (
          PARTITION BY CASE
            WHEN $3 > 1 AND n.policy in ('singleton', 'stately') THEN n.singleton_key -- gate singleton/stately by key per batch
            ELSE n.id::text
          END
        ) as row_number
      FROM next n
    )
    UPDATE pgboss.job j SET
      state = 'active',
      started_on = now(),
      retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
    FROM grouped
    WHERE name = $4 AND j.id = grouped.id
      AND (
        (grouped.grouped_policy IN ('singleton', 'stately') AND grouped.row_number = 1) -- only one per singleton key
        OR COALESCE(grouped.grouped_policy, '') NOT IN ('singleton', 'stately') -- other policies unaffected
      )
    RETURNING j.id, name, data, EXTRACT(epoch FROM expire_in) as "expireInSeconds",
  policy,
  state,
  priority,
  retry_limit as "retryLimit",
  retry_count as "retryCount",
  retry_delay as "retryDelay",
  retry_backoff as "retryBackoff",
  start_after as "startAfter",
  started_on as "startedOn",
  singleton_key as "singletonKey",
  singleton_on as "singletonOn",
  expire_in as "expireIn",
  created_on as "createdOn",
  completed_on as "completedOn",
  keep_until as "keepUntil",
  dead_letter as "deadLetter",
  output

  ), leased as (
      insert into job_leases (queue_job_id, job_name, payload, retry_count, retry_limit, worker_id, leased_until)
      select id, name, data, "retryCount", "retryLimit", $5::text, now() + $6::int * interval '1 second' from fetched
    )
    select * from fetched