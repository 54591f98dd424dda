import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@shared/admin';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

/** What sets an account apart at a glance: disabled, an operator, an address not confirmed. */
export function UserBadges({ user }: { user: Pick<AdminUserRow, 'disabled' | 'operator' | 'emailVerified'> }) {
  const { t } = useTranslation('admin');
  if (!user.disabled && !user.operator && user.emailVerified) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {user.disabled && <span className={`${badge} bg-destructive/10 text-destructive`}>{t('users.badges.disabled')}</span>}
      {user.operator && <span className={`${badge} bg-primary/10 text-primary`}>{t('users.badges.operator')}</span>}
      {!user.emailVerified && <span className={`${badge} bg-muted text-muted-foreground`}>{t('users.badges.unconfirmed')}</span>}
    </span>
  );
}
