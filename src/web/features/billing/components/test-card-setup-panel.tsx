import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

/** Stripe's test payment methods, as the test-mode card page offers them, with how each pays off-session. */
const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'succeeds' },
  { id: 'pm_card_authenticationRequired', label: 'authenticationRequired' },
  { id: 'pm_card_chargeDeclined', label: 'declined' },
] as const;

/**
 * The test-mode stand-in for Stripe Checkout in setup mode: the user picks which test card to
 * "save", and comes back to the Billing page with it, as Stripe's success address would bring them.
 */
export function TestCardSetupPanel() {
  const { t } = useTranslation('billing');
  const [card, setCard] = useState<string>(TEST_CARDS[0].id);
  const save = (event: FormEvent) => {
    event.preventDefault();
    window.location.assign(`/billing?card_setup=${encodeURIComponent(card)}#auto-top-up`);
  };
  return (
    <form onSubmit={save} className="flex flex-col gap-4">
      <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        {t('testCardSetup.badge')}
      </p>
      <p className="text-sm text-muted-foreground">{t('testCardSetup.explanation')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('testCardSetup.choose')}</legend>
        {TEST_CARDS.map((option) => (
          <label key={option.id} className="flex items-center gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary">
            <input type="radio" name="test-card" value={option.id} checked={card === option.id} onChange={() => setCard(option.id)} />
            {t(`testCardSetup.cards.${option.label}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('testCardSetup.save')}</Button>
        <Button type="button" variant="outline" onClick={() => window.location.assign('/billing#auto-top-up')}>
          {t('testCardSetup.cancel')}
        </Button>
      </div>
    </form>
  );
}
