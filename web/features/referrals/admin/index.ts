/** Referral Management (admin document §2) and the Commission Payments tab of Payment Management. */
export { AdminReferralsPage } from './referrals-page.tsx';
export { CommissionPaymentsTab } from './commission-payments-tab.tsx';
