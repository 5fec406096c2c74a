import { formatCount } from '../../contract/money.ts';
import type { Pagination } from '../../contract/paging.ts';

/**
 * A list's total as the page shows it: "1,234", or "10,000+" when the server counted only that far
 * (pagination.exact is false on very long lists; see contract/paging.ts).
 */
export function totalLabel(pagination: Pick<Pagination, 'total' | 'exact'>): string {
  const shown = formatCount(pagination.total);
  return pagination.exact === false ? `${shown}+` : shown;
}
