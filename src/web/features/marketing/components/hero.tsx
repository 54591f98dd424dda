import { ArrowRight, Check } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';
import { usePublicConfig } from '@web/lib/public-config';
import type { LandingFigures } from '../lib/landing-figures';

/** The operator's marketing figures as the hero states them ("500+ creators, 1000+ transformations"); a figure of 0 is left out. */
function socialProofOf(t: TFunction<'marketing'>, figures: LandingFigures): string | null {
  const creators = figures.creators > 0 ? t('hero.creatorsFigure', { figure: String(figures.creators) }) : null;
  const transformations = figures.transformations > 0 ? t('hero.transformationsFigure', { figure: String(figures.transformations) }) : null;
  if (creators && transformations) return t('hero.socialProofBoth', { creators, transformations });
  return creators ?? transformations;
}

export function Hero() {
  const { t } = useTranslation('marketing');
  const { freeGenerations, landingFigures } = usePublicConfig();
  const claims = [
    freeGenerations > 0 ? t('hero.freeImages', { count: freeGenerations }) : null,
    t('hero.noCard'),
    socialProofOf(t, landingFigures),
  ].filter((claim): claim is string => claim !== null);
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-primary/10 to-background px-4 pt-16 pb-12 sm:pt-24 sm:pb-16">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
        <p className="rounded-full border border-primary/30 bg-background px-3 py-1 text-sm font-medium text-primary">
          {t('hero.eyebrow')}
        </p>
        <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {t('hero.headline')}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{t('hero.subhead')}</p>
        <Link to={paths.studio.getHref()} className={buttonClasses('primary', 'lg', 'shadow-md')}>
          {t('hero.cta')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
          {claims.map((claim) => (
            <li key={claim} className="flex items-center gap-1.5">
              <Check aria-hidden="true" className="size-4 text-success" />
              {claim}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
