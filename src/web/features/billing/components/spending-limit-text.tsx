import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpendingLimitRefusal } from '@shared/spending';
import { formatCents } from '@shared/money';

export const SPENDING_LIMITS_HREF = '/billing#spending-limits';

/** A moment as the reader's language writes it (weekday, day, time). */
export function formatResetTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/**
 * Why a request is (or would be) refused by the user's own spending limit: the limit, what is
 * spent, when it resets, and a link to change it. `tense`: 'would' on the cost line before
 * sending, 'refused' after the server said no.
 */
export function SpendingLimitText({ refusal, tense }: { refusal: SpendingLimitRefusal; tense: 'would' | 'refused' }) {
  const { t, i18n } = useTranslation('billing');
  const values = {
    limit: formatCents(refusal.limit_cents),
    spent: formatCents(refusal.spent_cents),
    price: formatCents(refusal.price_cents),
    resetsAt: formatResetTime(refusal.resets_at, i18n.resolvedLanguage ?? 'en'),
  };
  return (
    <span data-testid="spending-limit-text">
      {t(`spendingLimit.${tense}.${refusal.period}`, values)}{' '}
      <Link to={SPENDING_LIMITS_HREF} className="font-medium underline underline-offset-2">
        {t('spendingLimit.change')}
      </Link>
    </span>
  );
}
