import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { normalizeEmail, validateSignup } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { Button } from '@web/components/ui/button';
import { useErrorText } from '@web/lib/server-text';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useSignUp } from '../api/sign-up';
import { AuthCard, textLinkClasses } from './auth-card';
import { CheckEmailView } from './check-email-view';
import { BusyButton, CheckboxField, FormAlert, TextField } from './form-controls';
import {
  resendConfirmationFailure,
  screenMessageText,
  signupFailure,
  socialReturnFailure,
  socialStartFailure,
  type ScreenMessage,
} from './screen-messages';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { useFormFields } from './use-form-fields';

type Step = 'email' | 'password' | 'check-email';

/**
 * Registration: the address first ('Next'), then password, confirmation and terms
 * ('Create account', busy while working), then the check-your-email view.
 */
export function SignupScreen() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signUp = useSignUp();
  const resendConfirmation = useResendConfirmation();
  const form = useFormFields({ email: '', password: '', confirmPassword: '', acceptTerms: false }, validateSignup, { idPrefix: 'signup' });
  const [step, setStep] = useState<Step>('email');
  const [failure, setFailure] = useState<ScreenMessage | null>(() => socialReturnFailure(searchParams, 'signup'));
  const { values, errors } = form;
  const issueText = (field: keyof typeof values) => (errors[field] ? t(`validation.${errors[field]}`) : undefined);

  // Moving between steps puts the keyboard where the user continues.
  const { fieldId } = form;
  useEffect(() => {
    if (step === 'password') document.getElementById(fieldId('password'))?.focus();
  }, [step, fieldId]);

  function next(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (form.validateFields(['email'])) setStep('password');
  }

  async function createAccount(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateFields()) return;
    try {
      const { signedIn } = await signUp.mutateAsync({ email: values.email, password: values.password });
      if (signedIn) navigate(paths.studio.getHref(), { replace: true });
      else setStep('check-email');
    } catch (error) {
      setFailure(signupFailure(error, errorText));
    }
  }

  if (step === 'check-email') {
    return (
      <CheckEmailView
        message={t('checkEmail.confirmationSent', { email: normalizeEmail(values.email) })}
        resendLabel={t('checkEmail.resendConfirmation')}
        resendBusyLabel={t('checkEmail.resending')}
        onResend={() => resendConfirmation.mutateAsync(values.email)}
        resendSuccess={{ key: 'resend.success' }}
        resendFailure={resendConfirmationFailure}
        backLabel={t('checkEmail.backToSignIn')}
        onBack={() => navigate(paths.login.getHref())}
      />
    );
  }

  const footer = (
    <>
      {t('signup.haveAccount')}{' '}
      <Link to={paths.login.getHref()} className={textLinkClasses}>
        {t('signup.signIn')}
      </Link>
    </>
  );

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')} footer={footer}>
      {step === 'email' ? (
        <>
          <form noValidate onSubmit={next} className="flex flex-col gap-4">
            {failure && <FormAlert>{screenMessageText(t, failure)}</FormAlert>}
            <TextField
              {...form.textField('email')}
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('fields.emailPlaceholder')}
              error={issueText('email')}
            />
            <BusyButton busy={false} label={t('signup.next')} busyLabel={t('signup.next')} />
          </form>
          <SocialSignInButtons returnOnError={paths.signup.getHref()} onFailure={() => setFailure(socialStartFailure('signup'))} />
        </>
      ) : (
        <form noValidate onSubmit={(event) => void createAccount(event)} className="flex flex-col gap-4">
          {failure && <FormAlert>{screenMessageText(t, failure)}</FormAlert>}
          <div className="flex items-center justify-between gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
            <span className="min-w-0 truncate">
              <span className="text-muted-foreground">{t('signup.signingUpAs')} </span>
              <span className="font-medium">{normalizeEmail(values.email)}</span>
            </span>
            <Button variant="ghost" size="sm" onClick={() => setStep('email')} disabled={signUp.isPending}>
              {t('signup.changeEmail')}
            </Button>
          </div>
          <TextField
            {...form.textField('password')}
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            error={issueText('password')}
          />
          <TextField
            {...form.textField('confirmPassword')}
            label={t('fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={issueText('confirmPassword')}
          />
          <CheckboxField
            id={fieldId('acceptTerms')}
            checked={values.acceptTerms}
            onCheckedChange={(checked) => form.setValue('acceptTerms', checked)}
            onBlur={() => form.blur('acceptTerms')}
            error={issueText('acceptTerms')}
            label={
              <Trans
                t={t}
                i18nKey="signup.acceptTerms"
                components={{
                  terms: <Link to={paths.terms.getHref()} target="_blank" rel="noopener" className={textLinkClasses} />,
                  privacy: <Link to={paths.privacy.getHref()} target="_blank" rel="noopener" className={textLinkClasses} />,
                }}
              />
            }
          />
          <BusyButton busy={signUp.isPending} label={t('signup.submit')} busyLabel={t('signup.submitting')} />
        </form>
      )}
    </AuthCard>
  );
}
