import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { postAuth } from './auth-request';

/** Mails a fresh confirmation link; the server answers the same whether or not the address is known. */
export async function resendConfirmation(email: string): Promise<void> {
  await postAuth('/send-verification-email', { email: normalizeEmail(email), callbackURL: paths.completeSignup.getHref() });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
