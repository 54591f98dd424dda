import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletionInfo } from '@shared/account';
import { api } from '@web/lib/api-client';

/** GET /api/account: how deleting is confirmed (password or typed e-mail) and the balance that would be lost. */
export async function getAccountDeletionInfo(): Promise<AccountDeletionInfo> {
  return (await api.account.$get()).json();
}

export const accountDeletionInfoQuery = queryOptions({
  queryKey: ['account', 'deletion-info'],
  queryFn: getAccountDeletionInfo,
  staleTime: 0,
});

/** Asked for only while the dialog is open, so the balance shown is the current one. */
export function useAccountDeletionInfo(enabled: boolean) {
  return useQuery({ ...accountDeletionInfoQuery, enabled });
}
