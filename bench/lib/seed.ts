/**
 * A user's history written straight into the database, in bulk, the way the product's own writes
 * would leave it (approved uploads, sessions with messages and attachments, ledger entries):
 * what a user reaches after months of use, made in seconds instead.
 */
import pg from 'pg';

export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `count` approved uploads (or generated images), newest first one second apart. */
export async function seedFiles(client: pg.Client, userId: string, count: number, options: { isGenerated?: boolean; tag?: string } = {}) {
  await client.query(
    `insert into user_files (user_id, original_filename, stored_filename, file_url, thumbnail_url, mime_type, file_size_bytes, width, height,
       verified_enum, is_generated, content_description, upload_timestamp)
     select $1, 'photo-' || i || '.jpg', 'bench/' || $1 || '/' || $4 || '/' || i || '.jpg', '/api/files/' || gen_random_uuid(),
       '/api/files/' || gen_random_uuid() || '/thumbnail', 'image/jpeg', 123456, 1600, 1200, 'approved', $3, 'A photo of a garden', now() - make_interval(secs => i)
     from generate_series(1, $2::int) i`,
    [userId, count, options.isGenerated ?? false, options.tag ?? 'files'],
  );
}

/**
 * `sessions` sessions, the first with `firstSessionMessages` messages and the others with
 * `messagesPerSession`; the messages carry the user's uploads as attachments, one each, while
 * there are uploads left. Returns the session ids, newest activity first.
 */
export async function seedSessions(
  client: pg.Client,
  userId: string,
  options: { sessions: number; messagesPerSession: number; firstSessionMessages: number },
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into chat_sessions (user_id, session_name, total_messages, created_at, updated_at)
     select $1, 'Session ' || i, case when i = 1 then $3::int else $4::int end, now() - make_interval(mins => i), now() - make_interval(mins => i)
     from generate_series(1, $2::int) i
     returning id`,
    [userId, options.sessions, options.firstSessionMessages, options.messagesPerSession],
  );
  await client.query(
    `insert into messages (session_id, user_id, role, content_text, timestamp_created, updated_at)
     select s.id, $1, case when n % 2 = 0 then 'system'::message_role else 'user'::message_role end, 'Make the sky a little warmer, please ' || n,
       s.updated_at - make_interval(secs => s.total_messages - n), s.updated_at - make_interval(secs => s.total_messages - n)
     from chat_sessions s cross join lateral generate_series(1, s.total_messages) n
     where s.user_id = $1`,
    [userId],
  );
  // Paired by position in two arrays (a join on row numbers plans as a nested loop at 100,000 rows).
  await client.query(
    `with m as (select array_agg(id order by session_id, timestamp_created) as ids from messages where user_id = $1 and role = 'user'),
          f as (select array_agg(id order by upload_timestamp desc, id) as ids from user_files where user_id = $1)
     insert into attachments (message_id, file_id)
     select m.ids[i], f.ids[i] from m, f, generate_series(1, least(cardinality(m.ids), cardinality(f.ids))) i`,
    [userId],
  );
  const ordered = await client.query<{ id: string }>(`select id from chat_sessions where user_id = $1 order by updated_at desc, id`, [
    userId,
  ]);
  return ordered.rows.length === rows.length ? ordered.rows.map((row) => row.id) : rows.map((row) => row.id);
}

/** Top-ups and usage entries, as the ledger would have them, and the balance they end at. */
export async function seedLedger(client: pg.Client, userId: string, entriesOfEachKind: number) {
  await client.query(
    `insert into ledger_entries (user_id, kind, amount_cents, reference, description, balance_after_cents, created_at)
     select $1, k.kind::ledger_kind, case when k.kind = 'top_up' then 1000 else -10 end, 'bench-' || $1 || '-' || k.kind || '-' || i,
       case when k.kind = 'top_up' then 'Top-up' else 'Image generation' end, 5000 + i, now() - make_interval(mins => i)
     from generate_series(1, $2::int) i cross join (values ('top_up'), ('usage')) k(kind)`,
    [userId, entriesOfEachKind],
  );
  await client.query(`update balance_accounts set available_cents = 5001 where user_id = $1`, [userId]);
}
