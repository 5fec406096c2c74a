/** The admin's charts' months (GET /api/admin/dashboard/series), read once and shared by the screens that chart them. */
import { useQuery } from '@tanstack/react-query';
import { fetchMonthlySeries, monthlySeriesKey } from './api.ts';

/** The last 12 months, the current one last. */
export const SERIES_MONTHS = 12;

export function useMonthlySeries(months = SERIES_MONTHS) {
  return useQuery({ queryKey: monthlySeriesKey(months), queryFn: ({ signal }) => fetchMonthlySeries(months, signal) });
}
