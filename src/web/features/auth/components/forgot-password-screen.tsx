import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { normalizeEmail, validateForgotPassword } from '@shared/auth-validation';
import { paths } from '@shared/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard, textLinkClasses } from './auth-card';
import { CheckEmailView } from './check-email-view';
import { BusyButton, FormAlert, TextField } from './form-controls';
import { forgotPasswordFailure, screenMessageText, type ScreenMessage } from './screen-messages';
import { useFormFields } from './use-form-fields';

/** Spec 4: form → sending → 'Check your email'; 'Back to sign in' resets the form. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const form = useFormFields({ email: '' }, validateForgotPassword, { idPrefix: 'forgot-password', editing: 'clears' });
  const [failure, setFailure] = useState<ScreenMessage | null>(null);
  const [sent, setSent] = useState(false);
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateFields()) return;
    try {
      await requestReset.mutateAsync(values.email);
      setSent(true);
    } catch (error) {
      setFailure(forgotPasswordFailure(error));
    }
  }

  /** Starts over (a later visit shows an empty form) and returns to sign-in. */
  function backToSignIn() {
    form.reset();
    requestReset.reset();
    setFailure(null);
    setSent(false);
    navigate(paths.login.getHref());
  }

  if (sent) {
    return (
      <CheckEmailView
        message={t('forgotPassword.sent', { email: normalizeEmail(values.email) })}
        resendLabel={t('forgotPassword.resend')}
        resendBusyLabel={t('forgotPassword.resending')}
        onResend={() => requestReset.mutateAsync(values.email)}
        resendSuccess={{ key: 'forgotPassword.resent' }}
        resendFailure={forgotPasswordFailure}
        backLabel={t('forgotPassword.backToSignIn')}
        onBack={backToSignIn}
      />
    );
  }

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      subtitle={t('forgotPassword.subtitle')}
      footer={
        <>
          {t('forgotPassword.rememberPassword')}{' '}
          <Link to={paths.login.getHref()} className={textLinkClasses}>
            {t('forgotPassword.signIn')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {failure && <FormAlert>{screenMessageText(t, failure)}</FormAlert>}
        <TextField
          id={form.fieldId('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          value={values.email}
          onValueChange={(value) => {
            setFailure(null);
            form.setValue('email', value);
          }}
          onBlur={() => form.blur('email')}
          error={errors.email ? t(`validation.${errors.email}`) : undefined}
        />
        <BusyButton busy={requestReset.isPending} label={t('forgotPassword.submit')} busyLabel={t('forgotPassword.submitting')} />
      </form>
    </AuthCard>
  );
}
