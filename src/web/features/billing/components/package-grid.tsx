import { Check, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCentsShort, imagesForCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import type { Price } from '@shared/billing';

type Blurb = 'light' | 'regular' | 'heavy';

/** Spec 2 (Billing): ascending by amount; the middle one is 'Most Popular'; first light, last heavy. */
export function arrangePackages(prices: Price[]): Array<{ price: Price; blurb: Blurb; mostPopular: boolean }> {
  const sorted = [...prices].sort((a, b) => a.unit_amount - b.unit_amount);
  const middle = Math.floor(sorted.length / 2);
  return sorted.map((price, index) => ({
    price,
    blurb: index === 0 ? 'light' : index === sorted.length - 1 ? 'heavy' : 'regular',
    mostPopular: index === middle,
  }));
}

interface PackageGridProps {
  prices: Price[];
  pricePerImageCents: number;
  /** The package whose checkout is being created; every button waits meanwhile. */
  pendingPriceId: string | null;
  onChoose: (price: Price) => void;
}

export function PackageGrid({ prices, pricePerImageCents, pendingPriceId, onChoose }: PackageGridProps) {
  const { t } = useTranslation('billing');
  if (prices.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-8 text-center">
        <p className="font-semibold">{t('billing.noPackagesTitle')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('billing.noPackagesText')}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {arrangePackages(prices).map(({ price, blurb, mostPopular }) => {
        const title = price.nickname || t('billing.packageFallback', { amount: formatCentsShort(price.unit_amount) });
        const busy = pendingPriceId === price.id;
        return (
          <li
            key={price.id}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-background p-6 shadow-sm',
              mostPopular && 'border-primary ring-2 ring-primary/30',
            )}
          >
            {mostPopular && (
              <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                {t('billing.mostPopular')}
              </span>
            )}
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t(`billing.blurb.${blurb}`)}</p>
            <p className="mt-4 text-3xl font-bold tabular-nums">{formatCents(price.unit_amount)}</p>
            <p className="text-sm text-muted-foreground">
              {t('billing.aboutImages', { count: imagesForCents(price.unit_amount, pricePerImageCents) })}
            </p>
            <ul className="mt-4 flex flex-col gap-2 text-sm">
              {(['instantCredit', 'noExpiration'] as const).map((feature) => (
                <li key={feature} className="flex items-center gap-2">
                  <Check aria-hidden="true" className="h-4 w-4 text-success" />
                  {t(`billing.${feature}`)}
                </li>
              ))}
            </ul>
            <Button
              className="mt-6 w-full"
              variant={mostPopular ? 'primary' : 'outline'}
              disabled={pendingPriceId !== null}
              onClick={() => onChoose(price)}
              data-price-id={price.id}
              aria-busy={busy || undefined}
            >
              {busy && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
              {busy ? t('billing.creating') : t('billing.choose', { amount: formatCents(price.unit_amount) })}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
