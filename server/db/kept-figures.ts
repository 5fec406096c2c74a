/**
 * The kept figures (docs/kept-figures.md): tables that hold counts and sums the product could compute
 * from its rows, kept up to date by triggers in the same statement as every change (or as moves,
 * folded hourly: db/kept-moves.ts), so that a list or report reads a few rows instead of adding up many.
 * Each has its check here: a query that recomputes the figure from the rows and returns one line per
 * key where the kept figure differs (the key named). The server suite runs them after every test
 * (test/invariants.ts); `npm run check-figures` runs them on any database (server/cli/check-figures.ts).
 */
import type { Queryable } from './database.ts';

/** Each kept figure's check, by what it says when it fails. */
export const keptFigureChecks: Record<string, string> = {
  // The kept totals (migration 015) are what the payments add up to, key by key.
  'instalment totals differ from the instalments': `
    WITH counted AS (
      SELECT group_id, coalesce(due_date, make_date(year, month, 1)) AS due_date, status = 'PAID' AS paid, under_review,
             settled_by_payment_id IS NOT NULL AS settled, plan_id, count(*)::int AS n, sum(amount) AS amount
      FROM payments WHERE type = 'INSTALMENT' GROUP BY 1, 2, 3, 4, 5, 6),
    kept AS (SELECT * FROM instalment_totals WHERE n <> 0 OR amount <> 0)
    SELECT coalesce(c.group_id, k.group_id)::text || ' ' || coalesce(c.due_date, k.due_date)::text
    FROM counted c FULL JOIN kept k
      ON k.group_id = c.group_id AND k.due_date = c.due_date AND k.paid = c.paid AND k.under_review = c.under_review AND k.settled = c.settled
    WHERE c.n IS DISTINCT FROM k.n OR c.amount IS DISTINCT FROM k.amount OR c.plan_id IS DISTINCT FROM k.plan_id`,

  'instalment totals per plan differ from the instalments': `
    WITH counted AS (
      SELECT plan_id, coalesce(due_date, make_date(year, month, 1)) AS due_date, status = 'PAID' AS paid, under_review,
             settled_by_payment_id IS NOT NULL AS settled, count(*)::int AS n, sum(amount) AS amount
      FROM payments WHERE type = 'INSTALMENT' GROUP BY 1, 2, 3, 4, 5),
    kept AS (SELECT * FROM instalment_plan_totals WHERE n <> 0 OR amount <> 0)
    SELECT coalesce(c.plan_id, k.plan_id)::text || ' ' || coalesce(c.due_date, k.due_date)::text
    FROM counted c FULL JOIN kept k
      ON k.plan_id = c.plan_id AND k.due_date = c.due_date AND k.paid = c.paid AND k.under_review = c.under_review AND k.settled = c.settled
    WHERE c.n IS DISTINCT FROM k.n OR c.amount IS DISTINCT FROM k.amount`,

  // The leaderboard's kept totals (migration 017) are what the commissions add up to, period by period.
  'referrer totals differ from the commissions': `
    WITH counted AS (
      SELECT k.year, k.month, c.referrer_id, count(*)::int AS n, sum(c.amount) AS amount, count(DISTINCT c.referred_user_id)::int AS referred
      FROM commissions c
      CROSS JOIN LATERAL (VALUES (0, 0), (c.accrued_year, 0), (c.accrued_year, c.accrued_month)) k (year, month)
      GROUP BY 1, 2, 3),
    kept AS (SELECT * FROM referrer_totals WHERE n <> 0)
    SELECT coalesce(c.referrer_id, k.referrer_id)::text || ' ' || coalesce(c.year, k.year) || '-' || coalesce(c.month, k.month)
    FROM counted c FULL JOIN kept k ON k.year = c.year AND k.month = c.month AND k.referrer_id = c.referrer_id
    WHERE c.n IS DISTINCT FROM k.n OR c.amount IS DISTINCT FROM k.amount OR c.referred IS DISTINCT FROM k.referred_count`,

  // The plan requests page's counters (migration 032) are what the subscription payments add up to.
  'plan request counts differ from the plan requests': `
    SELECT 'plan_request_counts' FROM plan_request_counts k,
      (SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending, count(*) FILTER (WHERE status = 'PAID') AS paid,
              count(*) FILTER (WHERE status = 'REJECTED') AS rejected, count(*) FILTER (WHERE status = 'OVERDUE') AS overdue,
              coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0) AS paid_amount
       FROM payments WHERE type = 'SUBSCRIPTION') c
    WHERE (k.pending, k.paid, k.rejected, k.overdue, k.paid_amount) IS DISTINCT FROM (c.pending, c.paid, c.rejected, c.overdue, c.paid_amount)`,

  // The referral report's kept totals per level (migration 033) are what the referrals and commissions add up to.
  'referral level totals differ from the referrals and commissions': `
    WITH counted AS (
      SELECT l.level,
        (SELECT count(*) FROM referrals r WHERE r.level = l.level)::int AS referrals,
        (SELECT coalesce(sum(amount), 0) FROM commissions c WHERE c.level = l.level) AS amount,
        (SELECT coalesce(sum(amount), 0) FROM commissions c WHERE c.level = l.level AND c.status = 'PENDING') AS pending,
        (SELECT coalesce(sum(amount), 0) FROM commissions c WHERE c.level = l.level AND c.status = 'PAID') AS paid
      FROM generate_series(1, 3) AS l (level))
    SELECT c.level::text FROM counted c LEFT JOIN referral_level_totals k ON k.level = c.level
    WHERE (k.referrals, k.amount, k.pending, k.paid) IS DISTINCT FROM (c.referrals, c.amount, c.pending, c.paid)`,

  // The reconciliation's moves per account and Karachi day (migration 037), folded or not, add up to the
  // approved payments of money (by approval) and the receipts waiting (by sending) of that day.
  'account day moves differ from the payments': `
    WITH counted AS (
      SELECT bank_account_id, day, sum(ac) AS ac, sum(aa) AS aa, sum(wc) AS wc, sum(wa) AS wa FROM (
        SELECT bank_account_id, (approved_at AT TIME ZONE 'Asia/Karachi')::date AS day, 1 AS ac, amount AS aa, 0 AS wc, 0 AS wa FROM payments
        WHERE status = 'PAID' AND settled_by_payment_id IS NULL AND bank_account_id IS NOT NULL AND approved_at IS NOT NULL
        UNION ALL
        SELECT bank_account_id, (submitted_at AT TIME ZONE 'Asia/Karachi')::date, 0, 0, 1, amount FROM payments
        WHERE receipt_id IS NOT NULL AND bank_account_id IS NOT NULL AND submitted_at IS NOT NULL
          AND ((type = 'SUBSCRIPTION' AND status = 'PENDING') OR (type = 'INSTALMENT' AND status <> 'PAID' AND under_review))
      ) x GROUP BY bank_account_id, day),
    kept AS (
      SELECT bank_account_id, day, sum(approved_count) AS ac, sum(approved_amount) AS aa, sum(waiting_count) AS wc, sum(waiting_amount) AS wa
      FROM account_day_moves GROUP BY bank_account_id, day
      HAVING sum(approved_count) <> 0 OR sum(approved_amount) <> 0 OR sum(waiting_count) <> 0 OR sum(waiting_amount) <> 0)
    SELECT coalesce(c.bank_account_id, k.bank_account_id)::text || ' ' || coalesce(c.day, k.day)::text
    FROM counted c FULL JOIN kept k ON k.bank_account_id = c.bank_account_id AND k.day = c.day
    WHERE (c.ac, c.aa, c.wc, c.wa) IS DISTINCT FROM (k.ac, k.aa, k.wc, k.wa)`,

  // A month's commissions kept as moves (migration 038), folded or not: its pending ones and all of them.
  'commission month moves differ from the commissions': `
    WITH counted AS (
      SELECT accrued_year, accrued_month, count(*) FILTER (WHERE status = 'PENDING') AS n, coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0) AS amount,
        count(*) AS all_n, sum(amount) AS all_amount
      FROM commissions GROUP BY 1, 2),
    kept AS (
      SELECT accrued_year, accrued_month, sum(pending_count) AS n, sum(pending_amount) AS amount, sum(all_count) AS all_n, sum(all_amount) AS all_amount
      FROM commission_month_moves GROUP BY 1, 2
      HAVING sum(pending_count) <> 0 OR sum(pending_amount) <> 0 OR sum(all_count) <> 0 OR sum(all_amount) <> 0)
    SELECT coalesce(c.accrued_year, k.accrued_year)::text || '-' || coalesce(c.accrued_month, k.accrued_month)::text
    FROM counted c FULL JOIN kept k ON k.accrued_year = c.accrued_year AND k.accrued_month = c.accrued_month
    WHERE (c.n, c.amount, c.all_n, c.all_amount) IS DISTINCT FROM (k.n, k.amount, k.all_n, k.all_amount)`,

  'bank account payment count differs from its payments': `
    SELECT b.id::text FROM bank_accounts b WHERE b.payment_count <> (SELECT count(*) FROM payments p WHERE p.bank_account_id = b.id)`,

  // Each member's oldest unpaid instalment without a receipt under review (migration 022).
  'member oldest unpaid instalment differs from the instalments': `
    WITH counted AS (
      SELECT user_id, min(due_date) AS due_date FROM payments
      WHERE type = 'INSTALMENT' AND status <> 'PAID' AND NOT under_review AND due_date IS NOT NULL GROUP BY user_id)
    SELECT coalesce(c.user_id, m.user_id)::text FROM counted c FULL JOIN member_oldest_unpaid m ON m.user_id = c.user_id
    WHERE c.due_date IS DISTINCT FROM m.due_date`,
};

export type KeptFigureDifference = { check: string; key: string };

/** Every key whose kept figure differs from its recomputation; empty when every figure is right. One round trip. */
export async function findKeptFigureDifferences(q: Queryable): Promise<KeptFigureDifference[]> {
  const every = Object.entries(keptFigureChecks)
    .map(([name, sql]) => `SELECT '${name}' AS check_name, key FROM (${sql}) AS v(key)`)
    .join('\nUNION ALL\n');
  const { rows } = await q.query<{ check_name: string; key: string }>(every);
  return rows.map((row) => ({ check: row.check_name, key: row.key }));
}
