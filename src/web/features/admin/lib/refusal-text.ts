import type { TFunction } from 'i18next';
import { ADMIN_REFUSALS, type AdminRefusal } from '@shared/admin';
import { formatCents } from '@shared/money';
import { isAppError } from '@shared/errors';

/**
 * What an action's failure tells the operator, in their language: a refusal the server names
 * (`details.reason`) has its own text; anything else is the server's text, worded by `errorText`.
 */
export function refusalText(t: TFunction<'admin'>, error: unknown, errorText: (error: unknown) => string): string {
  if (!isAppError(error)) return t('actions.failed');
  const body = error.details as { details?: { reason?: string; spendableCents?: number; refundableCents?: number } } | undefined;
  const reason = body?.details?.reason;
  if (reason && (ADMIN_REFUSALS as readonly string[]).includes(reason)) {
    const amount = formatCents(body?.details?.spendableCents ?? body?.details?.refundableCents ?? 0);
    return t(`refusals.${reason as AdminRefusal}`, { amount, message: error.message });
  }
  if (error.status === 429) return t('actions.rateLimited');
  return error.message ? errorText(error) : t('actions.failed');
}
