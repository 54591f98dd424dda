import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getAdminUser(id: string): Promise<AdminUserDetail> {
  const response = await api.admin.users[':id'].$get({ param: { id } });
  return response.json();
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: adminKeys.user(id), queryFn: () => getAdminUser(id), retry: false });
}
