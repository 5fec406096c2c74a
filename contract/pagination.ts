/**
 * The page a list answer is on (RULES §12), apart from the paging query (paging.ts) so that the
 * schemas a signed-in person's first screen checks (figures.ts) need only zod's small build (zod/mini).
 */
import * as z from 'zod/mini';

/**
 * `exact: false` when more rows match than the server counts (a long unfiltered list): `total` is then a
 * lower bound, shown as "10,000+", and `pages` runs one past the page asked for, so there is always a next.
 */
export const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number(), exact: z.boolean() });
export type Pagination = z.infer<typeof pagination>;

export function paginationOf(page: number, limit: number, counted: number | { total: number; exact: boolean }): Pagination {
  const { total, exact } = typeof counted === 'number' ? { total: counted, exact: true } : counted;
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pages: exact ? pages : Math.max(pages, page + 1), exact };
}
