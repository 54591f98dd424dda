import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { usePublicConfig } from '@web/lib/public-config';
import { SOCIAL_PROVIDERS, useSocialSignIn, type SocialProvider } from '../api/social-sign-in';

interface SocialSignInButtonsProps {
  /** The screen the provider returns to on failure (it shows 'Failed to sign in with …'). */
  returnOnError: string;
  onFailure: (error: unknown) => void;
  disabled?: boolean;
}

/**
 * Apple, Google and GitHub. A provider the server has no credentials for stays visible but says it
 * is unavailable (still focusable, so keyboard and screen-reader users learn why).
 */
export function SocialSignInButtons({ returnOnError, onFailure, disabled }: SocialSignInButtonsProps) {
  const { t } = useTranslation('auth');
  const { socialProviders } = usePublicConfig();
  const socialSignIn = useSocialSignIn();
  const [starting, setStarting] = useState<SocialProvider | null>(null);

  async function start(provider: SocialProvider) {
    setStarting(provider);
    try {
      // On success the browser leaves for the provider; the busy label stays until it does.
      await socialSignIn.mutateAsync({ provider, returnOnError });
    } catch (error) {
      setStarting(null);
      onFailure(error);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {SOCIAL_PROVIDERS.map((provider) => {
          const name = t(`social.providers.${provider}`);
          const available = socialProviders[provider];
          if (!available) {
            return (
              <Button
                key={provider}
                variant="outline"
                aria-disabled="true"
                title={t('social.unavailableHint', { provider: name })}
                className="h-auto min-h-10 cursor-not-allowed flex-col gap-0 py-1.5 opacity-60"
              >
                <span>{name}</span>{' '}
                <span className="text-[11px] font-normal text-muted-foreground">
                  {t('social.unavailable')}
                  <span className="sr-only">: {t('social.unavailableHint', { provider: name })}</span>
                </span>
              </Button>
            );
          }
          return (
            <Button
              key={provider}
              variant="outline"
              aria-label={starting === provider ? undefined : t('social.continueWith', { provider: name })}
              disabled={disabled || starting !== null}
              aria-busy={starting === provider || undefined}
              onClick={() => void start(provider)}
            >
              {starting === provider ? t('social.redirecting') : name}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
