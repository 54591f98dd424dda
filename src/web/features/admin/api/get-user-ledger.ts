import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminLedgerPage } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getUserLedger(id: string, page: number): Promise<AdminLedgerPage> {
  const response = await api.admin.users[':id'].ledger.$get({ param: { id }, query: { page: String(page) } });
  return response.json();
}

export function useUserLedger(id: string, page: number) {
  return useQuery({
    queryKey: adminKeys.ledger(id, page),
    queryFn: () => getUserLedger(id, page),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
