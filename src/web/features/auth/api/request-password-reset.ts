import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { postAuth } from './auth-request';

/** The mail links to /reset-password?token=…&type=recovery; unknown addresses get the same answer. */
export async function requestPasswordReset(email: string): Promise<void> {
  await postAuth('/request-password-reset', { email: normalizeEmail(email), redirectTo: paths.resetPassword.getHref() });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
