import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserList, UserListQuery } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getUsers(query: UserListQuery): Promise<UserList> {
  const response = await api.admin.users.$get({
    query: { ...(query.q ? { q: query.q } : {}), sort: query.sort, order: query.order, page: String(query.page) },
  });
  return response.json();
}

export function useUsers(query: UserListQuery) {
  return useQuery({ queryKey: adminKeys.users(query), queryFn: () => getUsers(query), placeholderData: keepPreviousData, retry: false });
}
