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

/** Optional search text; repeated query keys arrive as arrays and are read as their first value. */
export const searchField = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(100).optional());
export const firstValue = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
