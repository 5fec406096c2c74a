/** Paging of lists (RULES §12): page from 1, limit up to 100, or `all` where the specification uses it. */
import { z } from 'zod';

/** "All" still has a ceiling, so that no request loads an unbounded list into memory. */
export const ALL_LIMIT = 5000;

export { pagination, paginationOf, type Pagination } from './pagination.ts';

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
 * page and limit, both optional, for a list the specification's client reads whole (it asks for no page):
 * `wholeOrPage` gives the whole list, up to ALL_LIMIT, when neither is asked for, else the page asked for.
 */
export const wholeOrPagingQuery = z.object({
  page: pagingQuery.shape.page.unwrap().optional(),
  limit: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(100)])
    .optional()
    .transform((v) => (v === 'all' ? ALL_LIMIT : v)),
});

/** The page of a `wholeOrPagingQuery`: the whole list (up to ALL_LIMIT) unless a page or a limit is asked for. */
export function wholeOrPage(query: { page?: number; limit?: number }, pageSize: number): { page: number; limit: number } {
  if (query.page === undefined && query.limit === undefined) return { page: 1, limit: ALL_LIMIT };
  return { page: query.page ?? 1, limit: query.limit ?? pageSize };
}

/** Optional search text; repeated query keys arrive as arrays and are read as their first value. */
export const searchField = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(100).optional());
export const firstValue = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
