import type { QueryClient } from '@tanstack/react-query';
import { isAppError } from '@shared/errors';

/** Billing's cache keys. The balance is one query, shared by the navigation, the studio and billing. */
export const billingKeys = {
  balance: ['billing', 'balance'] as const,
  prices: (product: string) => ['billing', 'prices', product] as const,
  history: (kind: string, limit: number) => ['billing', 'history', kind, limit] as const,
  historyAll: ['billing', 'history'] as const,
  verification: (sessionId: string) => ['billing', 'verification', sessionId] as const,
  testCheckout: (sessionId: string) => ['billing', 'test-checkout', sessionId] as const,
  spending: ['billing', 'spending'] as const,
  autoTopUp: ['billing', 'auto-top-up'] as const,
};

/** After money moved: the balance and the history are fetched again. */
export async function refreshBalances(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.balance }),
    queryClient.invalidateQueries({ queryKey: billingKeys.historyAll }),
  ]);
}

/** Spec 7 gives retry counts; a 4xx answer will not change by asking again, so it is not retried. */
export function retryUpTo(times: number) {
  return (failureCount: number, error: Error): boolean => {
    if (isAppError(error) && error.status !== undefined && error.status < 500 && error.status !== 429) return false;
    return failureCount < times;
  };
}
