import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetSessionCaches } from '../session';
import { postAuth } from './auth-request';

export async function signOut(): Promise<void> {
  await postAuth('/sign-out');
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => resetSessionCaches(queryClient),
  });
}
