import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@shared/profile';
import { api } from '@web/lib/api-client';
import { resetSessionCaches } from '../session';

/** Records terms_accepted_at; the server refuses anything but a ticked box (400). */
export async function acceptTerms(): Promise<Profile> {
  const response = await api.me['accept-terms'].$post({ json: { accepted: true } });
  return response.json();
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => resetSessionCaches(queryClient),
  });
}
