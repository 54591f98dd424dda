import { BillingScreen } from '@web/features/billing';

export default BillingScreen;
