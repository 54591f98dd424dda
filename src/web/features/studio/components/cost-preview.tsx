import { useTranslation } from 'react-i18next';
import type { EngineKind } from '@shared/engines';
import { formatCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { useEngineNames } from '@web/lib/engine-names';
import { useQuote } from '../api/get-quote';
import type { GenerationChoice } from '../hooks/use-generation-choice';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { imageLimitText } from '../lib/image-limit';
import { RefusalText } from './refusal-text';
import { SpendingLimitText } from '@web/features/billing';

/** Ask for a price once the user paused typing, not on every key. */
const QUOTE_DELAY_MS = 400;

export interface CostPreviewProps {
  text: string;
  attachments: number;
  hasPreviousOutput: boolean;
  choice: GenerationChoice;
  /** Switches the composer to another engine (offered when the chosen one cannot do the draft). */
  onChooseEngine: (engine: EngineKind) => void;
}

/**
 * What sending the draft will cost with the engine picked, before it is sent: free with the free
 * images left (or on a free engine), or the price. A draft that asks for more images than one
 * message can make, or that the engine cannot do, says why sending it would be refused (with the
 * engines that can). Hidden while there is nothing to price or the server offers no quote.
 */
export function CostPreview({ text, attachments, hasPreviousOutput, choice, onChooseEngine }: CostPreviewProps) {
  const { t } = useTranslation('studio');
  const { nameOf } = useEngineNames();
  const settledText = useDebouncedValue(text.trim(), QUOTE_DELAY_MS);
  // A cleared draft (e.g. just sent) is priced as empty at once, not 400 ms later.
  const quotedText = text.trim() === '' ? '' : settledText;
  const hasDraft = quotedText.length > 0 || attachments > 0;
  const { data: quote } = useQuote({ text: quotedText, attachments, hasPreviousOutput, choice }, hasDraft);
  if (!hasDraft || !quote || quote.imageCount <= 0) return null;
  if (quote.refusal?.reason === 'TOO_MANY_IMAGES') {
    return (
      <p className="text-xs text-destructive" aria-live="polite" data-testid="cost-preview">
        {imageLimitText(t, quote.refusal)}
      </p>
    );
  }

  if (quote.refusal) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs text-destructive" role="status" data-testid="cost-preview">
        <RefusalText refusal={quote.refusal} />
        {quote.refusal.capableEngines.map((engine) => (
          <Button key={engine} variant="outline" size="sm" className="h-7 text-xs" onClick={() => onChooseEngine(engine)}>
            {t('refusal.useInstead', { engine: nameOf(engine) })}
          </Button>
        ))}
      </div>
    );
  }

  if (quote.spendingLimit) {
    return (
      <p className="text-xs text-destructive" aria-live="polite" data-testid="cost-preview">
        <SpendingLimitText refusal={quote.spendingLimit} tense="would" />
      </p>
    );
  }

  const price = formatCents(quote.priceCents);
  const line =
    quote.pricePerImageCents === 0
      ? t('cost.freeEngine', { engine: nameOf(quote.engine) })
      : quote.priceCents === 0
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
