import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { validateLogin } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useSignIn } from '../api/sign-in';
import { returnPathAfterSignIn } from '../return-path';
import { AuthCard, textLinkClasses } from './auth-card';
import { CheckEmailView } from './check-email-view';
import { BusyButton, FormAlert, TextField } from './form-controls';
import { LanguageSwitcher } from './language-switcher';
import {
  isEmailNotConfirmed,
  loginFailure,
  resendConfirmationFailure,
  screenMessageText,
  socialReturnFailure,
  socialStartFailure,
  type ScreenMessage,
} from './screen-messages';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { useFormFields } from './use-form-fields';

export function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const resendConfirmation = useResendConfirmation();
  const form = useFormFields({ email: '', password: '' }, validateLogin, { idPrefix: 'login' });
  const [failure, setFailure] = useState<ScreenMessage | null>(() => socialReturnFailure(searchParams, 'login'));
  const [view, setView] = useState<'form' | 'check-email'>('form');
  const { values, errors } = form;
  const issueText = (field: keyof typeof values) => (errors[field] ? t(`validation.${errors[field]}`) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateFields()) return;
    try {
      await signIn.mutateAsync(values);
      navigate(returnPathAfterSignIn(location.state), { replace: true });
    } catch (error) {
      if (isEmailNotConfirmed(error)) setView('check-email');
      else setFailure(loginFailure(error));
    }
  }

  if (view === 'check-email') {
    return (
      <CheckEmailView
        aside={<LanguageSwitcher />}
        message={t('checkEmail.notConfirmed', { email: values.email.trim() })}
        resendLabel={t('checkEmail.resendConfirmation')}
        resendBusyLabel={t('checkEmail.resending')}
        onResend={() => resendConfirmation.mutateAsync(values.email)}
        resendSuccess={{ key: 'resend.success' }}
        resendFailure={resendConfirmationFailure}
        backLabel={t('checkEmail.back')}
        onBack={() => setView('form')}
      />
    );
  }

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      aside={<LanguageSwitcher />}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={paths.signup.getHref()} className={textLinkClasses}>
            {t('login.signUp')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
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
        <div className="flex flex-col gap-1.5">
          <TextField
            {...form.textField('password')}
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            error={issueText('password')}
          />
          <Link to={paths.forgotPassword.getHref()} className={`self-end text-sm ${textLinkClasses}`}>
            {t('login.forgotPassword')}
          </Link>
        </div>
        <BusyButton busy={signIn.isPending} label={t('login.submit')} busyLabel={t('login.submitting')} />
      </form>
      <SocialSignInButtons
        returnOnError={paths.login.getHref()}
        onFailure={() => setFailure(socialStartFailure('login'))}
        disabled={signIn.isPending}
      />
    </AuthCard>
  );
}
