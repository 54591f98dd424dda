import { LegalPage } from '@web/features/marketing/components/legal-page';

export function TermsRoute() {
  return <LegalPage document="terms" />;
}

export default TermsRoute;
