import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imagesForCents } from '@shared/money';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatCents, formatCentsShort } from '@web/lib/format';
import { usePublicConfig } from '@web/lib/public-config';
import { pricingPacks } from '../pricing';

export function PricingSection() {
  const { t } = useTranslation('marketing');
  const { pricePerImageCents } = usePublicConfig();
  return (
    <section aria-labelledby="pricing-heading" className="px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-5xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('pricing.heading')}
          </h2>
          <p className="mt-3 text-muted-foreground">{t('pricing.subhead')}</p>
        </div>
        <ul className="mt-10 grid items-stretch gap-6 md:grid-cols-3">
          {pricingPacks.map((pack) => (
            <li
              key={pack.id}
              data-testid={`pricing-${pack.id}`}
              className={cn(
                'relative flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm',
                // Small screens show only the most popular pack.
                pack.mostPopular ? 'flex border-2 border-primary md:scale-105' : 'hidden md:flex',
              )}
            >
              {pack.mostPopular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold whitespace-nowrap text-primary-foreground">
                  {t('pricing.mostPopular')}
                </p>
              )}
              <h3 className="text-lg font-semibold">{t(`pricing.packs.${pack.id}.name`)}</h3>
              <p className="text-4xl font-bold">{formatCentsShort(pack.amountCents)}</p>
              <p className="text-sm text-muted-foreground">{t(`pricing.packs.${pack.id}.description`)}</p>
              <ul className="flex flex-col gap-2 text-sm">
                {[
                  t('pricing.images', { count: imagesForCents(pack.amountCents, pricePerImageCents) }),
                  t('pricing.perImage', { price: formatCents(pricePerImageCents) }),
                  t('pricing.allStyles'),
                  t('pricing.noSubscription'),
                ].map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="size-4 shrink-0 text-success" />
                    {feature}
                  </li>
                ))}
              </ul>
              {pack.mostPopular && (
                <Link
                  to={paths.studio.getHref()}
                  className={buttonClasses('primary', 'lg', 'mt-auto w-full')}
                  aria-label={t('pricing.startWith', { pack: t(`pricing.packs.${pack.id}.name`) })}
                >
                  {t('pricing.start')}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to={paths.billing.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('pricing.viewAll')}
          </Link>
        </p>
      </div>
    </section>
  );
}
