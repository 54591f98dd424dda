import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobsOverview } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getJobs(page: number): Promise<JobsOverview> {
  const response = await api.admin.jobs.$get({ query: { page: String(page) } });
  return response.json();
}

/** Queues change by the second: the page refreshes itself every 10 s while open. */
export function useJobs(page: number) {
  return useQuery({
    queryKey: adminKeys.jobs(page),
    queryFn: () => getJobs(page),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
    retry: false,
  });
}
