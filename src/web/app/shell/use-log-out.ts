import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { paths } from '@shared/paths';
import { useSignOut } from '@web/features/auth/api/sign-out';

/** Sign out, forget every user-scoped cache and return to login. */
export function useLogOut() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { t } = useTranslation('navigation');
  return {
    isPending: signOut.isPending,
    logOut: (onDone?: () => void) =>
      signOut.mutate(undefined, {
        onSuccess: () => {
          onDone?.();
          void navigate(paths.login.getHref());
        },
        onError: () => toast.error(t('logOutFailed')),
      }),
  };
}
