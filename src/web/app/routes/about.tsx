import { Cpu, ImagePlus, Megaphone, MessageSquareText, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { GoBackButton } from '@web/features/marketing/components/go-back-button';
import { TextWithEmailLinks } from '@web/features/marketing/components/linked-text';
import { PriceReferenceTable } from '@web/features/marketing/components/price-reference-table';
import { supportEmailFor } from '@web/lib/format';
import { usePublicConfig } from '@web/lib/public-config';
import { useRetentionTexts } from '@web/lib/retention-texts';

const featureCards = [
  { key: 'generate', icon: Wand2 },
  { key: 'edit', icon: ImagePlus },
  { key: 'create', icon: Megaphone },
  { key: 'refine', icon: MessageSquareText },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function AboutRoute() {
  const { t } = useTranslation('marketing');
  const { appName, appUrl, pricePerImageCents, engines } = usePublicConfig();
  const supportEmail = supportEmailFor(appUrl);
  const retention = useRetentionTexts();
  const list = (key: string) => t(key, { appName, ...retention, returnObjects: true }) as string[];

  return (
    <>
      <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
        <GoBackButton />
        <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-5xl">{t('about.title', { appName })}</h1>
        <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{t('about.intro', { appName })}</p>

        <Section id="about-features" title={t('about.featuresHeading')}>
          <ul className="grid gap-4 sm:grid-cols-2">
            {featureCards.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-2xl border p-5">
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <h3 className="mt-3 font-semibold">{t(`about.features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`about.features.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="about-different" title={t('about.differentHeading')}>
          <ul className="list-disc space-y-2 pl-6">
            {list('about.different').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>

        <Section id="about-technology" title={t('about.technologyHeading')}>
          <div className="flex gap-4">
            <Cpu aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
            <div className="space-y-3">
              <p>{t('about.technology', { appName })}</p>
              {engines.map((engine) => (
                <p key={engine.kind}>{t(`about.engines.${engine.kind}`, { appName })}</p>
              ))}
            </div>
          </div>
        </Section>

        <Section id="about-pricing" title={t('about.pricingHeading')}>
          <PriceReferenceTable pricePerImageCents={pricePerImageCents} />
        </Section>

        <Section id="about-disclaimer" title={t('about.disclaimerHeading')}>
          <ul className="list-disc space-y-2 pl-6">
            {list('about.disclaimer').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>

        <Section id="about-rules" title={t('about.rulesHeading')}>
          <p>{t('about.rulesIntro', { appName })}</p>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            {list('about.rules').map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>

        <Section id="about-support" title={t('about.supportHeading')}>
          <p>
            <TextWithEmailLinks text={t('about.support', { supportEmail })} email={supportEmail} />
          </p>
        </Section>
      </main>
      <SiteFooter />
    </>
  );
}

export default AboutRoute;
