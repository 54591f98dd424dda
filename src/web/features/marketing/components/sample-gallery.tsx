import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@web/lib/public-config';
import { samples } from '../samples';
import { DESKTOP_QUERY, useMediaQuery } from '../use-media-query';
import { SampleCard } from './sample-card';

export function SampleGallery() {
  const { t } = useTranslation('marketing');
  const { appName } = usePublicConfig();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <section aria-labelledby="samples-heading" className="bg-muted/50 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="samples-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('gallery.heading')}
          </h2>
          <p className="mt-3 text-muted-foreground">{t(desktop ? 'gallery.subheadDesktop' : 'gallery.subheadMobile', { appName })}</p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {samples.map((sample) => (
            <SampleCard key={sample.id} sample={sample} desktop={desktop} />
          ))}
        </div>
      </div>
    </section>
  );
}
