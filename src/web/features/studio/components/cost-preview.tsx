import { useTranslation } from 'react-i18next';
import { formatCents } from '@shared/money';
import { useQuote } from '../api/get-quote';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { imageLimitText } from '../lib/image-limit';

/** Ask for a price once the user paused typing, not on every key. */
const QUOTE_DELAY_MS = 400;

/**
 * What sending the draft will cost, before it is sent: free with the free images left, or the
 * price — or, for a draft asking for more images than one message can make, why sending it would
 * be refused. Hidden while there is nothing to price or the server offers no quote.
 */
export function CostPreview({ text, attachments, hasPreviousOutput }: { text: string; attachments: number; hasPreviousOutput: boolean }) {
  const { t } = useTranslation('studio');
  const settledText = useDebouncedValue(text.trim(), QUOTE_DELAY_MS);
  // A cleared draft (e.g. just sent) is priced as empty at once, not 400 ms later.
  const quotedText = text.trim() === '' ? '' : settledText;
  const hasDraft = quotedText.length > 0 || attachments > 0;
  const { data: quote } = useQuote(quotedText, attachments, hasPreviousOutput, hasDraft);
  if (!hasDraft || !quote || quote.imageCount <= 0) return null;
  if (quote.refusal) {
    return (
      <p className="text-xs text-destructive" aria-live="polite" data-testid="cost-preview">
        {imageLimitText(t, quote.refusal)}
      </p>
    );
  }

  const price = formatCents(quote.priceCents);
  const line =
    quote.priceCents === 0
      ? t('cost.free', { count: quote.freeGenerationsLeft })
      : quote.freeImages > 0
        ? t('cost.partlyFree', { count: quote.imageCount, price, free: quote.freeImages })
        : t('cost.paid', { count: quote.imageCount, price });
  return (
    <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="cost-preview">
      {line}
    </p>
  );
}
