with sent as (
    INSERT INTO pgboss.job (
      id,
      name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      dead_letter,
      expire_in,
      keep_until,
      retry_limit,
      retry_delay,
      retry_backoff,
      policy
    )
    SELECT
      id,
      j.name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      COALESCE(j.dead_letter, q.dead_letter) as dead_letter,
      CASE
        WHEN expire_in IS NOT NULL THEN expire_in::numeric * interval '1s'
        WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s'
        WHEN expire_in_default IS NOT NULL THEN expire_in_default::numeric * interval '1s'
        ELSE interval '15 minutes'
        END as expire_in,
      CASE
        WHEN right(keep_until, 1) = 'Z' THEN CAST(keep_until as timestamp with time zone)
        ELSE start_after + CAST(COALESCE(keep_until, (q.retention_minutes * 60)::text, keep_until_default, '14 days') as interval)
        END as keep_until,
      COALESCE(j.retry_limit, q.retry_limit, retry_limit_default, 2) as retry_limit,
      CASE
        WHEN COALESCE(j.retry_backoff, q.retry_backoff, retry_backoff_default, false)
        THEN GREATEST(COALESCE(j.retry_delay, q.retry_delay, retry_delay_default), 1)
        ELSE COALESCE(j.retry_delay, q.retry_delay, retry_delay_default, 0)
        END as retry_delay,
      COALESCE(j.retry_backoff, q.retry_backoff, retry_backoff_default, false) as retry_backoff,
      q.policy
    FROM
      ( SELECT
          COALESCE($1::uuid, gen_random_uuid()) as id,
          $2 as name,
          $3::jsonb as data,
          COALESCE($4::int, 0) as priority,
          CASE
            WHEN right($5, 1) = 'Z' THEN CAST($6 as timestamp with time zone)
            ELSE now() + CAST(COALESCE($7,'0') as interval)
            END as start_after,
          $8 as singleton_key,
          CASE
            WHEN $9::integer IS NOT NULL THEN 'epoch'::timestamp + '1 second'::interval * ($10 * floor((date_part('epoch', now()) + $11) / $12))
            ELSE NULL
            END as singleton_on,
          $13 as dead_letter,
          $14 as expire_in,
          $15 as expire_in_default,
          $16 as keep_until,
          $17 as keep_until_default,
          $18::int as retry_limit,
          $19::int as retry_limit_default,
          $20::int as retry_delay,
          $21::int as retry_delay_default,
          $22::bool as retry_backoff,
          $23::bool as retry_backoff_default
      ) j JOIN pgboss.queue q ON j.name = q.name
    ON CONFLICT DO NOTHING
    RETURNING id
  ) select sent.id, pg_notify($24, $25) from sent