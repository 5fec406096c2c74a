/**
 * The member's referrals: the Referrals panel of the dashboard, loaded when the tab is first wanted
 * (its own chunk, through loadReferralsPanel), and the referral figures the dashboard's summary shows.
 */
export const loadReferralsPanel = () => import('./referrals-panel.tsx');
export { referralStatsQuery, useReferralStats } from './queries.ts';
export type { ReferralStats } from './api.ts';
