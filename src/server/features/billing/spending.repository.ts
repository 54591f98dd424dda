import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { spendingControls } from '../../db/schema';

/**
 * The SQL of the spending controls. Days and months are the user's calendar days and months:
 * Postgres computes their bounds in the stored time zone, so a day that is 23 or 25 hours long
 * (a clock change) is still one day.
 */

export type SpendingControlsRow = typeof spendingControls.$inferSelect;

export async function findSpendingControls(db: DbOrTx, userId: string): Promise<SpendingControlsRow | null> {
  const [row] = await db.select().from(spendingControls).where(eq(spendingControls.userId, userId));
  return row ?? null;
}

/** Creates the row with the operator's default monthly limit, unless the user has one already. */
export async function insertDefaultSpendingControls(db: DbOrTx, userId: string, monthlyLimitCents: number): Promise<void> {
  await db.insert(spendingControls).values({ userId, monthlyLimitCents }).onConflictDoNothing();
}

export type SpendingControlsChange = Partial<
  Pick<SpendingControlsRow, 'dailyLimitCents' | 'monthlyLimitCents' | 'timeZone' | 'lowBalanceThresholdCents'>
>;

export async function upsertSpendingControls(db: DbOrTx, userId: string, change: SpendingControlsChange): Promise<void> {
  await db
    .insert(spendingControls)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: spendingControls.userId, set: { ...change, updatedAt: new Date() } });
}

/** Whether Postgres knows the zone: the periods are computed there, so its name must be one it has. */
export async function isKnownTimeZone(db: DbOrTx, timeZone: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from pg_timezone_names where name = ${timeZone}`);
  return result.rows.length > 0;
}

export interface SpendingWindow {
  dailyLimitCents: number | null;
  monthlyLimitCents: number | null;
  lowBalanceThresholdCents: number | null;
  timeZone: string;
  spentTodayCents: number;
  spentThisMonthCents: number;
  dayResetsAt: Date;
  monthResetsAt: Date;
}

/**
 * The limits with what counts against them: charges (usage entries) minus refunds since the
 * start of the user's current day and month, never below zero. Run after the account row is
 * locked (see lockAccountForDebit) so that concurrent charges are counted one after the other.
 */
export async function spendingWindow(db: DbOrTx, userId: string): Promise<SpendingWindow> {
  const result = await db.execute<{
    daily_limit_cents: string | null;
    monthly_limit_cents: string | null;
    low_balance_threshold_cents: string | null;
    time_zone: string;
    spent_today: string;
    spent_month: string;
    day_end: Date | string;
    month_end: Date | string;
  }>(sql`
    with settings as (
      select s.daily_limit_cents, s.monthly_limit_cents, s.low_balance_threshold_cents, coalesce(s.time_zone, 'UTC') as time_zone
      from (select 1) one left join spending_controls s on s.user_id = ${userId}
    ), bounds as (
      select settings.*,
        date_trunc('day', now() at time zone time_zone) as local_day,
        date_trunc('month', now() at time zone time_zone) as local_month
      from settings
    ), periods as (
      select bounds.*,
        local_day at time zone time_zone as day_start,
        (local_day + interval '1 day') at time zone time_zone as day_end,
        local_month at time zone time_zone as month_start,
        (local_month + interval '1 month') at time zone time_zone as month_end
      from bounds
    )
    select p.daily_limit_cents, p.monthly_limit_cents, p.low_balance_threshold_cents, p.time_zone, p.day_end, p.month_end,
      greatest(coalesce((select -sum(l.amount_cents) from ledger_entries l
        where l.user_id = ${userId} and l.kind in ('usage', 'refund') and l.created_at >= p.day_start), 0), 0) as spent_today,
      greatest(coalesce((select -sum(l.amount_cents) from ledger_entries l
        where l.user_id = ${userId} and l.kind in ('usage', 'refund') and l.created_at >= p.month_start), 0), 0) as spent_month
    from periods p`);
  const row = result.rows[0]!;
  const nullableInt = (value: string | null) => (value === null ? null : Number(value));
  return {
    dailyLimitCents: nullableInt(row.daily_limit_cents),
    monthlyLimitCents: nullableInt(row.monthly_limit_cents),
    lowBalanceThresholdCents: nullableInt(row.low_balance_threshold_cents),
    timeZone: row.time_zone,
    spentTodayCents: Number(row.spent_today),
    spentThisMonthCents: Number(row.spent_month),
    dayResetsAt: new Date(row.day_end),
    monthResetsAt: new Date(row.month_end),
  };
}

/** What the debit will take from the balance, read under the row lock that the debit then keeps. */
export async function lockAccountForDebit(db: DbOrTx, userId: string): Promise<{ freeGenerationsLeft: number } | null> {
  const result = await db.execute<{ free_generations_left: number }>(
    sql`select free_generations_left from balance_accounts where user_id = ${userId} for update`,
  );
  const row = result.rows[0];
  return row ? { freeGenerationsLeft: Number(row.free_generations_left) } : null;
}

/** The bounds of [from, to] (whole days, inclusive) in the user's time zone. */
export async function periodBounds(db: DbOrTx, userId: string, from: string, to: string): Promise<{ from: Date; to: Date }> {
  const result = await db.execute<{ start_at: Date | string; end_at: Date | string }>(sql`
    with zone as (select coalesce((select time_zone from spending_controls where user_id = ${userId}), 'UTC') as tz)
    select (${from}::date::timestamp at time zone tz) as start_at, ((${to}::date + 1)::timestamp at time zone tz) as end_at from zone`);
  const row = result.rows[0]!;
  return { from: new Date(row.start_at), to: new Date(row.end_at) };
}
