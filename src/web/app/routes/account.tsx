import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@shared/paths';
import { UserAvatar } from '@web/components/layouts/user-avatar';
import { AccountSettingsCard, PrivacyCard } from '@web/features/account';
import { meQueryKey, useMe } from '@web/features/auth/api/get-me';
import { AccountProfileCard, TransactionHistory } from '@web/features/billing';

/** The Account screen: the profile card and the History, composed from auth and billing; then the user's data. */
export function AccountRoute() {
  const { t } = useTranslation(['billing', 'account']);
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!me) return null;

  // Every session of the account ended with it: forget everything about the user, then sign-in.
  const accountDeleted = () => {
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    toast.success(t('account:privacy.deleted'));
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('account.title')}</h1>
      <AccountProfileCard
        profile={{ displayName: me.displayName, email: me.email }}
        avatar={<UserAvatar avatarUrl={me.avatarUrl} initials={me.initials} className="h-16 w-16 [&_span]:text-xl" />}
      />
      <TransactionHistory />
      <AccountSettingsCard
        name={me.name}
        email={me.email}
        onProfileChanged={() => queryClient.invalidateQueries({ queryKey: meQueryKey })}
      />
      <PrivacyCard onAccountDeleted={accountDeleted} />
    </main>
  );
}

export default AccountRoute;
