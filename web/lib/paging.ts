import type { Pagination } from '../../contract/paging.ts';

/**
 * A list's total as the page shows it: "1,234", or "10,000+" when the server counted only that far
 * (pagination.exact is false on very long lists; see contract/paging.ts).
 */
export function totalLabel(pagination: Pick<Pagination, 'total' | 'exact'>): string {
  const shown = pagination.total.toLocaleString('en-US');
  return pagination.exact === false ? `${shown}+` : shown;
}
