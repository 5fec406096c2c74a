/**
 * The member's plans: the Committee Plans panel of the dashboard, which loads this entry when the tab
 * is first wanted (the subscribe page is loaded by the router, app/router.tsx), and the shapes the plan
 * screens work with. Whatever is exported here comes with that panel.
 *
 * The member's payment screens also pay into the committee's bank accounts and send receipts as the
 * plan screens do: the accounts, the receipt checks and the account choice are shared from here.
 */
export { CommitteePlansPanel } from './committee-plans-panel.tsx';
export type { BankAccount, Plan, PlanPaymentRequest } from './api.ts';
export { fetchActiveBankAccounts, fetchPlan, planQueryKeys, safeReceiptHref } from './api.ts';
export { BankAccountChoice } from './bank-account-choice.tsx';
export { AccountsCard, SendButton, TransferDetailsFields, TransferSteps, useTransferForm } from './transfer-form.tsx';
export { PaymentReference } from './payment-reference.tsx';
