/**
 * The member's groups and payments: what the dashboard shows on its first load (the next-instalment
 * card, the summary tiles, the groups), its My Groups and Payments tabs, each loaded when first wanted
 * (its own chunk, through the loaders below), the pieces the referral screens share, the payment the
 * member picked for the payment page, and the shapes of the member's groups and payments.
 * The payment page itself is loaded by the router (app/router.tsx).
 */
import './catalogue.ts';

export const loadMyGroupsPanel = () => import('./my-groups-panel.tsx');
export const loadPaymentsPanel = () => import('./payments-panel.tsx');

export { NextDueCard } from './next-due-card.tsx';
export { WinnerBanner } from './winner-banner.tsx';
export { SummaryTiles } from './summary-tiles.tsx';
export { paymentSummaryQuery, useMyGroups } from './queries.ts';
export { instalmentStateOf } from './rules.ts';
export { SELECTED_PAYMENT_KEY, readSelectedPayment, selectedPaymentOf, writeSelectedPayment, type SelectedPayment } from './selected-payment.ts';
export type { GroupPayment, MemberGroup, MemberPayment, PaymentCounts, SummaryFigures } from './api.ts';
