/**
 * The raw floor of bench/hot-reads.ts: what the hot signed-in reads cost with nothing but
 * node:http and pg. It reads the same session cookie and checks its signature as better-auth
 * does (HMAC-SHA256 of the token with AUTH_SECRET), runs the product's own session-and-user lookup
 * and statements (imported from its repositories), and answers the same JSON. A pool of 20, like
 * the product.
 *
 *   PORT=… DATABASE_URL=… AUTH_SECRET=… node --import tsx bench/lib/raw-floor-server.ts
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SESSIONS_PAGE_SIZE } from '@shared/constants';
import { formatCents, rawBalanceOf } from '@shared/money';
import { displayNameOf, initialsOf } from '@shared/profile';
import { DEFAULT_GENERATED_RETENTION, DEFAULT_UPLOAD_RETENTION, parseRetention } from '@shared/retention';
import type { Db, DbOrTx } from '../../src/server/db/client';
import type { PreparedStatement } from '../../src/server/db/prepared';
import * as schema from '../../src/server/db/schema';
import { SESSION_USER } from '../../src/server/features/auth/session-user.repository';
import { FIND_ACCOUNT, FIRST_LEDGER_PAGE } from '../../src/server/features/billing/billing.repository';
import { LATEST_PAGE, toMessage, type MessageRecord } from '../../src/server/features/sessions/messages.repository';
import { FIRST_PAGE as SESSIONS_FIRST_PAGE, IS_ACTIVE_SESSION_OF } from '../../src/server/features/sessions/sessions.repository';
import { APPROVED_COUNTS, APPROVED_PAGE } from '../../src/server/features/uploads/user-files.repository';
import { isOperator } from '../../src/server/features/admin/operators.service';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const secret = process.env.AUTH_SECRET ?? '';
const COOKIE_NAME = 'photomuse.session_token';
// The library card's expiry, from the same settings as the product's (decision 015).
const UPLOAD_RETENTION_SECONDS = parseRetention(process.env.UPLOAD_RETENTION ?? DEFAULT_UPLOAD_RETENTION) ?? 0;
const GENERATED_RETENTION_SECONDS = parseRetention(process.env.GENERATED_RETENTION ?? DEFAULT_GENERATED_RETENTION) ?? 0;
// The console's operators by address, read as the product reads ADMIN_EMAILS.
const ADMIN_EMAILS = (process.env.ADMIN_EMAILS ?? '')
  .split(',')
  .map((email) => email.trim().toLowerCase())
  .filter(Boolean);

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

/**
 * The product's own statements, imported from the repositories that run them, so the floor cannot
 * drift from what it is the floor of; run as named prepared statements, as the product runs them.
 */
const run = (statement: PreparedStatement, values: unknown[]) => pool.query(statement.text, values);
/** The product's typed hot reads (decision 042): the statement Drizzle prepares, run here as plain SQL. */
const drizzleOnPool = drizzle({ client: pool, schema }) as unknown as Db;
const runTyped = (hotRead: (db: DbOrTx) => { getQuery(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) => {
  const query = hotRead(drizzleOnPool).getQuery();
  return pool.query(query.sql, fillPlaceholders(query.params, values));
};

// Before lists were paged (migration 0002) the product read every session of the user and counted the library's total;
// kept here (the product no longer has them) so that the floor of an older checkout answers alike.
const BEFORE_PAGED_LISTS = {
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
  filesCounted: `select count(*) from user_files where user_id = $1 and verified_enum = 'approved' and is_generated = $2`,
};

/**
 * The floor answers as the product it stands beside: with the paged-lists schema (migration
 * 0002 made user_file_counts) the sessions list is paged and the library total is the trigger's count.
 */
const schemaHasPagedLists = pool
  .query(`select to_regclass('user_file_counts') is not null as present`)
  .then(({ rows }) => rows[0].present === true);

async function filesTotal(userId: string, isGenerated: boolean): Promise<number> {
  if (!(await schemaHasPagedLists)) return Number((await pool.query(BEFORE_PAGED_LISTS.filesCounted, [userId, isGenerated])).rows[0].count);
  const row = (await runTyped(APPROVED_COUNTS, { userId })).rows[0];
  return Number((isGenerated ? row?.approved_generated : row?.approved_uploaded) ?? 0);
}

interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  termsAcceptedAt: Date | null;
  disabledAt: Date | null;
  operatorGrantedAt: Date | null;
}

async function signedInUser(req: http.IncomingMessage): Promise<SessionUser | null> {
  const token = sessionTokenOf(req.headers.cookie);
  if (!token) return null;
  const { rows } = await runTyped(SESSION_USER, { token });
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    image: row.image,
    termsAcceptedAt: row.terms_accepted_at,
    disabledAt: row.disabled_at,
    operatorGrantedAt: row.operator_granted_at,
  };
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
      isOperator: isOperator(user, ADMIN_EMAILS),
    });
  }
  if (!user.termsAcceptedAt) return send(res, 403, { error: 'terms' });
  if (url.pathname === '/api/sessions') {
    const paged = await schemaHasPagedLists;
    const { rows } = paged
      ? await run(SESSIONS_FIRST_PAGE, [user.id, SESSIONS_PAGE_SIZE + 1])
      : await pool.query(BEFORE_PAGED_LISTS.sessionsAll, [user.id]);
    const shown = paged ? rows.slice(0, SESSIONS_PAGE_SIZE) : rows;
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
    return send(res, 200, {
      sessions,
      next_cursor: rows.length > SESSIONS_PAGE_SIZE && last ? `${last.cursor_updated_at}_${last.id}` : null,
    });
  }
  const messagesMatch = messagesPath.exec(url.pathname);
  if (messagesMatch) {
    const sessionId = messagesMatch[1]!;
    const owned = await runTyped(IS_ACTIVE_SESSION_OF, { sessionId, userId: user.id });
    if (owned.rowCount === 0) return send(res, 404, { error: 'Chat session not found' });
    const { rows } = await run(LATEST_PAGE, [sessionId, user.id, Number(url.searchParams.get('limit') ?? 50)]);
    const messages = (rows as MessageRecord[]).map(toMessage).reverse();
    return send(res, 200, { messages });
  }
  if (url.pathname === '/api/user-files') {
    const isGenerated = url.searchParams.get('kind') === 'generated';
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const [page, count] = await Promise.all([
      runTyped(isGenerated ? APPROVED_PAGE.generated : APPROVED_PAGE.uploaded, { userId: user.id, limit, offset }),
      filesTotal(user.id, isGenerated),
    ]);
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
      expires_at: new Date(
        new Date(row.upload_timestamp).getTime() + (row.is_generated ? GENERATED_RETENTION_SECONDS : UPLOAD_RETENTION_SECONDS) * 1000,
      ).toISOString(),
      expired: row.expired_at !== null,
      origin: row.origin ?? null,
    }));
    return send(res, 200, { images, total: count, hasMore: offset + images.length < count });
  }
  if (url.pathname === '/api/stripe/balance') {
    const { rows } = await runTyped(FIND_ACCOUNT, { userId: user.id });
    const cents = Number(rows[0]?.available_cents ?? 0);
    return send(res, 200, {
      balance: rawBalanceOf(cents),
      formatted: formatCents(cents),
      freeGenerationsLeft: rows[0]?.free_generations_left ?? 0,
      availableCents: cents,
      frozenCents: Number(rows[0]?.frozen_cents ?? 0),
    });
  }
  if (url.pathname === '/api/stripe/transaction-history/top-ups') {
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const { rows } = await runTyped(FIRST_LEDGER_PAGE, { userId: user.id, kinds: ['top_up'], limit: limit + 1 });
    const data = rows.slice(0, limit).map((row) => ({
      id: row.id,
      type: row.kind,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
      description: row.description,
      description_code: row.description_code,
      amount_formatted: formatCents(Math.abs(Number(row.amount_cents))),
      ending_balance_formatted: formatCents(Number(row.balance_after_cents)),
      // Top-ups are credits, made by no engine, with no usage details (the product reads none for them either).
      credit: true,
      engine: null,
      usage: null,
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
