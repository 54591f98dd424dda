import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/client-config';
import { assertNoSecretKeys } from '@shared/secret-keys';
import { publicApi } from './api-client';

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await publicApi.config.$get();
  // The answer is typed from the server's route; it is the same build, so it is not parsed again.
  const config: PublicConfig = await response.json();
  // The spec's rule: the client refuses to start if a configuration key is named like a secret.
  assertNoSecretKeys(config, 'the server configuration');
  return config;
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: fetchPublicConfig,
  staleTime: Infinity,
  retry: 2,
});

export function usePublicConfig(): PublicConfig {
  return useSuspenseQuery(publicConfigQuery).data;
}
