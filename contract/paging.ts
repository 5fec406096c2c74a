/** Paging of lists (RULES §12): page from 1, limit up to 100, or `all` where the specification uses it. */
import { z } from 'zod';

/** "All" still has a ceiling, so that no request loads an unbounded list into memory. */
export const ALL_LIMIT = 5000;

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z
    .union([z.literal('all'), z.coerce.number().int().min(1).max(100)])
    .default(20)
    .transform((v) => (v === 'all' ? ALL_LIMIT : v)),
});

export const pagination = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
export type Pagination = z.infer<typeof pagination>;

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** Optional search text; repeated query keys arrive as arrays and are read as their first value. */
export const searchField = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(100).optional());
export const firstValue = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema);
