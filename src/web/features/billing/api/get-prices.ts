import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Price } from '@shared/billing';
import { DEFAULT_PRODUCT_ALIAS } from '@shared/money';
import { api } from '@web/lib/api-client';
import { billingKeys, retryUpTo } from './query-keys';

/** The product's packages; the server already left out prices without an amount. */
export async function getPrices(product: string): Promise<Price[]> {
  const response = await api.stripe.prices[':product'].$get({ param: { product } });
  return response.json();
}

/** Spec 7: 60 s dedupe, no refresh on focus or reconnect, 3 retries 5 s apart. */
export const pricesQuery = (product: string = DEFAULT_PRODUCT_ALIAS) =>
  queryOptions({
    queryKey: billingKeys.prices(product),
    queryFn: () => getPrices(product),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: retryUpTo(3),
    retryDelay: 5_000,
  });

export function usePrices(product?: string) {
  return useQuery(pricesQuery(product));
}
