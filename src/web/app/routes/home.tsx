import { SiteFooter } from '@web/components/layouts/site-footer';
import { FeatureTiles } from '@web/features/marketing/components/feature-tiles';
import { Hero } from '@web/features/marketing/components/hero';
import { HowItWorks } from '@web/features/marketing/components/how-it-works';
import { PricingSection } from '@web/features/marketing/components/pricing-section';
import { ResponsibleAiNotice } from '@web/features/marketing/components/responsible-ai-notice';
import { SampleGallery } from '@web/features/marketing/components/sample-gallery';
import { StatsStrip } from '@web/features/marketing/components/stats-strip';

/** The landing page: every section links on to the studio or the static pages. */
export function HomeRoute() {
  return (
    <>
      <main>
        <Hero />
        <StatsStrip />
        <HowItWorks />
        <SampleGallery />
        <PricingSection />
        <FeatureTiles />
        <ResponsibleAiNotice />
      </main>
      <SiteFooter />
    </>
  );
}

export default HomeRoute;
