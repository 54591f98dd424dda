/** What other parts of the web client may use from billing (the navigation shell, the studio, routes). */
export { useBalance, balanceQuery } from './api/get-balance';
export { refreshBalances } from './api/query-keys';
export { BalanceText } from './components/balance-text';
export { BillingScreen } from './components/billing-screen';
export { PaymentStatusScreen } from './components/payment-status-screen';
export { AccountProfileCard } from './components/account-billing-card';
export { TransactionHistory } from './components/transaction-history';
export { TestCheckoutPanel } from './components/test-checkout-panel';
export { SpendingLimitText } from './components/spending-limit-text';
export { TestCardSetupPanel } from './components/test-card-setup-panel';
