import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { balanceQuery, useBalance } from '@web/features/billing';
import { studioKeys } from '../api/query-keys';

/** The balance (raw, spec sign convention) when the server refused a generation for lack of credit. */
interface CreditRefusal {
  rawBalance: number | null;
}

/**
 * Spec section 4 (credit-exhausted): set after a 402 / INSUFFICIENT_BALANCE answer; it disables
 * the composer and shows the credit-needed card. It lives in the query cache, so it survives the
 * jump from /session/new to the new session's route and ends with the sign-out. It clears itself
 * once the balance shows more credit than at the refusal (the user topped up).
 */
export function useCreditRefusal() {
  const queryClient = useQueryClient();
  const { data: refusal } = useQuery<CreditRefusal | null>({
    queryKey: studioKeys.creditRefusal,
    queryFn: () => queryClient.getQueryData<CreditRefusal | null>(studioKeys.creditRefusal) ?? null,
    initialData: null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const exhausted = refusal !== null;
  const { data: balance } = useBalance({ enabled: exhausted });
  const rawBalance = balance?.balance;

  useEffect(() => {
    const refusedAt = refusal?.rawBalance;
    if (refusedAt === null || refusedAt === undefined || rawBalance === undefined) return;
    // A more negative raw balance is more credit.
    if (rawBalance < refusedAt) queryClient.setQueryData(studioKeys.creditRefusal, null);
  }, [rawBalance, refusal, queryClient]);

  const recordRefusal = useCallback(async () => {
    const unknownBalance: CreditRefusal = { rawBalance: null };
    queryClient.setQueryData(studioKeys.creditRefusal, unknownBalance);
    const current = await queryClient.fetchQuery({ ...balanceQuery, staleTime: 0 }).catch(() => null);
    const refusedAt: CreditRefusal = { rawBalance: current?.balance ?? null };
    queryClient.setQueryData(studioKeys.creditRefusal, refusedAt);
  }, [queryClient]);

  return { exhausted, rawBalance: rawBalance ?? refusal?.rawBalance ?? null, recordRefusal };
}
