import type { AuditQuery, OverviewQuery, UserListQuery } from '@shared/admin';
import { useQueryClient } from '@tanstack/react-query';

/** The console's cache keys; every report lives under ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: (query: OverviewQuery) => ['admin', 'overview', query] as const,
  users: (query: UserListQuery) => ['admin', 'users', query] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  ledger: (id: string, page: number) => ['admin', 'user', id, 'ledger', page] as const,
  jobs: (page: number) => ['admin', 'jobs', page] as const,
  engines: ['admin', 'engines'] as const,
  audit: (query: AuditQuery) => ['admin', 'audit', query] as const,
};

/** After an action every report may have changed (a balance, a list, the log): all are fetched again. */
export function useRefreshConsole(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}
