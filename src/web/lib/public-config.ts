import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { assertNoSecretKeys, publicConfigSchema, type PublicConfig } from '@shared/client-config';
import { publicApi } from './api-client';

export async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await publicApi.config.$get();
  const config = publicConfigSchema.parse(await response.json());
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
