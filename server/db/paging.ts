/**
 * The total of a paged list comes with its rows (count(*) OVER ()). A page past the end has no rows
 * to carry it, so only then is it counted separately.
 */
export async function totalOf(
  rows: { total: number }[],
  offset: number,
  count: () => Promise<{ rows: { total: number }[] }>,
): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  if (offset === 0) return 0;
  return (await count()).rows[0]?.total ?? 0;
}
