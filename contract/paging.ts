/** Paging of lists (RULES §12): page from 1, limit up to 100, or `all` where the specification uses it. */
import { z } from 'zod';

/** "All" still has a ceiling, so that no request loads an unbounded list into memory. */
export const ALL_LIMIT = 5000;

/** page and limit, with a list's own page size when none is asked for. */
export const pagingQueryOf = (defaultLimit: number) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z
      .union([z.literal('all'), z.coerce.number().int().min(1).max(100)])
      .default(defaultLimit)
      .transform((v) => (v === 'all' ? ALL_LIMIT : v)),
  });

export const pagingQuery = pagingQueryOf(20);

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

/** Optional search text; repeated query keys arrive as arrays and are read as their first value. */
export const searchField = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(100).optional());
export const firstValue = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
