import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeEmail } from '@shared/auth-validation';
import { resetSessionCaches } from '../session';
import { postAuth } from './auth-request';

export interface SignInInput {
  email: string;
  password: string;
}

/** Fails with INVALID_CREDENTIALS (401), EMAIL_NOT_CONFIRMED (403) or a 429 from the rate limit. */
export async function signIn({ email, password }: SignInInput): Promise<void> {
  await postAuth('/sign-in/email', { email: normalizeEmail(email), password });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => resetSessionCaches(queryClient),
  });
}
