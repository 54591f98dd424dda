import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeEmail } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { resetSessionCaches } from '../session';
import { getMe } from './get-me';
import { postAuth } from './auth-request';

export interface SignUpInput {
  email: string;
  password: string;
}

/** `signedIn` is false while the address waits for confirmation (always, unless confirmation is off). */
export interface SignUpResult {
  signedIn: boolean;
}

/**
 * The form only signs up with the terms box ticked, and says so (`acceptTerms`): the server
 * records the acceptance with the account, so the confirmation link leads straight to the
 * sessions list — no second terms step.
 */
export async function signUp({ email, password }: SignUpInput): Promise<SignUpResult> {
  await postAuth('/sign-up/email', {
    email: normalizeEmail(email),
    password,
    name: '',
    acceptTerms: true,
    callbackURL: paths.studio.getHref(),
  });
  // The answer carries no session token (page scripts never see one): ask whether a session began.
  return { signedIn: (await getMe()) !== null };
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: async (result) => {
      if (result.signedIn) await resetSessionCaches(queryClient);
    },
  });
}
