import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@web/components/layouts/user-avatar';
import { useMe } from '@web/features/auth/api/get-me';
import { AccountProfileCard, TransactionHistory } from '@web/features/billing';

/** The Account screen (spec 2): the profile card and the History, composed from auth and billing. */
export function AccountRoute() {
  const { t } = useTranslation('billing');
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('account.title')}</h1>
      <AccountProfileCard
        profile={{ displayName: me.displayName, email: me.email }}
        avatar={<UserAvatar avatarUrl={me.avatarUrl} initials={me.initials} className="h-16 w-16 [&_span]:text-xl" />}
      />
      <TransactionHistory />
    </main>
  );
}

export default AccountRoute;
