import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api-client';
import { studioKeys } from './query-keys';

/** The raw balance in cents (spec sign convention: negative = credit). */
const balanceAnswerSchema = z.object({ balance: z.number() });

export async function getBalance(): Promise<number> {
  const response = await apiFetch('/api/stripe/balance');
  return balanceAnswerSchema.parse(await response.json()).balance;
}

export const balanceQuery = queryOptions({ queryKey: studioKeys.balance, queryFn: getBalance, staleTime: 2_000, refetchOnWindowFocus: true });

export function useBalance(enabled: boolean) {
  return useQuery({ ...balanceQuery, enabled });
}
