import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  normalizeEmail,
  validateEmail,
  validatePasswordConfirmation,
  validateResetPassword,
  validatePasswordPresent,
} from '@shared/auth-validation';
import { isAppError } from '@shared/errors';
import { Button } from '@web/components/ui/button';
import { useChangeEmail } from '../api/change-email';
import { useChangeName } from '../api/change-name';
import { useChangePassword } from '../api/change-password';
import { useAccountDeletionInfo } from '../api/get-account-deletion-info';

/** The longest display name the form takes (a name is shown in menus and headers). */
const NAME_MAX_LENGTH = 100;

interface AccountSettingsCardProps {
  name: string;
  email: string;
  /** After the name changed: refresh the profile wherever it is shown. */
  onProfileChanged: () => Promise<unknown>;
}

/** The Account page's settings: the name, the password and the e-mail address. */
export function AccountSettingsCard({ name, email, onProfileChanged }: AccountSettingsCardProps) {
  const { t } = useTranslation('account');
  // Social sign-ups have no password to change.
  const hasPassword = useAccountDeletionInfo(true).data?.hasPassword === true;
  return (
    <section aria-labelledby="account-settings-title" className="flex flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm">
      <h2 id="account-settings-title" className="text-xl font-semibold">
        {t('settings.title')}
      </h2>
      <NameForm name={name} onProfileChanged={onProfileChanged} />
      {hasPassword && <PasswordForm />}
      <EmailForm email={email} />
    </section>
  );
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

const inputClasses = 'h-11 w-full rounded-lg border bg-background px-3 text-base aria-[invalid=true]:border-destructive sm:text-sm';

function Outcome({ success, failure }: { success?: string | null | undefined; failure?: string | null | undefined }) {
  if (failure)
    return (
      <p role="alert" className="text-sm text-destructive">
        {failure}
      </p>
    );
  if (success)
    return (
      <p role="status" className="text-sm text-green-700 dark:text-green-400">
        {success}
      </p>
    );
  return null;
}

function NameForm({ name, onProfileChanged }: { name: string; onProfileChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('account');
  const [value, setValue] = useState(name);
  const change = useChangeName(onProfileChanged);
  const trimmed = value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || trimmed === name) return;
    change.mutate(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-4">
      <h3 className="font-semibold">{t('settings.name.title')}</h3>
      <Field label={t('settings.name.label')}>
        {(id) => (
          <input
            id={id}
            value={value}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="name"
            onChange={(event) => setValue(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <Outcome success={change.isSuccess ? t('settings.name.saved') : null} failure={change.isError ? t('settings.failed') : null} />
      <div>
        <Button type="submit" disabled={change.isPending || trimmed === '' || trimmed === name}>
          {change.isPending ? t('settings.saving') : t('settings.name.submit')}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const change = useChangePassword();
  const issues = {
    current: validatePasswordPresent(values.current),
    next: validateResetPassword(values.next),
    confirm: validatePasswordConfirmation(values.next, values.confirm),
  };
  const shown = (field: keyof typeof issues) => (submitted && issues[field] ? t(`auth:validation.${issues[field]}`) : undefined);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    change.reset();
    setValues((before) => ({ ...before, [field]: event.target.value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (issues.current || issues.next || issues.confirm) return;
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: () => {
          setValues({ current: '', next: '', confirm: '' });
          setSubmitted(false);
        },
      },
    );
  };
  const failure = change.error
    ? isAppError(change.error) && change.error.code === 'INVALID_CREDENTIALS'
      ? t('account:settings.password.wrongCurrent')
      : t('account:settings.failed')
    : null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-4">
      <h3 className="font-semibold">{t('account:settings.password.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('account:settings.password.hint')}</p>
      <Field label={t('account:settings.password.current')} error={shown('current')}>
        {(id, describedBy) => (
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            value={values.current}
            onChange={set('current')}
            aria-invalid={shown('current') ? true : undefined}
            aria-describedby={describedBy}
            className={inputClasses}
          />
        )}
      </Field>
      <Field label={t('account:settings.password.new')} error={shown('next')}>
        {(id, describedBy) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={values.next}
            onChange={set('next')}
            aria-invalid={shown('next') ? true : undefined}
            aria-describedby={describedBy}
            className={inputClasses}
          />
        )}
      </Field>
      <Field label={t('account:settings.password.confirm')} error={shown('confirm')}>
        {(id, describedBy) => (
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            aria-invalid={shown('confirm') ? true : undefined}
            aria-describedby={describedBy}
            className={inputClasses}
          />
        )}
      </Field>
      <Outcome success={change.isSuccess ? t('account:settings.password.changed') : null} failure={failure} />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('account:settings.saving') : t('account:settings.password.submit')}
        </Button>
      </div>
    </form>
  );
}

function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation(['account', 'auth']);
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useChangeEmail();
  const newEmail = normalizeEmail(value);
  const issue = validateEmail(value) ?? (newEmail.toLowerCase() === email.toLowerCase() ? 'sameEmail' : undefined);
  const shown = submitted && issue ? (issue === 'sameEmail' ? t('account:settings.email.same') : t(`auth:validation.${issue}`)) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (issue) return;
    change.mutate(newEmail);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-4">
      <h3 className="font-semibold">{t('account:settings.email.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('account:settings.email.current', { email })}</p>
      <Field label={t('account:settings.email.label')} error={shown}>
        {(id, describedBy) => (
          <input
            id={id}
            type="email"
            autoComplete="email"
            value={value}
            onChange={(event) => {
              change.reset();
              setValue(event.target.value);
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={describedBy}
            className={inputClasses}
          />
        )}
      </Field>
      <Outcome
        success={change.isSuccess ? t('account:settings.email.sent', { email: change.variables }) : null}
        failure={change.isError ? t('account:settings.failed') : null}
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('account:settings.saving') : t('account:settings.email.submit')}
        </Button>
      </div>
    </form>
  );
}
