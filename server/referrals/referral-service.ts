/** The referral scheme as members and admins read it (member document §2 Referrals tab, §3; RULES §8). */
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import type { CommissionStatus, ReferralStatus, ReferralTreeEntry } from '../../contract/referrals.ts';
import type { Queryable } from '../db/database.ts';
import { currentRules } from './commission-service.ts';
import { karachiToday } from '../business-time.ts';
import { csvCell } from '../lib/csv.ts';

type ReferralRow = {
  id: string; level: number; status: ReferralStatus; created_at: Date; referred_user_id: string; name: string; email: string; referral_code: string;
  user_created_at: Date; parent_user_id: string | null; total_commission: string; paid_commission: string;
};
type CommissionPaymentJson = { id: string; amount: string; status: CommissionStatus; paidAt: string | null };

/**
 * Every referral row of one referrer (levels 1-3), with the commission earned from each, in one query;
 * with `withPayments`, each referral's commissions too (for the tree), gathered by the same lateral join.
 */
async function referralsOf<P extends boolean = false>(
  q: Queryable,
  referrerId: string,
  withPayments?: P,
): Promise<(ReferralRow & (P extends true ? { payments: CommissionPaymentJson[] } : unknown))[]> {
  const { rows } = await q.query<ReferralRow & { payments: CommissionPaymentJson[] }>(
    `SELECT r.id, r.level, r.status, r.created_at, r.referred_user_id, u.name, u.email, u.referral_code, u.created_at AS user_created_at,
       parent.referrer_id AS parent_user_id,
       coalesce(c.total, 0)::text AS total_commission, coalesce(c.paid, 0)::text AS paid_commission${withPayments ? ', c.payments' : ''}
     FROM referrals r
     JOIN users u ON u.id = r.referred_user_id
     LEFT JOIN referrals parent ON parent.referred_user_id = r.referred_user_id AND parent.level = 1
     -- Each referral's own commissions (commissions_referral_idx), not a sum over the whole table.
     LEFT JOIN LATERAL (
       SELECT sum(amount) AS total, sum(amount) FILTER (WHERE status = 'PAID') AS paid${
         withPayments
           ? `,
         coalesce(json_agg(json_build_object('id', id, 'amount', amount::text, 'status', status, 'paidAt', paid_at) ORDER BY accrued_at, id), '[]') AS payments`
           : ''
       }
       FROM commissions WHERE referral_id = r.id) c ON true
     WHERE r.referrer_id = $1 ORDER BY r.level, r.created_at LIMIT 10000`,
    [referrerId],
  );
  return rows;
}

/**
 * Whose email a referrer sees. A member brought their level-1 people in themselves and knows them; the
 * people those brought in (levels 2 and 3) are strangers to the member, who earns on them but has no
 * business contacting them: their email is left out (null). An administrator sees every user's contacts
 * in user administration anyway, and needs them to follow a commission up, so their view keeps them.
 */
export type ContactsShown = 'direct' | 'all';

const emailFor = (r: Pick<ReferralRow, 'level' | 'email'>, shown: ContactsShown) => (shown === 'all' || r.level === 1 ? r.email : null);

/** The member's own referrals (GET /api/referrals): emails of level 1 only, as in the tree. */
export async function listReferrals(q: Queryable, userId: string) {
  return (await referralsOf(q, userId)).map((r) => ({
    id: r.id,
    level: r.level,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    referredUser: { name: r.name, email: emailFor(r, 'direct'), referralCode: r.referral_code, createdAt: new Date(r.user_created_at).toISOString() },
    totalCommission: rupeesFromDb(r.total_commission),
  }));
}

type StatsRow = { total: number; l1: number; l2: number; l3: number; commission: string; pending: string; paid: string };
type RatesRow = { level1_rate: string; level2_rate: string; level3_rate: string };

/** One referrer's counts and commission sums; with `withRates`, the current rules' rates in the same query. */
async function statsRow<R extends boolean = false>(q: Queryable, userId: string, withRates?: R): Promise<StatsRow & (R extends true ? RatesRow : unknown)> {
  const { rows } = await q.query<StatsRow & RatesRow>(
    `SELECT (SELECT count(*)::int FROM referrals WHERE referrer_id = $1) AS total,
       (SELECT count(*)::int FROM referrals WHERE referrer_id = $1 AND level = 1) AS l1,
       (SELECT count(*)::int FROM referrals WHERE referrer_id = $1 AND level = 2) AS l2,
       (SELECT count(*)::int FROM referrals WHERE referrer_id = $1 AND level = 3) AS l3,
       (SELECT coalesce(sum(amount), 0)::text FROM commissions WHERE referrer_id = $1) AS commission,
       (SELECT coalesce(sum(amount), 0)::text FROM commissions WHERE referrer_id = $1 AND status = 'PENDING') AS pending,
       (SELECT coalesce(sum(amount), 0)::text FROM commissions WHERE referrer_id = $1 AND status = 'PAID') AS paid${
         withRates
           ? `,
       rules.level1_rate, rules.level2_rate, rules.level3_rate
     FROM (SELECT level1_rate, level2_rate, level3_rate FROM commission_rules ORDER BY created_at DESC, id DESC LIMIT 1) rules`
           : ''
       }`,
    [userId],
  );
  return rows[0];
}

export async function referralStats(q: Queryable, userId: string) {
  return statsOf(await statsRow(q, userId));
}

function statsOf(r: StatsRow) {
  return {
    totalReferrals: r.total,
    totalCommission: rupeesFromDb(r.commission),
    pendingCommission: rupeesFromDb(r.pending),
    paidCommission: rupeesFromDb(r.paid),
    level1Count: r.l1,
    level2Count: r.l2,
    level3Count: r.l3,
  };
}

export type TreeNode = ReferralTreeEntry & { children: TreeNode[] };

/**
 * The referrer's tree: people they brought (level 1), the people those brought (2), and theirs (3).
 * Two queries: the referrals with their commissions, then the figures with the current rates.
 * `shown`: whose emails are in it (ContactsShown): 'direct' for the member's own tree, 'all' for an admin.
 */
export async function referralTree(q: Queryable, userId: string, shown: ContactsShown) {
  const rows = await referralsOf(q, userId, true);
  const stats = await statsRow(q, userId, true);
  const rates = [Number(stats.level1_rate), Number(stats.level2_rate), Number(stats.level3_rate)];
  const nodes = new Map<string, TreeNode>();
  for (const r of rows) {
    nodes.set(r.referred_user_id, {
      id: r.id,
      level: r.level,
      status: r.status,
      referredUser: { id: r.referred_user_id, name: r.name, email: emailFor(r, shown), referralCode: r.referral_code, createdAt: new Date(r.user_created_at).toISOString() },
      totalCommission: rupeesFromDb(r.total_commission),
      commissionRate: rates[r.level - 1],
      commissionPayments: r.payments.map((c) => ({ id: c.id, amount: rupeesFromDb(c.amount), status: c.status, paidAt: c.paidAt && new Date(c.paidAt).toISOString() })),
      children: [],
    });
  }
  const tree: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.referred_user_id)!;
    // A level-2 or level-3 person hangs under the person who brought them.
    const parent = r.level > 1 && r.parent_user_id ? nodes.get(r.parent_user_id) : undefined;
    if (parent) parent.children.push(node);
    else tree.push(node);
  }
  return { tree, stats: statsOf(stats) };
}

export const emptyTree = () => ({
  tree: [] as TreeNode[],
  stats: { totalReferrals: 0, totalCommission: 0, pendingCommission: 0, paidCommission: 0, level1Count: 0, level2Count: 0, level3Count: 0 },
});

/** "Ayesha K.": what one member may see of another on the leaderboard. */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]} ${parts[parts.length - 1][0]}.` : parts[0];
}

export async function leaderboard(q: Queryable, options: { period: 'ALL' | 'MONTH' | 'YEAR'; limit: number; viewerIsAdmin: boolean; viewerId: string }) {
  // The kept totals of one period (migration 017): all time is (0, 0), a business year (year, 0).
  const today = karachiToday();
  const [year, month] = options.period === 'MONTH' ? [today.year, today.month] : options.period === 'YEAR' ? [today.year, 0] : [0, 0];
  // The first `limit` amounts come from the index; every referrer with at least the last of them is then
  // ordered by amount and name, so ties at the cut are broken by name as the list shows them.
  const { rows } = await q.query<{ user_id: string; name: string; total: string; referrals: number }>(
    `WITH top AS (
       SELECT amount FROM referrer_totals WHERE year = $1 AND month = $2 AND n > 0 ORDER BY amount DESC LIMIT $3)
     SELECT u.id AS user_id, u.name, t.amount::text AS total, t.referred_count AS referrals
     FROM referrer_totals t JOIN users u ON u.id = t.referrer_id
     WHERE t.year = $1 AND t.month = $2 AND t.n > 0 AND t.amount >= (SELECT min(amount) FROM top)
     ORDER BY t.amount DESC, u.name, u.id LIMIT $3`,
    [year, month, options.limit],
  );
  return rows.map((r, i) => ({
    rank: i + 1,
    name: options.viewerIsAdmin ? r.name : displayName(r.name),
    isYou: r.user_id === options.viewerId,
    totalCommission: rupeesFromDb(r.total),
    referralCount: r.referrals,
  }));
}

// A spreadsheet cell that would run as a formula is made text: one rule for every CSV (exports/csv.ts).
export { csvCell };

type ReportSummaryRow = { total: number; l1: number; l2: number; l3: number; commission: string; pending: string; paid: string };

/**
 * The report's filters as a WHERE clause naming only those given. Each combination is a statement of its
 * own: with every filter written as `($n IS NULL OR …)`, PostgreSQL's plan kept for the prepared statement
 * (from its sixth run on a connection) is made for all filters at once, and for the unfiltered first page
 * it scanned and joined every referral before sorting (51-64 ms instead of 2.5-3.2 ms).
 */
function referralScope(f: { startDate?: string; endDate?: string; level?: number; status?: string; userId?: string }) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.startDate !== undefined) where.push(`r.created_at >= (${add(f.startDate)}::date::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')`);
  if (f.endDate !== undefined) where.push(`r.created_at < ((${add(f.endDate)}::date + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')`);
  if (f.level !== undefined) where.push(`r.level = ${add(f.level)}::int`);
  if (f.status !== undefined) where.push(`r.status = ${add(f.status)}::text`);
  if (f.userId !== undefined) where.push(`r.referrer_id = ${add(f.userId)}::uuid`);
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/**
 * SQL: each referral `r`'s commissions, their sum and how much of it is pending and paid, as `t`: summed
 * from its own few (commissions_referral_idx), as fast as a kept total per referral (docs/kept-figures.md).
 */
const REFERRAL_COMMISSIONS_JOIN = `LEFT JOIN LATERAL (
    SELECT sum(c.amount) AS amount, sum(c.amount) FILTER (WHERE c.status = 'PENDING') AS pending, sum(c.amount) FILTER (WHERE c.status = 'PAID') AS paid
    FROM commissions c WHERE c.referral_id = r.id) t ON true`;

export async function referralReport(q: Queryable, f: { startDate?: string; endDate?: string; level?: number; status?: string; userId?: string; limit: number; offset: number }) {
  const { whereSql, params } = referralScope(f);
  const { rows } = await q.query<{ id: string; level: number; status: ReferralStatus; created_at: Date; referrer_name: string; referrer_email: string; referred_name: string; referred_email: string; total: string; rate: string | null }>(
    `SELECT r.id, r.level, r.status, r.created_at, a.name AS referrer_name, a.email AS referrer_email, b.name AS referred_name, b.email AS referred_email,
       coalesce(t.amount, 0)::text AS total,
       (SELECT rate::text FROM commissions c WHERE c.referral_id = r.id ORDER BY accrued_at DESC LIMIT 1) AS rate
     FROM referrals r JOIN users a ON a.id = r.referrer_id JOIN users b ON b.id = r.referred_user_id ${REFERRAL_COMMISSIONS_JOIN}
     ${whereSql} ORDER BY r.created_at DESC, r.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, f.limit, f.offset],
  );
  // Every referral, or every referral of one level: the summary is the kept totals per level (migration
  // 033). Any other filter sums the commissions of the referrals that match.
  const summary =
    f.startDate === undefined && f.endDate === undefined && f.status === undefined && f.userId === undefined
      ? await q.query<ReportSummaryRow>(
          `SELECT sum(referrals)::int AS total, coalesce(sum(referrals) FILTER (WHERE level = 1), 0)::int AS l1,
             coalesce(sum(referrals) FILTER (WHERE level = 2), 0)::int AS l2, coalesce(sum(referrals) FILTER (WHERE level = 3), 0)::int AS l3,
             coalesce(sum(amount), 0)::text AS commission, coalesce(sum(pending), 0)::text AS pending, coalesce(sum(paid), 0)::text AS paid
           FROM referral_level_totals WHERE $1::int IS NULL OR level = $1`,
          [f.level ?? null],
        )
      : await q.query<ReportSummaryRow>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE r.level = 1)::int AS l1, count(*) FILTER (WHERE r.level = 2)::int AS l2, count(*) FILTER (WHERE r.level = 3)::int AS l3,
             coalesce(sum(t.amount), 0)::text AS commission, coalesce(sum(t.pending), 0)::text AS pending, coalesce(sum(t.paid), 0)::text AS paid
           FROM referrals r ${REFERRAL_COMMISSIONS_JOIN}
           ${whereSql}`,
          params,
        );
  const rules = await currentRules(q);
  const s = summary.rows[0];
  return {
    referrals: rows.map((r) => ({
      id: r.id,
      level: r.level,
      status: r.status,
      commissionRate: r.rate === null ? [rules.level1Rate, rules.level2Rate, rules.level3Rate][r.level - 1] : Number(r.rate),
      totalCommission: rupeesFromDb(r.total),
      createdAt: new Date(r.created_at).toISOString(),
      referrer: { name: r.referrer_name, email: r.referrer_email },
      referredUser: { name: r.referred_name, email: r.referred_email },
    })),
    summary: {
      totalReferrals: s.total,
      totalCommission: rupeesFromDb(s.commission),
      pendingCommission: rupeesFromDb(s.pending),
      paidCommission: rupeesFromDb(s.paid),
      levelBreakdown: { level1: s.l1, level2: s.l2, level3: s.l3 },
    },
  };
}

export function referralReportCsv(referrals: Awaited<ReturnType<typeof referralReport>>['referrals']): string {
  const header = ['Referrer', 'Referrer email', 'Referred user', 'Referred email', 'Level', 'Status', 'Commission rate', 'Total commission (PKR)', 'Date'];
  const lines = referrals.map((r) =>
    [r.referrer.name, r.referrer.email, r.referredUser.name, r.referredUser.email, r.level, r.status, r.commissionRate, r.totalCommission, r.createdAt.slice(0, 10)].map(csvCell).join(','),
  );
  return [header.join(','), ...lines].join('\r\n');
}
