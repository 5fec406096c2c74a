/** The admin's Committee Plans page (admin document §2), and the plans calls the group form uses to offer a plan. */
export { AdminCommitteePlansPage } from './plans-page.tsx';
export { planApi, planKeys, type Plan } from './api.ts';
