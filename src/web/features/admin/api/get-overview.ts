import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview, OverviewQuery } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getOverview(query: OverviewQuery): Promise<Overview> {
  const response = await api.admin.overview.$get({
    query: { period: query.period, ...(query.period === 'custom' ? { from: query.from, to: query.to } : {}) },
  });
  return response.json();
}

export function useOverview(query: OverviewQuery) {
  return useQuery({
    queryKey: adminKeys.overview(query),
    queryFn: () => getOverview(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
