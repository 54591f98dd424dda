import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { resetSessionCaches } from '../session';
import type { Profile } from './get-me';

/** Records terms_accepted_at; the server refuses anything but a ticked box (400). */
export async function acceptTerms(): Promise<Profile> {
  const response = await api.me['accept-terms'].$post({ json: { accepted: true } });
  return (await response.json()) as Profile;
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => resetSessionCaches(queryClient),
  });
}
