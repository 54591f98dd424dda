import { LegalPage } from '@web/features/marketing/components/legal-page';

export function RefundRoute() {
  return <LegalPage document="refund" />;
}

export default RefundRoute;
