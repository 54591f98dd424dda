/**
 * The landing page's top-up packs: $5, $10 and $30. Only the Creator Pack
 * carries a Start button; the other two are hidden on small screens.
 */
export interface PricingPack {
  id: 'tryItOut' | 'creatorPack' | 'proPack';
  amountCents: number;
  mostPopular: boolean;
}

export const pricingPacks: readonly PricingPack[] = [
  { id: 'tryItOut', amountCents: 500, mostPopular: false },
  { id: 'creatorPack', amountCents: 1000, mostPopular: true },
  { id: 'proPack', amountCents: 3000, mostPopular: false },
];

/** The About page's price reference rows (10, 15 and 20 photos). */
export const PRICE_REFERENCE_PHOTO_COUNTS = [10, 15, 20] as const;
