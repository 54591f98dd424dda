import { useQuery } from '@tanstack/react-query';
import type { EngineStatus } from '@shared/admin';
import { api } from '@web/lib/api-client';
import { adminKeys } from './query-keys';

export async function getEngines(): Promise<EngineStatus[]> {
  const response = await api.admin.engines.$get();
  return response.json();
}

export function useEngines() {
  return useQuery({ queryKey: adminKeys.engines, queryFn: getEngines, refetchInterval: 60_000, retry: false });
}
