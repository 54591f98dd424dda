import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetSessionCaches } from '../session';
import { postAuth } from './auth-request';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** A used or expired token fails with 400 AUTH_ERROR. */
export async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  await postAuth('/reset-password', { token, newPassword });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A new password signs the account out everywhere, this browser included.
    onSuccess: () => resetSessionCaches(queryClient),
  });
}
