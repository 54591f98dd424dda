import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { autoTopUps, autoTopUpSettings } from '../../db/schema';

/** The SQL of auto top-up: the settings row and the attempts, every query scoped by the user. */

export type AutoTopUpSettingsRow = typeof autoTopUpSettings.$inferSelect;
export type AutoTopUpRow = typeof autoTopUps.$inferSelect;

/** Attempts that still hold the user's one place "in flight". */
export const OPEN_STATUSES = ['pending', 'requires_action'] as const;

export async function findAutoTopUpSettings(db: DbOrTx, userId: string): Promise<AutoTopUpSettingsRow | null> {
  const [row] = await db.select().from(autoTopUpSettings).where(eq(autoTopUpSettings.userId, userId));
  return row ?? null;
}

export async function upsertAutoTopUpSettings(
  db: DbOrTx,
  userId: string,
  change: Partial<Omit<AutoTopUpSettingsRow, 'userId' | 'updatedAt'>>,
): Promise<void> {
  // Update first: Postgres checks an INSERT's own row (which may lack the saved card) even when it conflicts.
  const updated = await db
    .update(autoTopUpSettings)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(autoTopUpSettings.userId, userId))
    .returning({ userId: autoTopUpSettings.userId });
  if (updated.length > 0) return;
  await db
    .insert(autoTopUpSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: autoTopUpSettings.userId, set: { ...change, updatedAt: new Date() } });
}

/** Turns it off with the reason shown on the Billing page; false when it was not on. */
export async function turnAutoTopUpOff(db: DbOrTx, userId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(autoTopUpSettings)
    .set({ enabled: false, offReason: reason, updatedAt: new Date() })
    .where(and(eq(autoTopUpSettings.userId, userId), eq(autoTopUpSettings.enabled, true)))
    .returning({ userId: autoTopUpSettings.userId });
  return rows.length > 0;
}

export async function findOpenAttempt(db: DbOrTx, userId: string): Promise<AutoTopUpRow | null> {
  const [row] = await db
    .select()
    .from(autoTopUps)
    .where(and(eq(autoTopUps.userId, userId), inArray(autoTopUps.status, [...OPEN_STATUSES])));
  return row ?? null;
}

/**
 * Cents of auto top-ups credited since the start of the user's calendar month (time zone from
 * spending_controls, UTC without one), plus any still in flight: the monthly maximum counts both
 * so that a payment on its way cannot be followed by one that passes the maximum.
 */
export async function autoTopUpCentsThisMonth(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute<{ cents: string | null }>(sql`
    with zone as (
      select coalesce((select time_zone from spending_controls where user_id = ${userId}), 'UTC') as tz
    ), month as (
      select date_trunc('month', now() at time zone tz) at time zone tz as starts from zone
    )
    select coalesce(sum(a.amount_cents), 0) as cents from auto_top_ups a, month m
    where a.user_id = ${userId}
      and ((a.status = 'succeeded' and a.credited_at >= m.starts) or a.status in ('pending', 'requires_action'))`);
  return Number(result.rows[0]?.cents ?? 0);
}

/** The attempt for one trigger; null when the trigger already has one (a repeated call). */
export async function insertAttempt(
  db: DbOrTx,
  row: { userId: string; triggerKey: string; amountCents: number },
): Promise<AutoTopUpRow | null> {
  const [inserted] = await db.insert(autoTopUps).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** For the job and webhooks, which arrive without a signed-in user. */
export async function findAttemptById(db: DbOrTx, id: string): Promise<AutoTopUpRow | null> {
  const [row] = await db.select().from(autoTopUps).where(eq(autoTopUps.id, id));
  return row ?? null;
}

/** Locks the attempt row so that the job and webhooks settle it one after the other. */
export async function lockAttempt(db: DbOrTx, id: string): Promise<AutoTopUpRow | null> {
  const [row] = await db.select().from(autoTopUps).where(eq(autoTopUps.id, id)).for('update');
  return row ?? null;
}

/** Scoped to its owner: another user's attempt id finds nothing. */
export async function findMyAttempt(db: DbOrTx, userId: string, id: string): Promise<AutoTopUpRow | null> {
  const [row] = await db
    .select()
    .from(autoTopUps)
    .where(and(eq(autoTopUps.id, id), eq(autoTopUps.userId, userId)));
  return row ?? null;
}

export async function updateAttempt(
  db: DbOrTx,
  id: string,
  change: Partial<Pick<AutoTopUpRow, 'status' | 'paymentIntentId' | 'failureCode' | 'checkoutSessionId' | 'creditedAt'>>,
): Promise<void> {
  await db.update(autoTopUps).set(change).where(eq(autoTopUps.id, id));
}

/** Ends the attempt waiting for the cardholder, if it is still waiting; false when it was not. */
export async function closeWaitingAttempt(db: DbOrTx, userId: string, id: string, checkoutSessionId: string): Promise<boolean> {
  const rows = await db
    .update(autoTopUps)
    .set({ status: 'on_session', checkoutSessionId })
    .where(and(eq(autoTopUps.id, id), eq(autoTopUps.userId, userId), eq(autoTopUps.status, 'requires_action')))
    .returning({ id: autoTopUps.id });
  return rows.length > 0;
}

/** Attempts not yet sent to the provider end with the card: nothing may charge a removed card. */
export async function cancelPendingAttempts(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(autoTopUps)
    .set({ status: 'cancelled' })
    .where(and(eq(autoTopUps.userId, userId), inArray(autoTopUps.status, [...OPEN_STATUSES])));
}
