import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { validateResetPasswordForm } from '@shared/auth-validation';
import { PASSWORD_RESET_REDIRECT_MS } from '@shared/constants';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, textLinkClasses } from './auth-card';
import { BusyButton, FormAlert, FormSuccess, TextField } from './form-controls';
import { isRefusedResetToken, resetPasswordFailure, screenMessageText, type ScreenMessage } from './screen-messages';
import { useFormFields } from './use-form-fields';

export type ResetLinkCheck = { valid: true; token: string } | { valid: false; reason: 'missingToken' | 'invalidLink' };

/**
 * The reset link's check: invalid without token/token_hash, invalid unless
 * type=recovery. An `error` parameter means the server already refused the token.
 */
export function checkResetLink(searchParams: URLSearchParams): ResetLinkCheck {
  const token = searchParams.get('token') || searchParams.get('token_hash');
  if (!token) return { valid: false, reason: 'missingToken' };
  if (searchParams.get('type') !== 'recovery' || searchParams.get('error')) return { valid: false, reason: 'invalidLink' };
  return { valid: true, token };
}

function InvalidResetLink({ reason }: { reason: 'missingToken' | 'invalidLink' }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('resetPassword.invalidTitle')}>
      <div className="flex flex-col gap-4">
        <FormAlert>{t(`resetPassword.errors.${reason}`)}</FormAlert>
        <Link to={paths.forgotPassword.getHref()} className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('resetPassword.requestNew')}
        </Link>
      </div>
    </AuthCard>
  );
}

/** Spec 4: checking → invalid or valid → password updated → login after 3 s. */
export function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useFormFields({ password: '', confirmPassword: '' }, validateResetPasswordForm, { idPrefix: 'reset-password' });
  const [failure, setFailure] = useState<ScreenMessage | null>(null);
  const [tokenRefused, setTokenRefused] = useState(false);
  const [updated, setUpdated] = useState(false);
  const link = checkResetLink(searchParams);
  const { values, errors } = form;
  const issueText = (field: keyof typeof values) => (errors[field] ? t(`validation.${errors[field]}`) : undefined);

  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => navigate(paths.login.getHref(), { replace: true }), PASSWORD_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [updated, navigate]);

  if (!link.valid) return <InvalidResetLink reason={link.reason} />;
  if (tokenRefused) return <InvalidResetLink reason="invalidLink" />;

  if (updated) {
    return (
      <AuthCard title={t('resetPassword.successTitle')}>
        <div className="flex flex-col gap-4">
          <FormSuccess>{t('resetPassword.success')}</FormSuccess>
          <Link to={paths.login.getHref()} replace className={`text-center text-sm ${textLinkClasses}`}>
            {t('resetPassword.goToSignIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  async function submit(event: FormEvent, token: string) {
    event.preventDefault();
    setFailure(null);
    if (!form.validateFields()) return;
    try {
      await resetPassword.mutateAsync({ token, newPassword: values.password });
      setUpdated(true);
    } catch (error) {
      if (isRefusedResetToken(error)) setTokenRefused(true);
      else setFailure(resetPasswordFailure(error));
    }
  }

  return (
    <AuthCard title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <form noValidate onSubmit={(event) => void submit(event, link.token)} className="flex flex-col gap-4">
        {failure && <FormAlert>{screenMessageText(t, failure)}</FormAlert>}
        <TextField
          {...form.textField('password')}
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          error={issueText('password')}
        />
        <TextField
          {...form.textField('confirmPassword')}
          label={t('fields.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          error={issueText('confirmPassword')}
        />
        <BusyButton busy={resetPassword.isPending} label={t('resetPassword.submit')} busyLabel={t('resetPassword.submitting')} />
      </form>
    </AuthCard>
  );
}
