/**
 * The total of a paged list (RULES §12), without a whole-table count on every page. The page itself is
 * read with ORDER BY … LIMIT, which an index serves; the total is then:
 * - known without a query when the page is the last one (fewer rows than the limit), and
 * - otherwise counted up to COUNT_CEILING rows. Past the ceiling the answer says so (`exact: false`):
 *   the total is then a lower bound, and the pages shown run one past the page asked for.
 * See docs/decisions/018-bounded-list-totals.md.
 */
import type { Queryable } from './database.ts';

export const COUNT_CEILING = 10_000;

export type ListTotal = { total: number; exact: boolean };

/**
 * `fromWhere` is the list's own FROM … WHERE clause (with the joins its filters need, and only those);
 * `params` its parameters. `pageRows` and `offset` describe the page just read.
 */
export async function listTotal(
  db: Queryable,
  page: { rows: number; limit: number; offset: number },
  fromWhere: string,
  params: unknown[],
): Promise<ListTotal> {
  if (page.rows > 0 && page.rows < page.limit) return { total: page.offset + page.rows, exact: true };
  if (page.rows === 0 && page.offset === 0) return { total: 0, exact: true };
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${COUNT_CEILING + 1}) AS matching`, params);
  const n = rows[0].n;
  return n > COUNT_CEILING ? { total: COUNT_CEILING, exact: false } : { total: n, exact: true };
}
