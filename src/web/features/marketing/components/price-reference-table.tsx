import { useTranslation } from 'react-i18next';
import { imagesForCents } from '@shared/money';
import { formatCents } from '@web/lib/format';
import { PRICE_REFERENCE_PHOTO_COUNTS, pricingPacks } from '../pricing';

/** Prices for 10, 15 and 20 photos at this server's price per image. */
export function PriceReferenceTable({ pricePerImageCents }: { pricePerImageCents: number }) {
  const { t } = useTranslation('marketing');
  const examplePack = pricingPacks.find((pack) => pack.mostPopular) ?? pricingPacks[0]!;
  return (
    <div>
      <table className="w-full max-w-md overflow-hidden rounded-xl border text-left">
        <caption className="mb-2 text-left text-sm text-muted-foreground">
          {t('about.pricing.caption', { price: formatCents(pricePerImageCents) })}
        </caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t('about.pricing.photos')}
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t('about.pricing.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {PRICE_REFERENCE_PHOTO_COUNTS.map((photos) => (
            <tr key={photos} className="border-t">
              <td className="px-4 py-2">{t('about.pricing.photoCount', { count: photos })}</td>
              <td className="px-4 py-2 font-medium tabular-nums">{formatCents(photos * pricePerImageCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-muted-foreground">
        {t('about.pricing.units', {
          amount: formatCents(examplePack.amountCents),
          count: imagesForCents(examplePack.amountCents, pricePerImageCents),
        })}
      </p>
    </div>
  );
}
