import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserSort } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { account, agentJobs, balanceAccounts, chatSessions, ledgerEntries, session, user, userFileCounts } from '../../db/schema';
import { likePattern } from './audit-log.repository';

/**
 * The operator console's reports: reads across the product's tables, for every account at once.
 * Nothing here writes; each change goes through the service of the feature that owns the table.
 */

const int = (value: unknown) => Number(value ?? 0);
const secondsOrNull = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100);

export interface Period {
  from: Date;
  to: Date;
}

export interface LedgerSums {
  topUps: { count: number; cents: number };
  charges: { count: number; cents: number };
  refunds: { count: number; cents: number };
  freeImagesUsed: number;
}

/** The ledger's entries of a period, deleted accounts' included (decision 016 keeps them). */
const entriesOf = (period: Period) => sql`
  select kind, amount_cents, free_generations_delta, created_at from ledger_entries where created_at >= ${period.from} and created_at < ${period.to}
  union all
  select kind, amount_cents, free_generations_delta, created_at from retained_ledger_entries where created_at >= ${period.from} and created_at < ${period.to}`;

/**
 * The ledger's movements in a period: top-ups, the cents generations took, the cents failed
 * generations gave back, and the free images used net of those given back.
 */
export async function ledgerSums(db: DbOrTx, period: Period): Promise<LedgerSums> {
  const result = await db.execute<Record<string, string | null>>(sql`
    with entries as (${entriesOf(period)})
    select
      count(*) filter (where kind = 'top_up') as top_up_count,
      coalesce(sum(amount_cents) filter (where kind = 'top_up'), 0) as top_up_cents,
      count(*) filter (where kind = 'usage' and amount_cents < 0) as charge_count,
      coalesce(-sum(amount_cents) filter (where kind = 'usage'), 0) as charge_cents,
      count(*) filter (where kind = 'refund' and amount_cents > 0) as refund_count,
      coalesce(sum(amount_cents) filter (where kind = 'refund'), 0) as refund_cents,
      coalesce(-sum(free_generations_delta) filter (where kind in ('usage', 'refund')), 0) as free_used
    from entries`);
  const row = result.rows[0]!;
  return {
    topUps: { count: int(row.top_up_count), cents: int(row.top_up_cents) },
    charges: { count: int(row.charge_count), cents: int(row.charge_cents) },
    refunds: { count: int(row.refund_count), cents: int(row.refund_cents) },
    freeImagesUsed: int(row.free_used),
  };
}

/** Card refunds Stripe reported in the period, at their full amount. */
export async function cardRefundSums(db: DbOrTx, period: Period): Promise<{ count: number; cents: number }> {
  const result = await db.execute<{ n: string; cents: string }>(sql`
    select count(*) as n, coalesce(sum(amount_cents), 0) as cents from card_refunds
    where status = 'succeeded' and settled_at >= ${period.from} and settled_at < ${period.to}`);
  return { count: int(result.rows[0]?.n), cents: int(result.rows[0]?.cents) };
}

export async function disputeSums(db: DbOrTx, period: Period) {
  const result = await db.execute<Record<string, string>>(sql`
    select
      count(*) filter (where opened_at >= ${period.from} and opened_at < ${period.to}) as opened,
      coalesce(sum(amount_cents) filter (where opened_at >= ${period.from} and opened_at < ${period.to}), 0) as opened_cents,
      count(*) filter (where status = 'lost' and closed_at >= ${period.from} and closed_at < ${period.to}) as lost,
      coalesce(sum(amount_cents) filter (where status = 'lost' and closed_at >= ${period.from} and closed_at < ${period.to}), 0) as lost_cents,
      count(*) filter (where closed_at is null) as open_now,
      coalesce(sum(frozen_cents) filter (where closed_at is null), 0) as frozen_cents
    from payment_disputes`);
  const row = result.rows[0]!;
  return {
    opened: { count: int(row.opened), cents: int(row.opened_cents) },
    lost: { count: int(row.lost), cents: int(row.lost_cents) },
    openNow: { count: int(row.open_now), cents: int(row.frozen_cents) },
  };
}

export async function signUpsAndActiveUsers(db: DbOrTx, period: Period): Promise<{ signUps: number; activeUsers: number }> {
  const result = await db.execute<{ sign_ups: string; active: string }>(sql`
    select
      (select count(*) from "user" where created_at >= ${period.from} and created_at < ${period.to}) as sign_ups,
      (select count(distinct user_id) from agent_jobs where created_at >= ${period.from} and created_at < ${period.to}) as active`);
  return { signUps: int(result.rows[0]?.sign_ups), activeUsers: int(result.rows[0]?.active) };
}

/**
 * A failed job counts as refunded when a refund entry names it (the reference of a generation's
 * refund is its job id). The job's column is qualified by hand: Drizzle leaves a lone table's
 * columns unqualified, and inside the subquery `id` would be the ledger entry's.
 */
const refundedJob = sql`exists (select from ledger_entries l where l.kind = 'refund' and l.reference = agent_jobs.id::text)`;
/** Seconds from a job's (last) start to its images being stored. */
const generationSeconds = sql`extract(epoch from ${agentJobs.completedAt} - ${agentJobs.startedAt})`;

export interface EngineOutcomes {
  engine: string;
  completed: number;
  refunded: number;
  failed: number;
  stopped: number;
  inProgress: number;
}

/** Generations asked for in the period, by engine and how they ended. */
export async function generationOutcomes(db: DbOrTx, period: Period): Promise<EngineOutcomes[]> {
  const rows = await db
    .select({
      engine: agentJobs.engine,
      completed: sql<string>`count(*) filter (where ${agentJobs.status} = 'completed')`,
      refunded: sql<string>`count(*) filter (where ${agentJobs.status} = 'failed' and ${refundedJob})`,
      failed: sql<string>`count(*) filter (where ${agentJobs.status} = 'failed' and not ${refundedJob})`,
      stopped: sql<string>`count(*) filter (where ${agentJobs.status} = 'stopped')`,
      inProgress: sql<string>`count(*) filter (where ${agentJobs.status} in ('queued', 'processing'))`,
    })
    .from(agentJobs)
    .where(and(sql`${agentJobs.createdAt} >= ${period.from}`, sql`${agentJobs.createdAt} < ${period.to}`))
    .groupBy(agentJobs.engine)
    .orderBy(agentJobs.engine);
  return rows.map((row) => ({
    engine: row.engine,
    completed: int(row.completed),
    refunded: int(row.refunded),
    failed: int(row.failed),
    stopped: int(row.stopped),
    inProgress: int(row.inProgress),
  }));
}

export interface EngineTiming {
  engine: string;
  count: number;
  medianSeconds: number | null;
  p95Seconds: number | null;
}

/** Median and 95th percentile of completed generations' times, by engine, for jobs matching `where`. */
async function timings(db: DbOrTx, where: SQL): Promise<EngineTiming[]> {
  const rows = await db
    .select({
      engine: agentJobs.engine,
      n: count(),
      median: sql<string | null>`percentile_cont(0.5) within group (order by ${generationSeconds})`,
      p95: sql<string | null>`percentile_cont(0.95) within group (order by ${generationSeconds})`,
    })
    .from(agentJobs)
    .where(and(eq(agentJobs.status, 'completed'), sql`${agentJobs.startedAt} is not null`, where))
    .groupBy(agentJobs.engine)
    .orderBy(agentJobs.engine);
  return rows.map((row) => ({
    engine: row.engine,
    count: row.n,
    medianSeconds: secondsOrNull(row.median),
    p95Seconds: secondsOrNull(row.p95),
  }));
}

export function generationTimings(db: DbOrTx, period: Period): Promise<EngineTiming[]> {
  return timings(db, and(sql`${agentJobs.createdAt} >= ${period.from}`, sql`${agentJobs.createdAt} < ${period.to}`)!);
}

export interface OverviewDay {
  day: string;
  topUpCents: number;
  chargeCents: number;
  signUps: number;
  generations: number;
}

/** One row per UTC day of the period, days without anything included. */
export async function dailyFigures(db: DbOrTx, period: Period): Promise<OverviewDay[]> {
  const result = await db.execute<{ day: string; top_up: string; charge: string; sign_ups: string; generations: string }>(sql`
    with days as (
      select generate_series(${period.from}::timestamptz at time zone 'UTC', ${period.to}::timestamptz at time zone 'UTC' - interval '1 day', interval '1 day')::date as day
    ), entries as (${entriesOf(period)}), money as (
      select (created_at at time zone 'UTC')::date as day,
        coalesce(sum(amount_cents) filter (where kind = 'top_up'), 0) as top_up,
        coalesce(-sum(amount_cents) filter (where kind = 'usage'), 0) as charge
      from entries group by 1
    ), joined as (
      select (created_at at time zone 'UTC')::date as day, count(*) as n from "user" where created_at >= ${period.from} and created_at < ${period.to} group by 1
    ), made as (
      select (created_at at time zone 'UTC')::date as day, count(*) as n from agent_jobs where created_at >= ${period.from} and created_at < ${period.to} group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(m.top_up, 0) as top_up, coalesce(m.charge, 0) as charge,
      coalesce(j.n, 0) as sign_ups, coalesce(g.n, 0) as generations
    from days d left join money m on m.day = d.day left join joined j on j.day = d.day left join made g on g.day = d.day
    order by d.day`);
  return result.rows.map((row) => ({
    day: row.day,
    topUpCents: int(row.top_up),
    chargeCents: int(row.charge),
    signUps: int(row.sign_ups),
    generations: int(row.generations),
  }));
}

export interface UserRowRecord {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSeenAt: Date | null;
  disabledAt: Date | null;
  operatorGrantedAt: Date | null;
  availableCents: number;
  frozenCents: number;
  freeGenerationsLeft: number;
}

const userRowColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
  lastSeenAt: user.lastSeenAt,
  disabledAt: user.disabledAt,
  operatorGrantedAt: user.operatorGrantedAt,
  availableCents: sql<string>`coalesce(${balanceAccounts.availableCents}, 0)`,
  frozenCents: sql<string>`coalesce(${balanceAccounts.frozenCents}, 0)`,
  freeGenerationsLeft: sql<string>`coalesce(${balanceAccounts.freeGenerationsLeft}, 0)`,
};

const userRowOf = (
  row: Omit<UserRowRecord, 'availableCents' | 'frozenCents' | 'freeGenerationsLeft'> & {
    availableCents: string;
    frozenCents: string;
    freeGenerationsLeft: string;
  },
): UserRowRecord => ({
  ...row,
  availableCents: int(row.availableCents),
  frozenCents: int(row.frozenCents),
  freeGenerationsLeft: int(row.freeGenerationsLeft),
});

const SORT_COLUMNS: Record<UserSort, SQL | typeof user.email> = {
  created: sql`${user.createdAt}`,
  lastSeen: sql`${user.lastSeenAt}`,
  email: user.email,
  balance: sql`coalesce(${balanceAccounts.availableCents}, 0)`,
};

/** Accounts matching `q` (in the address or the name), sorted and paged in the database. */
export async function listUsers(
  db: DbOrTx,
  query: { q: string | undefined; sort: UserSort; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: UserRowRecord[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined;
  const column = SORT_COLUMNS[query.sort];
  // Accounts never seen sort last either way; ties keep one order, so pages never overlap.
  const order = query.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [rows, [total]] = await Promise.all([
    db
      .select(userRowColumns)
      .from(user)
      .leftJoin(balanceAccounts, eq(balanceAccounts.userId, user.id))
      .where(where)
      .orderBy(order, query.order === 'asc' ? asc(user.id) : desc(user.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { rows: rows.map(userRowOf), total: total?.n ?? 0 };
}

export async function findUserRow(db: DbOrTx, userId: string): Promise<UserRowRecord | null> {
  const [row] = await db
    .select(userRowColumns)
    .from(user)
    .leftJoin(balanceAccounts, eq(balanceAccounts.userId, user.id))
    .where(eq(user.id, userId));
  return row ? userRowOf(row) : null;
}

export interface UserActivity {
  signInMethods: string[];
  signedInSessions: number;
  chatSessions: number;
  uploadedImages: number;
  generatedImages: number;
}

/** How the account signs in and how much it has: sessions, chat sessions, images (one statement). */
export async function userActivity(db: DbOrTx, userId: string): Promise<UserActivity> {
  const [row] = await db
    .select({
      methods: sql<string[]>`array(select distinct a.provider_id from ${account} a where a.user_id = ${userId} order by 1)`,
      sessions: sql<string>`(select count(*) from ${session} s where s.user_id = ${userId} and s.expires_at > now())`,
      chats: sql<string>`(select count(*) from ${chatSessions} c where c.user_id = ${userId} and c.is_active)`,
      uploaded: sql<string>`coalesce((select approved_uploaded from ${userFileCounts} f where f.user_id = ${userId}), 0)`,
      generated: sql<string>`coalesce((select approved_generated from ${userFileCounts} f where f.user_id = ${userId}), 0)`,
    })
    .from(sql`(select 1) as one`);
  return {
    // better-auth calls the e-mail and password sign-in 'credential'.
    signInMethods: (row?.methods ?? []).map((method) => (method === 'credential' ? 'email' : method)),
    signedInSessions: int(row?.sessions),
    chatSessions: int(row?.chats),
    uploadedImages: int(row?.uploaded),
    generatedImages: int(row?.generated),
  };
}

/** A page of the account's ledger, newest first; each entry carries the balance right after it. */
export async function ledgerPage(db: DbOrTx, userId: string, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface FailedJobRecord {
  id: string;
  userId: string;
  userEmail: string;
  engine: string;
  error: string | null;
  createdAt: Date;
  failedAt: Date | null;
  imageCount: number;
  priceCents: number;
  freeImagesUsed: number;
  refunded: boolean;
}

/** Failed generations, the latest failure first. */
export async function failedGenerations(db: DbOrTx, limit: number, offset: number): Promise<{ rows: FailedJobRecord[]; total: number }> {
  const failed = eq(agentJobs.status, 'failed');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: agentJobs.id,
        userId: agentJobs.userId,
        userEmail: user.email,
        engine: agentJobs.engine,
        error: agentJobs.error,
        createdAt: agentJobs.createdAt,
        failedAt: agentJobs.completedAt,
        imageCount: agentJobs.imageCount,
        priceCents: agentJobs.priceCents,
        freeImagesUsed: agentJobs.freeImagesUsed,
        refunded: sql<boolean>`${refundedJob}`,
      })
      .from(agentJobs)
      .innerJoin(user, eq(user.id, agentJobs.userId))
      .where(failed)
      .orderBy(sql`${agentJobs.completedAt} desc nulls first`, desc(agentJobs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(agentJobs).where(failed),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function ownerOfGeneration(db: DbOrTx, jobId: string): Promise<string | null> {
  const [row] = await db.select({ userId: agentJobs.userId }).from(agentJobs).where(eq(agentJobs.id, jobId));
  return row?.userId ?? null;
}

export interface EngineHour {
  engine: string;
  completed: number;
  failed: number;
  medianSeconds: number | null;
  p95Seconds: number | null;
}

/** Each engine's generations asked for in the last hour: how many succeeded or failed, and how long the successes took. */
export async function lastHourByEngine(db: DbOrTx): Promise<EngineHour[]> {
  const since = sql`${agentJobs.createdAt} > now() - interval '1 hour'`;
  const [counts, times] = await Promise.all([
    db
      .select({
        engine: agentJobs.engine,
        completed: sql<string>`count(*) filter (where ${agentJobs.status} = 'completed')`,
        failed: sql<string>`count(*) filter (where ${agentJobs.status} = 'failed')`,
      })
      .from(agentJobs)
      .where(since)
      .groupBy(agentJobs.engine),
    timings(db, since),
  ]);
  return counts.map((row) => {
    const time = times.find((t) => t.engine === row.engine);
    return {
      engine: row.engine,
      completed: int(row.completed),
      failed: int(row.failed),
      medianSeconds: time?.medianSeconds ?? null,
      p95Seconds: time?.p95Seconds ?? null,
    };
  });
}
