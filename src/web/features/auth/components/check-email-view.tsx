import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { AuthCard } from './auth-card';
import { DevMailboxNote } from './dev-mailbox-note';
import { BusyButton, FormAlert, FormSuccess } from './form-controls';
import { screenMessageText, type ScreenMessage } from './screen-messages';

interface CheckEmailViewProps {
  /** What was sent and why, already translated. */
  message: string;
  resendLabel: string;
  resendBusyLabel: string;
  onResend: () => Promise<void>;
  resendSuccess: ScreenMessage;
  resendFailure: (error: unknown) => ScreenMessage;
  backLabel: string;
  onBack: () => void;
  aside?: React.ReactNode;
}

/** 'Check your email' after sign-up, an unconfirmed sign-in or a reset request, with a resend action. */
export function CheckEmailView({
  message,
  resendLabel,
  resendBusyLabel,
  onResend,
  resendSuccess,
  resendFailure,
  backLabel,
  onBack,
  aside,
}: CheckEmailViewProps) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: ScreenMessage } | null>(null);

  async function resend() {
    setBusy(true);
    setOutcome(null);
    try {
      await onResend();
      setOutcome({ ok: true, message: resendSuccess });
    } catch (error) {
      setOutcome({ ok: false, message: resendFailure(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('checkEmail.title')} aside={aside} focusTitle>
      <div className="flex flex-col gap-4">
        <p className="text-center text-sm text-muted-foreground">{message}</p>
        <DevMailboxNote />
        {outcome &&
          (outcome.ok ? (
            <FormSuccess>{screenMessageText(t, outcome.message)}</FormSuccess>
          ) : (
            <FormAlert>{screenMessageText(t, outcome.message)}</FormAlert>
          ))}
        <BusyButton
          type="button"
          variant="outline"
          busy={busy}
          label={resendLabel}
          busyLabel={resendBusyLabel}
          onClick={() => void resend()}
        />
        <Button variant="ghost" size="lg" className="w-full" onClick={onBack}>
          {backLabel}
        </Button>
      </div>
    </AuthCard>
  );
}
