import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { validateAcceptTerms } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { useAcceptTerms } from '../api/accept-terms';
import { useMe } from '../api/get-me';
import { useSignOut } from '../api/sign-out';
import { AuthCard, textLinkClasses } from './auth-card';
import { BusyButton, CheckboxField, FormAlert } from './form-controls';
import { acceptTermsFailure, screenMessageText, signOutFailure, type ScreenMessage } from './screen-messages';
import { useFormFields } from './use-form-fields';

/** Terms acceptance: accepting continues to the sessions list; 'Go back to login' signs out. */
export function CompleteSignupScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: me } = useMe();
  const acceptTerms = useAcceptTerms();
  const signOut = useSignOut();
  const form = useFormFields({ acceptTerms: false }, validateAcceptTerms, { idPrefix: 'complete-signup' });
  const [failure, setFailure] = useState<ScreenMessage | null>(null);
  const busy = acceptTerms.isPending || signOut.isPending;

  if (me?.termsAcceptedAt) return <Navigate to={paths.studio.getHref()} replace />;

  async function accept(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateFields()) return;
    try {
      await acceptTerms.mutateAsync();
      navigate(paths.studio.getHref(), { replace: true });
    } catch (error) {
      setFailure(acceptTermsFailure(error));
    }
  }

  async function backToLogin() {
    setFailure(null);
    try {
      await signOut.mutateAsync();
      navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      setFailure(signOutFailure(error));
    }
  }

  const linkProps = { target: '_blank', rel: 'noopener', className: textLinkClasses } as const;
  return (
    <AuthCard title={t('completeSignup.title')} subtitle={t('completeSignup.subtitle')}>
      <form noValidate onSubmit={(event) => void accept(event)} className="flex flex-col gap-4">
        {failure && <FormAlert>{screenMessageText(t, failure)}</FormAlert>}
        <CheckboxField
          id={form.fieldId('acceptTerms')}
          checked={form.values.acceptTerms}
          onCheckedChange={(checked) => form.setValue('acceptTerms', checked)}
          onBlur={() => form.blur('acceptTerms')}
          error={form.errors.acceptTerms ? t(`validation.${form.errors.acceptTerms}`) : undefined}
          label={
            <Trans
              t={t}
              i18nKey="completeSignup.accept"
              components={{
                terms: <Link to={paths.terms.getHref()} {...linkProps} />,
                privacy: <Link to={paths.privacy.getHref()} {...linkProps} />,
              }}
            />
          }
        />
        <BusyButton
          busy={acceptTerms.isPending}
          disabled={busy}
          label={t('completeSignup.submit')}
          busyLabel={t('completeSignup.submitting')}
        />
        <BusyButton
          type="button"
          variant="ghost"
          busy={signOut.isPending}
          disabled={busy}
          label={t('completeSignup.backToLogin')}
          busyLabel={t('completeSignup.signingOut')}
          onClick={() => void backToLogin()}
        />
      </form>
    </AuthCard>
  );
}
