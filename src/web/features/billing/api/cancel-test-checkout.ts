import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

/** The local checkout's Cancel: the session can no longer be paid. */
export async function cancelTestCheckout(sessionId: string): Promise<void> {
  await api.stripe['test-checkout'][':id'].cancel.$post({ param: { id: sessionId } });
}

export function useCancelTestCheckout() {
  return useMutation({ mutationFn: cancelTestCheckout });
}
