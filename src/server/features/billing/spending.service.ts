import { coded } from '@shared/coded-text';
import type { SpendingControls, SpendingControlsUpdate, SpendingLimitRefusal } from '@shared/spending';
import { AppError } from '@shared/errors';
import { formatCents } from '@shared/money';
import type { DbOrTx } from '../../db/client';
import {
  insertDefaultSpendingControls,
  isKnownTimeZone,
  lockAccountForDebit,
  spendingWindow,
  upsertSpendingControls,
  type SpendingControlsChange,
  type SpendingWindow,
} from './spending.repository';

/**
 * Limits people set on their own spending. A request whose charge would take the day's or the
 * month's charges-minus-refunds past a limit is refused before anything is charged; free images
 * cost nothing and are never refused.
 */

export const SPENDING_LIMIT_PATH = '/billing#spending-limits';

/** The first limit the charge would pass (the day's before the month's), or null. */
export function spendingLimitRefusal(window: SpendingWindow, priceCents: number): SpendingLimitRefusal | null {
  if (priceCents <= 0) return null;
  if (window.dailyLimitCents !== null && window.spentTodayCents + priceCents > window.dailyLimitCents) {
    return {
      period: 'daily',
      limit_cents: window.dailyLimitCents,
      spent_cents: window.spentTodayCents,
      price_cents: priceCents,
      resets_at: window.dayResetsAt.toISOString(),
    };
  }
  if (window.monthlyLimitCents !== null && window.spentThisMonthCents + priceCents > window.monthlyLimitCents) {
    return {
      period: 'monthly',
      limit_cents: window.monthlyLimitCents,
      spent_cents: window.spentThisMonthCents,
      price_cents: priceCents,
      resets_at: window.monthResetsAt.toISOString(),
    };
  }
  return null;
}

/** The refusal as the API sends it: 403 with the figures in details.spending_limit (the web client words it). */
export function spendingLimitError(refusal: SpendingLimitRefusal): AppError {
  const message =
    `This request would pass your ${refusal.period} spending limit of ${formatCents(refusal.limit_cents)}: ` +
    `${formatCents(refusal.spent_cents)} spent, it resets at ${refusal.resets_at}. Change your limits on the Billing page (${SPENDING_LIMIT_PATH}).`;
  const text = coded(refusal.period === 'daily' ? 'error.spendingLimitDaily' : 'error.spendingLimitMonthly', {
    limit: { cents: refusal.limit_cents },
    spent: { cents: refusal.spent_cents },
  });
  return new AppError('FORBIDDEN', message, { status: 403, text, details: { spending_limit: refusal } });
}

/**
 * Called by the debit, in its transaction, before it writes: locks the account row (so that
 * concurrent charges are counted one after the other) and refuses a charge that would pass a
 * limit. Nothing is written either way.
 */
export async function assertWithinSpendingLimits(
  tx: DbOrTx,
  input: { userId: string; imageCount: number; pricePerImageCents: number },
): Promise<void> {
  if (input.pricePerImageCents <= 0) return;
  const account = await lockAccountForDebit(tx, input.userId);
  if (!account) return;
  const paidImages = input.imageCount - Math.min(account.freeGenerationsLeft, input.imageCount);
  const priceCents = paidImages * input.pricePerImageCents;
  if (priceCents <= 0) return;
  const refusal = spendingLimitRefusal(await spendingWindow(tx, input.userId), priceCents);
  if (refusal) throw spendingLimitError(refusal);
}

/** For the composer's cost line: the limit the quoted charge would pass, if any (reserves nothing). */
export async function spendingLimitForQuote(db: DbOrTx, userId: string, priceCents: number): Promise<SpendingLimitRefusal | null> {
  if (priceCents <= 0) return null;
  return spendingLimitRefusal(await spendingWindow(db, userId), priceCents);
}

export async function spendingControlsOf(db: DbOrTx, userId: string): Promise<SpendingControls> {
  const window = await spendingWindow(db, userId);
  return {
    daily_limit_cents: window.dailyLimitCents,
    monthly_limit_cents: window.monthlyLimitCents,
    time_zone: window.timeZone,
    low_balance_threshold_cents: window.lowBalanceThresholdCents,
    spent_today_cents: window.spentTodayCents,
    spent_this_month_cents: window.spentThisMonthCents,
    day_resets_at: window.dayResetsAt.toISOString(),
    month_resets_at: window.monthResetsAt.toISOString(),
  };
}

/** Saves what the user changed; an unknown time zone is refused and changes nothing. */
export async function updateSpendingControls(db: DbOrTx, userId: string, update: SpendingControlsUpdate): Promise<void> {
  if (update.time_zone !== undefined && !(await isKnownTimeZone(db, update.time_zone))) {
    const message = `Unknown time zone: ${update.time_zone}`;
    throw new AppError('VALIDATION_ERROR', message, {
      text: coded('error.unknownTimeZone', { zone: update.time_zone }),
      details: { fields: [{ field: 'time_zone', message }] },
    });
  }
  const change: SpendingControlsChange = {};
  if (update.daily_limit_cents !== undefined) change.dailyLimitCents = update.daily_limit_cents;
  if (update.monthly_limit_cents !== undefined) change.monthlyLimitCents = update.monthly_limit_cents;
  if (update.time_zone !== undefined) change.timeZone = update.time_zone;
  if (update.low_balance_threshold_cents !== undefined) change.lowBalanceThresholdCents = update.low_balance_threshold_cents;
  if (Object.keys(change).length === 0) return;
  await upsertSpendingControls(db, userId, change);
}

/** A new account starts with the operator's monthly limit (DEFAULT_MONTHLY_LIMIT_CENTS), if one is set. */
export async function applyDefaultSpendingLimit(db: DbOrTx, userId: string, defaultMonthlyLimitCents: number | null): Promise<void> {
  if (defaultMonthlyLimitCents !== null) await insertDefaultSpendingControls(db, userId, defaultMonthlyLimitCents);
}
