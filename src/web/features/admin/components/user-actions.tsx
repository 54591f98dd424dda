import { Ban, CircleCheck, Gift, Mail, MinusCircle, PlusCircle, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_CREDIT_MAX_CENTS, ADMIN_FREE_IMAGES_MAX, type AdminTopUp, type AdminUserDetail } from '@shared/admin';
import { formatCents, parseDollarsToCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { useAccountAction, type AccountAction } from '../api/account-actions';
import { useAdjustCredit } from '../api/adjust-credit';
import { useGrantFreeImages } from '../api/grant-free-images';
import { useRefundTopUp } from '../api/refund-top-up';
import { ActionDialog, fieldClasses } from './action-dialog';

/** A dollar amount typed by the operator, as cents within (0, max], or null. */
function useAmountField(initial = '') {
  const [text, setText] = useState(initial);
  const cents = parseDollarsToCents(text.replace(/^\$/, ''));
  return { text, setText, cents: cents !== null && cents > 0 ? cents : null };
}

function AmountField({
  label,
  hint,
  text,
  onChange,
  invalid,
}: {
  label: string;
  hint: string;
  text: string;
  onChange: (text: string) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder="0.00"
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        className={fieldClasses}
      />
      <p id={`${id}-hint`} className={invalid ? 'mt-1 text-xs text-destructive' : 'mt-1 text-xs text-muted-foreground'}>
        {hint}
      </p>
    </div>
  );
}

function CreditDialog({
  user,
  direction,
  open,
  onOpenChange,
}: {
  user: AdminUserDetail;
  direction: 'grant' | 'take';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const adjust = useAdjustCredit(user.id);
  const amount = useAmountField();
  const most = direction === 'take' ? Math.min(user.spendableCents, ADMIN_CREDIT_MAX_CENTS) : ADMIN_CREDIT_MAX_CENTS;
  const tooMuch = amount.cents !== null && amount.cents > most;
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`actions.${direction}Credit.title`)}
      description={t(`actions.${direction}Credit.description`, { email: user.email })}
      confirmLabel={t(`actions.${direction}Credit.confirm`)}
      destructive={direction === 'take'}
      successText={t(`actions.${direction}Credit.done`)}
      ready={amount.cents !== null && !tooMuch}
      onConfirm={(action) => adjust.mutateAsync({ ...action, direction, amountCents: amount.cents! })}
    >
      <AmountField
        label={t('actions.amount')}
        hint={t('actions.amountHint', { amount: formatCents(most) })}
        text={amount.text}
        onChange={amount.setText}
        invalid={tooMuch}
      />
    </ActionDialog>
  );
}

function FreeImagesDialog({ user, open, onOpenChange }: { user: AdminUserDetail; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('admin');
  const grant = useGrantFreeImages(user.id);
  const [count, setCount] = useState('1');
  const id = useId();
  const value = Number(count);
  const valid = Number.isInteger(value) && value >= 1 && value <= ADMIN_FREE_IMAGES_MAX;
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('actions.freeImages.title')}
      description={t('actions.freeImages.description', { email: user.email })}
      confirmLabel={t('actions.freeImages.confirm')}
      successText={t('actions.freeImages.done')}
      ready={valid}
      onConfirm={(action) => grant.mutateAsync({ ...action, count: value })}
    >
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {t('actions.freeImages.count')}
        </label>
        <input
          id={id}
          type="number"
          min={1}
          max={ADMIN_FREE_IMAGES_MAX}
          step={1}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          aria-invalid={!valid}
          className={fieldClasses}
        />
      </div>
    </ActionDialog>
  );
}

function AccountActionDialog({
  user,
  action,
  open,
  onOpenChange,
}: {
  user: AdminUserDetail;
  action: AccountAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const run = useAccountAction(user.id, action);
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`actions.${action}.title`)}
      description={t(`actions.${action}.description`, { email: user.email })}
      confirmLabel={t(`actions.${action}.confirm`)}
      destructive={action === 'disable'}
      successText={t(`actions.${action}.done`)}
      onConfirm={(input) => run.mutateAsync(input)}
    />
  );
}

/** A card refund of one top-up: the amount (at most what may be given back), through Stripe. */
export function RefundDialog({
  user,
  topUp,
  open,
  onOpenChange,
}: {
  user: AdminUserDetail;
  topUp: AdminTopUp;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const refund = useRefundTopUp(user.id);
  const amount = useAmountField((topUp.refundableCents / 100).toFixed(2));
  const tooMuch = amount.cents !== null && amount.cents > topUp.refundableCents;
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('actions.refund.title')}
      description={t('actions.refund.description', { amount: formatCents(topUp.amountCents), email: user.email })}
      confirmLabel={t('actions.refund.confirm')}
      destructive
      successText={t('actions.refund.done')}
      ready={amount.cents !== null && !tooMuch}
      onConfirm={(action) => refund.mutateAsync({ ...action, checkoutSessionId: topUp.id, amountCents: amount.cents! })}
    >
      <AmountField
        label={t('actions.amount')}
        hint={t('actions.refund.hint', { amount: formatCents(topUp.refundableCents) })}
        text={amount.text}
        onChange={amount.setText}
        invalid={tooMuch}
      />
    </ActionDialog>
  );
}

type OpenAction = 'grant' | 'take' | 'freeImages' | AccountAction | null;

/**
 * What an operator may do to an account. Their own balance is not theirs to change, so on their
 * own account only the harmless actions show.
 */
export function UserActions({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<OpenAction>(null);
  const dialog = (action: Exclude<OpenAction, null>) => ({
    open: open === action,
    onOpenChange: (next: boolean) => setOpen(next ? action : null),
  });
  return (
    <div className="flex flex-col gap-3">
      {isSelf && <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">{t('actions.ownAccount')}</p>}
      <div className="flex flex-wrap gap-2">
        {!isSelf && (
          <>
            <Button variant="outline" size="sm" onClick={() => setOpen('grant')}>
              <PlusCircle className="h-4 w-4" aria-hidden="true" />
              {t('actions.grantCredit.button')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setOpen('take')} disabled={user.spendableCents === 0}>
              <MinusCircle className="h-4 w-4" aria-hidden="true" />
              {t('actions.takeCredit.button')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setOpen('freeImages')}>
              <Gift className="h-4 w-4" aria-hidden="true" />
              {t('actions.freeImages.button')}
            </Button>
            {user.disabled ? (
              <Button variant="outline" size="sm" onClick={() => setOpen('enable')}>
                <CircleCheck className="h-4 w-4" aria-hidden="true" />
                {t('actions.enable.button')}
              </Button>
            ) : (
              <Button variant="outline" size="sm" className="text-destructive" onClick={() => setOpen('disable')}>
                <Ban className="h-4 w-4" aria-hidden="true" />
                {t('actions.disable.button')}
              </Button>
            )}
          </>
        )}
        {!user.emailVerified && (
          <Button variant="outline" size="sm" onClick={() => setOpen('resend-confirmation')}>
            <Mail className="h-4 w-4" aria-hidden="true" />
            {t('actions.resend-confirmation.button')}
          </Button>
        )}
      </div>
      {!isSelf && (
        <>
          <CreditDialog user={user} direction="grant" {...dialog('grant')} />
          <CreditDialog user={user} direction="take" {...dialog('take')} />
          <FreeImagesDialog user={user} {...dialog('freeImages')} />
          <AccountActionDialog
            user={user}
            action={user.disabled ? 'enable' : 'disable'}
            {...dialog(user.disabled ? 'enable' : 'disable')}
          />
        </>
      )}
      <AccountActionDialog user={user} action="resend-confirmation" {...dialog('resend-confirmation')} />
    </div>
  );
}

export { Undo2 as RefundIcon };
