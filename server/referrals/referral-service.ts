/** The referral scheme as members and admins read it (member document §2 Referrals tab, §3; RULES §8). */
import { rupeesFromDb } from '../../contract/money.ts';
import type { Queryable } from '../db/database.ts';
import { currentRules } from './commission-service.ts';

type ReferralRow = {
  id: string; level: number; status: string; created_at: Date; referred_user_id: string; name: string; email: string; referral_code: string;
  user_created_at: Date; parent_user_id: string | null; total_commission: string; paid_commission: string;
};

/** Every referral row of one referrer (levels 1-3), with the commission earned from each, in one query. */
async function referralsOf(q: Queryable, referrerId: string): Promise<ReferralRow[]> {
  const { rows } = await q.query<ReferralRow>(
    `SELECT r.id, r.level, r.status, r.created_at, r.referred_user_id, u.name, u.email, u.referral_code, u.created_at AS user_created_at,
       parent.referrer_id AS parent_user_id,
       coalesce(c.total, 0)::text AS total_commission, coalesce(c.paid, 0)::text AS paid_commission
     FROM referrals r
     JOIN users u ON u.id = r.referred_user_id
     LEFT JOIN referrals parent ON parent.referred_user_id = r.referred_user_id AND parent.level = 1
     -- Each referral's own commissions (commissions_referral_idx), not a sum over the whole table.
     LEFT JOIN LATERAL (SELECT sum(amount) AS total, sum(amount) FILTER (WHERE status = 'PAID') AS paid FROM commissions WHERE referral_id = r.id) c ON true
     WHERE r.referrer_id = $1 ORDER BY r.level, r.created_at LIMIT 10000`,
    [referrerId],
  );
  return rows;
}

export async function listReferrals(q: Queryable, userId: string) {
  return (await referralsOf(q, userId)).map((r) => ({
    id: r.id,
    level: r.level,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    referredUser: { name: r.name, email: r.email, referralCode: r.referral_code, createdAt: new Date(r.user_created_at).toISOString() },
    totalCommission: rupeesFromDb(r.total_commission),
  }));
}

export async function referralStats(q: Queryable, userId: string) {
  const { rows } = await q.query<{ total: number; l1: number; l2: number; l3: number; commission: string; pending: string; paid: string }>(
    `SELECT (SELECT count(*)::int FROM referrals WHERE referrer_id = $1) AS total,
       (SELECT count(*)::int FROM referrals WHERE referrer_id = $1 AND level = 1) AS l1,
       (SELECT count(*)::int FROM referrals WHERE referrer_id = $1 AND level = 2) AS l2,
       (SELECT count(*)::int FROM referrals WHERE referrer_id = $1 AND level = 3) AS l3,
       (SELECT coalesce(sum(amount), 0)::text FROM commissions WHERE referrer_id = $1) AS commission,
       (SELECT coalesce(sum(amount), 0)::text FROM commissions WHERE referrer_id = $1 AND status = 'PENDING') AS pending,
       (SELECT coalesce(sum(amount), 0)::text FROM commissions WHERE referrer_id = $1 AND status = 'PAID') AS paid`,
    [userId],
  );
  const r = rows[0];
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

export type TreeNode = {
  id: string;
  level: number;
  status: string;
  referredUser: { id: string; name: string; email: string; referralCode: string; createdAt: string };
  totalCommission: number;
  commissionRate: number;
  commissionPayments: { id: string; amount: number; status: string; paidAt: string | null }[];
  children: TreeNode[];
};

/** The referrer's tree: people they brought (level 1), the people those brought (2), and theirs (3). */
export async function referralTree(q: Queryable, userId: string) {
  const rows = await referralsOf(q, userId);
  const rules = await currentRules(q);
  const rates = [rules.level1Rate, rules.level2Rate, rules.level3Rate];
  const commissions = await q.query<{ id: string; referral_id: string; amount: string; status: string; paid_at: Date | null }>(
    `SELECT id, referral_id, amount::text, status, paid_at FROM commissions WHERE referrer_id = $1 ORDER BY accrued_at LIMIT 10000`,
    [userId],
  );
  const paymentsOf = new Map<string, TreeNode['commissionPayments']>();
  for (const c of commissions.rows) {
    const list = paymentsOf.get(c.referral_id) ?? [];
    list.push({ id: c.id, amount: rupeesFromDb(c.amount), status: c.status, paidAt: c.paid_at && new Date(c.paid_at).toISOString() });
    paymentsOf.set(c.referral_id, list);
  }
  const nodes = new Map<string, TreeNode>();
  for (const r of rows) {
    nodes.set(r.referred_user_id, {
      id: r.id,
      level: r.level,
      status: r.status,
      referredUser: { id: r.referred_user_id, name: r.name, email: r.email, referralCode: r.referral_code, createdAt: new Date(r.user_created_at).toISOString() },
      totalCommission: rupeesFromDb(r.total_commission),
      commissionRate: rates[r.level - 1],
      commissionPayments: paymentsOf.get(r.id) ?? [],
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
  return { tree, stats: await referralStats(q, userId) };
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
  const since = options.period === 'MONTH' ? "date_trunc('month', now() AT TIME ZONE 'Asia/Karachi') AT TIME ZONE 'Asia/Karachi'" : options.period === 'YEAR' ? "date_trunc('year', now() AT TIME ZONE 'Asia/Karachi') AT TIME ZONE 'Asia/Karachi'" : "'-infinity'::timestamptz";
  const { rows } = await q.query<{ user_id: string; name: string; total: string; referrals: number }>(
    `SELECT u.id AS user_id, u.name, sum(c.amount)::text AS total, count(DISTINCT c.referred_user_id)::int AS referrals
     FROM commissions c JOIN users u ON u.id = c.referrer_id WHERE c.accrued_at >= ${since}
     GROUP BY u.id, u.name ORDER BY sum(c.amount) DESC, u.name LIMIT $1`,
    [options.limit],
  );
  return rows.map((r, i) => ({
    rank: i + 1,
    name: options.viewerIsAdmin ? r.name : displayName(r.name),
    isYou: r.user_id === options.viewerId,
    totalCommission: rupeesFromDb(r.total),
    referralCount: r.referrals,
  }));
}

/** A spreadsheet cell that starts with = + - @ (or a tab/CR) would run as a formula: it is quoted as text. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function referralReport(q: Queryable, f: { startDate?: string; endDate?: string; level?: number; status?: string; userId?: string; limit: number; offset: number }) {
  const params = [f.startDate ?? null, f.endDate ?? null, f.level ?? null, f.status ?? null, f.userId ?? null];
  const scope = `($1::date IS NULL OR r.created_at >= ($1::date::timestamp AT TIME ZONE 'Asia/Karachi'))
    AND ($2::date IS NULL OR r.created_at < (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Karachi'))
    AND ($3::int IS NULL OR r.level = $3) AND ($4::text IS NULL OR r.status = $4) AND ($5::uuid IS NULL OR r.referrer_id = $5)`;
  const { rows } = await q.query<{ id: string; level: number; status: string; created_at: Date; referrer_name: string; referrer_email: string; referred_name: string; referred_email: string; total: string; rate: string | null }>(
    `SELECT r.id, r.level, r.status, r.created_at, a.name AS referrer_name, a.email AS referrer_email, b.name AS referred_name, b.email AS referred_email,
       coalesce((SELECT sum(amount) FROM commissions c WHERE c.referral_id = r.id), 0)::text AS total,
       (SELECT rate::text FROM commissions c WHERE c.referral_id = r.id ORDER BY accrued_at DESC LIMIT 1) AS rate
     FROM referrals r JOIN users a ON a.id = r.referrer_id JOIN users b ON b.id = r.referred_user_id
     WHERE ${scope} ORDER BY r.created_at DESC, r.id LIMIT $6 OFFSET $7`,
    [...params, f.limit, f.offset],
  );
  const summary = await q.query<{ total: number; l1: number; l2: number; l3: number; commission: string; pending: string; paid: string }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE r.level = 1)::int AS l1, count(*) FILTER (WHERE r.level = 2)::int AS l2, count(*) FILTER (WHERE r.level = 3)::int AS l3,
       coalesce(sum(c.total), 0)::text AS commission, coalesce(sum(c.pending), 0)::text AS pending, coalesce(sum(c.paid), 0)::text AS paid
     FROM referrals r
     LEFT JOIN (SELECT referral_id, sum(amount) AS total, sum(amount) FILTER (WHERE status = 'PENDING') AS pending, sum(amount) FILTER (WHERE status = 'PAID') AS paid
                FROM commissions GROUP BY referral_id) c ON c.referral_id = r.id
     WHERE ${scope}`,
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
