import { useMutation } from '@tanstack/react-query';
import { paths } from '@shared/paths';
import { postAuth } from './auth-request';

/** In the order the spec lists them on the login screen. */
export const SOCIAL_PROVIDERS = ['apple', 'google', 'github'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface SocialSignInInput {
  provider: SocialProvider;
  /** The screen the provider sends the user back to when sign-in fails: login or signup. */
  returnOnError: string;
}

/**
 * Starts the provider's sign-in and answers where to send the browser. Success returns to the
 * sessions route; failure returns to `returnOnError?provider=…&error=…`, so that screen can say
 * which provider failed.
 */
export async function startSocialSignIn({ provider, returnOnError }: SocialSignInInput): Promise<string> {
  const answer = await postAuth<{ url?: unknown }>('/sign-in/social', {
    provider,
    callbackURL: paths.studio.getHref(),
    errorCallbackURL: `${returnOnError}?provider=${provider}`,
  });
  if (typeof answer.url !== 'string' || !answer.url) throw new Error('The sign-in answer carried no provider URL');
  return answer.url;
}

export function useSocialSignIn() {
  return useMutation({
    mutationFn: startSocialSignIn,
    onSuccess: (url) => window.location.assign(url),
  });
}
