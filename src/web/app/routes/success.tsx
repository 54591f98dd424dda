import { PaymentStatusScreen } from '@web/features/billing';

export default PaymentStatusScreen;
