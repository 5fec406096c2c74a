/** The admin dashboard (admin document §2 "/admin"): the overview's figures and alerts, then the groups. */
export { AdminDashboardPage } from './dashboard-page.tsx';
/** The charts' months (GET /api/admin/dashboard/series), for the other admin screens that chart them. */
export { useMonthlySeries, SERIES_MONTHS } from './use-monthly-series.ts';
export type { SeriesMonth } from './api.ts';
