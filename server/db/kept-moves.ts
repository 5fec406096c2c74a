/**
 * Figures kept as moves (migrations 037 and 038): a statement that changes what a figure counts adds a row
 * of its change, and nothing is updated in place, so writers never wait on one another's row. Each kept
 * figure is the sum of its rows. Folding replaces a key's rows by one row of their sums, so that reading
 * a figure reads about one row per key; it runs every hour and at any time on any server, and the sums
 * do not change.
 */
import type { Queryable } from './database.ts';

/** The fold of each table of moves, by what it keeps. */
const FOLDS = {
  // Per bank account and Karachi day: approved money and receipts waiting (bank-accounts/reconciliation.ts).
  reconciliation: 'fold_account_day_moves',
  // Per accrual month: the pending commissions' count and total (referrals/commission-service.ts).
  pendingCommissions: 'fold_commission_month_moves',
} as const;

/** SQL: folds every table of moves; one row of how many rows each folded. */
export const foldKeptMovesSql = `SELECT ${Object.entries(FOLDS).map(([name, fold]) => `${fold}() AS "${name}"`).join(', ')}`;

export async function foldKeptMoves(db: Queryable): Promise<Record<keyof typeof FOLDS, number>> {
  const { rows } = await db.query<Record<keyof typeof FOLDS, number>>(foldKeptMovesSql);
  return rows[0];
}
