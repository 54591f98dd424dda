/**
 * The raw floor of bench/hot-reads.ts: what the hot signed-in reads cost with nothing but
 * node:http and pg. It reads the same session cookie and checks its signature as better-auth
 * does (HMAC-SHA256 of the token with AUTH_SECRET), runs the same session-and-user lookup and
 * the same SQL as the product, and answers the same JSON. A pool of 20, like the product.
 *
 *   PORT=… DATABASE_URL=… AUTH_SECRET=… node --import tsx bench/lib/raw-floor-server.ts
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { formatCents, rawBalanceOf } from '@shared/money';
import { displayNameOf, initialsOf } from '@shared/profile';
import { DEFAULT_GENERATED_RETENTION, DEFAULT_UPLOAD_RETENTION, parseRetention } from '@shared/retention';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const secret = process.env.AUTH_SECRET ?? '';
const COOKIE_NAME = 'photomuse.session_token';
// The library card's expiry, from the same settings as the product's (decision 015).
const UPLOAD_RETENTION_SECONDS = parseRetention(process.env.UPLOAD_RETENTION ?? DEFAULT_UPLOAD_RETENTION) ?? 0;
const GENERATED_RETENTION_SECONDS = parseRetention(process.env.GENERATED_RETENTION ?? DEFAULT_GENERATED_RETENTION) ?? 0;

/** better-call's signed cookie: encodeURIComponent(`${token}.${base64 HMAC-SHA256(token)}`). */
function sessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (part.slice(0, at).trim() !== COOKIE_NAME) continue;
    const value = decodeURIComponent(part.slice(at + 1).trim());
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

// The product's queries, as they reach Postgres (see the repositories named beside each).
const SQL = {
  // better-auth's session lookup with `advanced.database.joins`: the session and its user in one query.
  session: `select s.id, s.user_id, s.expires_at, u.id as uid, u.email, u.name, u.email_verified, u.image, u.terms_accepted_at
    from session s join "user" u on u.id = s.user_id where s.token = $1 limit 1`,
  // sessions.repository.ts selectSessionCards: before issue 17 every session of the user…
  sessionsAll: `select s.id, s.session_name, s.conversation_theme, s.total_messages, s.created_at, s.updated_at, latest.thumbnails
    from chat_sessions s
    left join lateral (
      select array_agg(image.url order by image.at desc) as thumbnails
      from (
        select url, max(at) as at
        from (
          select coalesce(f.thumbnail_url, f.file_url) as url, m.timestamp_created as at
          from messages m
          join attachments a on a.message_id = m.id
          join user_files f on f.id = a.file_id
          where m.session_id = s.id
          union all
          select coalesce(f.thumbnail_url, f.file_url) as url, f.upload_timestamp as at
          from agent_jobs j
          join generated_outputs g on g.job_id = j.id
          join user_files f on f.id = g.file_id
          where j.session_id = s.id
        ) images_of_session
        group by url
        order by max(at) desc
        limit 4
      ) image
    ) latest on true
    where s.user_id = $1 and s.is_active
    order by s.updated_at desc, s.id`,
  // …and since, the first page (24 cards and one to know of a next page)
  sessionsPage: `select s.id, s.session_name, s.conversation_theme, s.total_messages, s.created_at, s.updated_at,
      to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_updated_at,
      latest.thumbnails
    from (select s.* from chat_sessions s where s.user_id = $1 and s.is_active order by s.updated_at desc, s.id desc limit 25) s
    left join lateral (
      select array_agg(image.url order by image.at desc) as thumbnails
      from (
        select url, max(at) as at
        from (
          (select coalesce(f.thumbnail_url, f.file_url) as url, m.timestamp_created as at
          from messages m
          join attachments a on a.message_id = m.id
          join user_files f on f.id = a.file_id
          where m.session_id = s.id
          order by m.timestamp_created desc, m.id desc
          limit 24)
          union all
          (select coalesce(f.thumbnail_url, f.file_url) as url, f.upload_timestamp as at
          from agent_jobs j
          join generated_outputs g on g.job_id = j.id
          join user_files f on f.id = g.file_id
          where j.session_id = s.id
          order by j.created_at desc, g.position desc
          limit 24)
        ) images_of_session
        group by url
        order by max(at) desc
        limit 4
      ) image
    ) latest on true
    order by s.updated_at desc, s.id desc`,
  // sessions.repository.ts isActiveSessionOf + messages.repository.ts selectMessages (the latest page)
  ownSession: `select id from chat_sessions where id = $1 and user_id = $2 and is_active = true`,
  messages: `select m.id, m.session_id, m.user_id, m.role, m.content_text, m.parent_message_id, m.processing_status,
      m.intent_data, m.context_references, m.chosen_version,
      to_char(m.timestamp_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as timestamp_created,
      to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
      message_files.files
    from messages m
    join chat_sessions s on s.id = m.session_id
    left join lateral (
      select json_agg(json_build_object(
          'id', f.id, 'fileUrl', f.file_url, 'thumbnailUrl', coalesce(f.thumbnail_url, f.file_url),
          'originalFilename', f.original_filename, 'isGenerated', f.is_generated,
          'expired', f.expired_at is not null, 'contentDescription', f.content_description, 'version', f.version
        ) order by f.source, f.version, f.position, f.upload_timestamp, f.id) as files
      from (
        select uf.*, 0 as source, 0 as version, 0 as position
        from attachments a join user_files uf on uf.id = a.file_id
        where a.message_id = m.id
        union all
        select uf.*, 1 as source, j.version, g.position
        from agent_jobs j
        join generated_outputs g on g.job_id = j.id
        join user_files uf on uf.id = g.file_id
        where j.result_message_id = m.id
      ) f
    ) message_files on true
    where m.session_id = $1 and s.user_id = $2 and s.is_active
    order by m.timestamp_created desc, m.id desc
    limit $3`,
  // user-files.repository.ts listApprovedFiles: the page and the exact total
  filesPage: `select id, user_id, file_type, original_filename, stored_filename, file_url, thumbnail_url, mime_type, file_size_bytes, width, height,
      is_generated, verified_enum, content_description, metadata, upload_timestamp, expired_at
    from user_files where user_id = $1 and verified_enum = 'approved' and expired_at is null and is_generated = $2
    order by upload_timestamp desc, id desc limit $3 offset $4`,
  // …the total: counted (before decision 020), or the trigger's per-user count where the schema has it
  filesCounted: `select count(*) from user_files where user_id = $1 and verified_enum = 'approved' and is_generated = $2`,
  filesCounter: `select approved_uploaded, approved_generated from user_file_counts where user_id = $1`,
  // billing.repository.ts findAccount
  balance: `select available_cents, free_generations_left, stripe_customer_id from balance_accounts where user_id = $1`,
  // billing.repository.ts listLedgerEntries (first page)
  history: `select id, kind, amount_cents, description, balance_after_cents, created_at from ledger_entries
    where user_id = $1 and kind = any($2::ledger_kind[]) order by created_at desc, id desc limit $3`,
};

/**
 * The floor answers as the product it stands beside: with the schema of issue 17 (its migration
 * made user_file_counts) the sessions list is paged and the library total is the trigger's count.
 */
const schemaOfIssue17 = pool
  .query(`select to_regclass('user_file_counts') is not null as present`)
  .then(({ rows }) => rows[0].present === true);

async function filesTotal(userId: string, isGenerated: boolean): Promise<number> {
  if (!(await schemaOfIssue17)) return Number((await pool.query(SQL.filesCounted, [userId, isGenerated])).rows[0].count);
  const row = (await pool.query(SQL.filesCounter, [userId])).rows[0];
  return Number((isGenerated ? row?.approved_generated : row?.approved_uploaded) ?? 0);
}

interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  termsAcceptedAt: Date | null;
}

async function signedInUser(req: http.IncomingMessage): Promise<SessionUser | null> {
  const token = sessionTokenOf(req.headers.cookie);
  if (!token) return null;
  const { rows } = await pool.query(SQL.session, [token]);
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  return { id: row.uid, email: row.email, name: row.name, emailVerified: row.email_verified, image: row.image, termsAcceptedAt: row.terms_accepted_at };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const iso = (value: Date | string) => new Date(value).toISOString();
const messagesPath = /^\/api\/sessions\/([0-9a-f-]{36})\/messages$/;

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://floor');
  const user = await signedInUser(req);
  if (!user) return send(res, 401, { error: 'Sign in to continue' });
  if (url.pathname === '/api/me') {
    return send(res, 200, {
      id: user.id,
      email: user.email,
      name: user.name,
      avatarUrl: user.image,
      displayName: displayNameOf(user),
      initials: initialsOf(displayNameOf(user)),
      emailVerified: user.emailVerified,
      termsAcceptedAt: user.termsAcceptedAt ? iso(user.termsAcceptedAt) : null,
    });
  }
  if (!user.termsAcceptedAt) return send(res, 403, { error: 'terms' });
  if (url.pathname === '/api/sessions') {
    const paged = await schemaOfIssue17;
    const { rows } = await pool.query(paged ? SQL.sessionsPage : SQL.sessionsAll, [user.id]);
    const shown = paged ? rows.slice(0, 24) : rows;
    const sessions = shown.map((row) => ({
      id: row.id,
      session_name: row.session_name,
      conversation_theme: row.conversation_theme,
      total_messages: Number(row.total_messages),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      thumbnails: row.thumbnails ?? [],
    }));
    if (!paged) return send(res, 200, { sessions });
    const last = shown.at(-1);
    return send(res, 200, { sessions, next_cursor: rows.length > 24 && last ? `${last.cursor_updated_at}_${last.id}` : null });
  }
  const messagesMatch = messagesPath.exec(url.pathname);
  if (messagesMatch) {
    const sessionId = messagesMatch[1]!;
    const owned = await pool.query(SQL.ownSession, [sessionId, user.id]);
    if (owned.rowCount === 0) return send(res, 404, { error: 'Chat session not found' });
    const { rows } = await pool.query(SQL.messages, [sessionId, user.id, Number(url.searchParams.get('limit') ?? 50)]);
    const messages = rows
      .map((row) => ({
        id: row.id,
        session_id: row.session_id,
        contentText: row.content_text,
        timestamp_created: row.timestamp_created,
        updated_at: row.updated_at,
        parent_message_id: row.parent_message_id,
        role: row.role,
        user_id: row.user_id,
        processing_status: row.processing_status,
        intent_data: row.intent_data ?? null,
        context_references: row.context_references ?? null,
        chosen_version: row.chosen_version,
        files: row.files ?? [],
      }))
      .reverse();
    return send(res, 200, { messages });
  }
  if (url.pathname === '/api/user-files') {
    const isGenerated = url.searchParams.get('kind') === 'generated';
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const [page, count] = await Promise.all([pool.query(SQL.filesPage, [user.id, isGenerated, limit, offset]), filesTotal(user.id, isGenerated)]);
    const images = page.rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      file_type: row.file_type,
      original_filename: row.original_filename,
      stored_filename: row.stored_filename,
      file_url: row.file_url,
      thumbnailUrl: row.thumbnail_url ?? row.file_url,
      mime_type: row.mime_type,
      file_size_bytes: Number(row.file_size_bytes),
      is_generated: row.is_generated,
      verified_enum: row.verified_enum,
      upload_timestamp: iso(row.upload_timestamp),
      contentDescription: row.content_description,
      metadata: Array.isArray(row.metadata) ? row.metadata : null,
      width: row.width,
      height: row.height,
      expires_at: new Date(new Date(row.upload_timestamp).getTime() + (row.is_generated ? GENERATED_RETENTION_SECONDS : UPLOAD_RETENTION_SECONDS) * 1000).toISOString(),
      expired: row.expired_at !== null,
    }));
    return send(res, 200, { images, total: count, hasMore: offset + images.length < count });
  }
  if (url.pathname === '/api/stripe/balance') {
    const { rows } = await pool.query(SQL.balance, [user.id]);
    const cents = Number(rows[0]?.available_cents ?? 0);
    return send(res, 200, { balance: rawBalanceOf(cents), formatted: formatCents(cents), freeGenerationsLeft: rows[0]?.free_generations_left ?? 0, availableCents: cents });
  }
  if (url.pathname === '/api/stripe/transaction-history/top-ups') {
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const { rows } = await pool.query(SQL.history, [user.id, ['top_up'], limit + 1]);
    const data = rows.slice(0, limit).map((row) => ({
      id: row.id,
      type: row.kind,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
      description: row.description,
      amount_formatted: formatCents(Math.abs(Number(row.amount_cents))),
      ending_balance_formatted: formatCents(Number(row.balance_after_cents)),
    }));
    return send(res, 200, { data, has_more: rows.length > limit });
  }
  send(res, 404, { error: 'Not found' });
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
  server.closeAllConnections();
});
