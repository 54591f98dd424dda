import { LegalPage } from '@web/features/marketing/components/legal-page';

export function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}

export default PrivacyRoute;
