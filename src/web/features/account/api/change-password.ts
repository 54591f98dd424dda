import { useMutation } from '@tanstack/react-query';
import { postAccountChange } from './account-auth-request';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * A wrong current password fails with 401 INVALID_CREDENTIALS, a weak new one with 400
 * VALIDATION_ERROR. On success every other session of the account ends (the server insists);
 * this browser stays signed in.
 */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return postAccountChange('/change-password', { ...input, revokeOtherSessions: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
