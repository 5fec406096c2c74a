/**
 * What each kept figure saves (docs/kept-figures.md "What each saves"): `node bench/kept-figures.ts
 * [--database-url URL]`, on the benchmark's generated dataset (bench/dataset.ts; 10,000 members by default).
 *
 * For each kept table, the read the product makes from it for one request, as the product runs it (the
 * product's own function is called and its statement taken as it was sent), and the same answer computed
 * from the rows directly, the way the product would read if the table went (the definitions of
 * server/db/kept-figures.ts and of the figures module). Both must give the same answer for every sampled
 * key, or the script stops. Each statement is prepared under a name on one connection, as the product's
 * are (decision 037), and timed only past its sixth run, when PostgreSQL may have switched to the plan it
 * keeps. Then the write side of the tables kept by triggers: one representative write, timed inside a
 * transaction that is rolled back, with the table's triggers on and disabled in that transaction.
 *
 * It reads only, apart from those rolled-back transactions: nothing it does is left in the database.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BUSINESS_TIME_ZONE } from '../contract/business-time.ts';
import { reconciliationReport } from '../server/bank-accounts/reconciliation.ts';
import { listBankAccounts } from '../server/bank-accounts/bank-account-service.ts';
import { karachiToday } from '../server/business-time.ts';
import type { Database, Queryable, Row } from '../server/db/database.ts';
import { listGroups } from '../server/groups/group-service.ts';
import { businessDayOf, isOverdueSql, keptInstalmentsSql, overdueCutoffSql, readFigures, readKeptFigures, type BusinessDay } from '../server/figures/figures.ts';
import { paymentReport } from '../server/instalments/instalment-reports.ts';
import { committeeGroups } from '../server/plans/plan-service.ts';
import type { ReceiptLinkSigner } from '../server/receipts/receipt-links.ts';
import { accrueCommissions, commissionHistory, pendingCommissions } from '../server/referrals/commission-service.ts';
import { leaderboard, referralReport } from '../server/referrals/referral-service.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/umrah_bench_10000' },
  },
});

/** Timed runs of each read: about this many in all, over its sampled keys, and never fewer than 3 per key. */
const SAMPLES = 60;
/** Runs of a statement before it is timed: PostgreSQL may choose its kept (generic) plan from the sixth. */
const WARM_RUNS = 6;
/** Runs of each write, with its triggers on and as many with them disabled; the first few of each are not timed. */
const WRITE_RUNS = 15;
const WRITE_WARM_RUNS = 3;
/** The grace day the server uses unless configured otherwise (OVERDUE_GRACE_DAY, server/config.ts). */
const GRACE_DAY = 10;
/** The single-request goals: a member's request, an admin's (docs/performance.md). */
const MEMBER_GOAL_MS = 10;
const ADMIN_GOAL_MS = 50;

type Statement = { text: string; values: unknown[] };
type Answer = Row[][];

type ReadCase = {
  table: string;
  serves: string;
  goalMs: number;
  keys: unknown[];
  /** The product's statements reading the kept table for one request with this key. */
  kept: (key: unknown) => Promise<Statement[]>;
  /** The same answer from the rows. */
  fromRows: (key: unknown, kept: Statement[]) => Statement[];
  /** What must agree between the two (both answers, projected); the whole rows by default. */
  project?: (answer: Answer) => unknown;
};

type WriteCase = {
  what: string;
  targets: string[];
  /** Runs before the timed write, in the same transaction, with every trigger on. */
  before?: (q: Queryable, target: string) => Promise<unknown>;
  write: (q: Queryable, target: string) => Promise<unknown>;
};
type WriteMeasure = { write: WriteCase; triggers: { table: string; name: string }[] };

const client = new pg.Client({ connectionString: args['database-url'], application_name: 'kept-figures-bench' });
await client.connect();
// As the product's connections (decision 034): no JIT compilation.
await client.query('SET jit = off');
const day: BusinessDay = businessDayOf(new Date(), GRACE_DAY);

/** A Queryable over the bench connection that keeps every statement sent through it (unprepared). */
function recording(): { q: Queryable; sent: Statement[] } {
  const sent: Statement[] = [];
  const run = async (text: string, values: unknown[] = []) => {
    sent.push({ text, values });
    const result = await client.query(text, values);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  };
  return { q: { query: run as Queryable['query'], write: run as Queryable['write'], exec: async (sql) => void (await client.query(sql)) }, sent };
}

/** The statements the product sends for one request that read `reading` (a table's name). */
async function productStatements(reading: string, request: (q: Queryable) => Promise<unknown>): Promise<Statement[]> {
  const { q, sent } = recording();
  await request(q);
  const found = sent.filter((s) => s.text.includes(reading));
  if (found.length === 0) throw new Error(`The product no longer reads ${reading} in this request: the benchmark needs updating.`);
  return found;
}

const statementName = (text: string) => `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

async function runPrepared(statements: Statement[]): Promise<{ ms: number; answer: Answer }> {
  const answer: Answer = [];
  const started = performance.now();
  for (const s of statements) answer.push((await client.query({ name: statementName(s.text), text: s.text, values: s.values })).rows as Row[]);
  return { ms: performance.now() - started, answer };
}

/** Money and counts compared as numbers to the paisa: a count may come as 3 or '3', a sum as '5.00' or '5'. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) return Number(value).toFixed(2);
  return value;
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}

type ReadResult = { keptMs: number[]; rowsMs: number[] };

async function measureRead(c: ReadCase): Promise<ReadResult> {
  const pairs: { key: unknown; kept: Statement[]; rows: Statement[] }[] = [];
  for (const key of c.keys) {
    const kept = await c.kept(key);
    pairs.push({ key, kept, rows: c.fromRows(key, kept) });
  }
  const project = c.project ?? ((a: Answer) => a);
  for (let i = 0; i < WARM_RUNS; i++) {
    const pair = pairs[i % pairs.length];
    await runPrepared(pair.kept);
    await runPrepared(pair.rows);
  }
  // Both must say the same for every key (checked past the warm runs, with the plans that are timed).
  for (const pair of pairs) {
    const kept = JSON.stringify(canonical(project((await runPrepared(pair.kept)).answer)));
    const rows = JSON.stringify(canonical(project((await runPrepared(pair.rows)).answer)));
    if (kept !== rows) {
      throw new Error(`${c.table} (${c.serves}): the kept read and the read from the rows differ for key ${JSON.stringify(pair.key)}:\n kept: ${kept.slice(0, 600)}\n rows: ${rows.slice(0, 600)}`);
    }
  }
  const result: ReadResult = { keptMs: [], rowsMs: [] };
  const rounds = Math.max(3, Math.ceil(SAMPLES / pairs.length));
  for (let round = 0; round < rounds; round++) {
    for (const pair of pairs) {
      // Alternate which goes first, so that neither always runs on a cache the other just warmed.
      const order = round % 2 === 0 ? (['kept', 'rows'] as const) : (['rows', 'kept'] as const);
      for (const side of order) {
        const { ms } = await runPrepared(pair[side]);
        (side === 'kept' ? result.keptMs : result.rowsMs).push(ms);
      }
    }
  }
  return result;
}

/** A Queryable that adds the time of each statement to `spent.ms`. */
function timing(spent: { ms: number }): Queryable {
  const run = async (text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    spent.ms += performance.now() - started;
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
  };
  return { query: run as Queryable['query'], write: run as Queryable['write'], exec: async (sql) => void (await client.query(sql)) };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function measureWrite(m: WriteMeasure): Promise<{ on: number; off: number }> {
  const times = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i < (WRITE_WARM_RUNS + WRITE_RUNS) * 2; i++) {
    const mode = i % 4 === 0 || i % 4 === 3 ? 'on' : 'off';
    const target = m.write.targets[Math.floor(i / 2) % m.write.targets.length];
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL lock_timeout = '5s'`);
      // Both modes alter the table, so that both pay the same lock and the same plans made afresh.
      for (const t of m.triggers) await client.query(`ALTER TABLE ${quoted(t.table)} ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER ${quoted(t.name)}`);
      if (m.write.before) await m.write.before(timing({ ms: 0 }), target);
      const spent = { ms: 0 };
      await m.write.write(timing(spent), target);
      if (i >= WRITE_WARM_RUNS * 2) times[mode].push(spent.ms);
    } finally {
      await client.query('ROLLBACK');
    }
  }
  return { on: median(times.on), off: median(times.off) };
}

// ——— The sampled keys ———

const ids = async (sql: string, values: unknown[] = []) => (await client.query<{ id: string }>(sql, values)).rows.map((r) => r.id);
const groupIds = await ids(`SELECT id FROM committee_groups ORDER BY md5(id::text) LIMIT 20`);
const planIds = await ids(`SELECT id FROM committee_plans ORDER BY md5(id::text) LIMIT 20`);
const referrerIds = await ids(`SELECT referrer_id AS id FROM referrals GROUP BY referrer_id ORDER BY md5(referrer_id::text) LIMIT 20`);
const accountIds = await ids(`SELECT id FROM bank_accounts WHERE deleted_at IS NULL ORDER BY created_at, id`);
const adminId = (await ids(`SELECT id FROM users WHERE role = 'ADMIN' ORDER BY created_at LIMIT 1`))[0];
const commissionMonths = (
  await client.query<{ year: number; month: number }>(
    `SELECT accrued_year AS year, accrued_month AS month FROM commissions GROUP BY 1, 2 ORDER BY md5(accrued_year::text || '-' || accrued_month::text) LIMIT 20`,
  )
).rows;
// The last ten months with approved money, for each account: an account's reconciliation of a month.
const reconciliationMonths = (
  await client.query<{ month: string }>(
    `SELECT to_char(d, 'YYYY-MM') AS month FROM generate_series(date_trunc('month', (SELECT max(approved_at) FROM payments) AT TIME ZONE '${BUSINESS_TIME_ZONE}') - interval '9 months',
       date_trunc('month', (SELECT max(approved_at) FROM payments) AT TIME ZONE '${BUSINESS_TIME_ZONE}'), interval '1 month') AS d`,
  )
).rows.map((r) => r.month);
const reconciliationYears = (
  await client.query<{ year: number }>(
    `SELECT DISTINCT extract(year FROM approved_at AT TIME ZONE '${BUSINESS_TIME_ZONE}')::int AS year FROM payments WHERE approved_at IS NOT NULL ORDER BY 1`,
  )
).rows.map((r) => r.year);
const defaulterPages = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM member_oldest_unpaid WHERE due_date < ${overdueCutoffSql(day)}`)).rows[0].n;
const today = karachiToday();

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
const sole = (statements: Statement[]) => {
  if (statements.length !== 1) throw new Error(`expected one statement, the product sent ${statements.length}`);
  return statements[0];
};
const replaced = (text: string, from: string, to: string) => {
  if (!text.includes(from)) throw new Error(`the product's statement no longer has: ${from.slice(0, 120)}`);
  return text.split(from).join(to);
};

/**
 * The instalments as rows shaped like the kept totals (keptInstalmentsSql): one row per instalment, n = 1.
 * The state SQL reads it as it reads the totals, so a statement written over the totals reads it unchanged.
 */
const INSTALMENT_ROWS = `(SELECT p0.type, p0.status, p0.under_review, coalesce(p0.due_date, make_date(p0.year, p0.month, 1)) AS due_date, 1 AS n, p0.amount,
    p0.settled_by_payment_id IS NOT NULL AS settled, p0.plan_id, p0.group_id, p0.month, p0.year
  FROM payments p0 WHERE p0.type = 'INSTALMENT')`;

// The figures from the rows are the figures module's own reading of the instalments (readFigures), which
// names the same columns as its reading of the kept totals (readKeptFigures).
async function figuresFromRows(scope: { where?: string; params?: unknown[] }): Promise<Statement[]> {
  return productStatements('payments', (q) => readFigures(q, day, scope));
}
const groupFiguresFromRows = new Map<unknown, Statement[]>();
const planFiguresFromRows = new Map<unknown, Statement[]>();
for (const groupId of groupIds) groupFiguresFromRows.set(groupId, await figuresFromRows({ where: `p.type = 'INSTALMENT' AND p.group_id = $1`, params: [groupId] }));
for (const planId of planIds) planFiguresFromRows.set(planId, await figuresFromRows({ where: `p.type = 'INSTALMENT' AND p.plan_id = $1`, params: [planId] }));
const everyInstalmentFromRows = await figuresFromRows({});

/**
 * The reconciliation's figures from the payments, per account and day or month (`period`, a to_char format):
 * the check's definition (kept-figures.ts), approved money by its approval's Karachi day and receipts
 * waiting by their sending's, each branch on its partial index (payments_account_approved_idx, _waiting_idx).
 * $1 the accounts, $2 and $3 the first and last day, as the product's statement has them.
 */
function reconciliationFromRows(period: 'YYYY-MM-DD' | 'YYYY-MM'): string {
  const within = (column: string) =>
    `p.${column} >= ($2::date::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}') AND p.${column} < (($3::date + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}')`;
  return `SELECT x.bank_account_id AS account_id, to_char(x.day, '${period}') AS period,
      sum(x.ac)::int AS approved_count, sum(x.aa)::text AS approved_amount, sum(x.wc)::int AS waiting_count, sum(x.wa)::text AS waiting_amount
    FROM (
      SELECT p.bank_account_id, (p.approved_at AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date AS day, 1 AS ac, p.amount AS aa, 0 AS wc, 0.00 AS wa FROM payments p
      WHERE p.bank_account_id = ANY($1::uuid[]) AND ${within('approved_at')} AND p.status = 'PAID' AND p.settled_by_payment_id IS NULL
      UNION ALL
      SELECT p.bank_account_id, (p.submitted_at AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date, 0, 0.00, 1, p.amount FROM payments p
      WHERE p.bank_account_id = ANY($1::uuid[]) AND ${within('submitted_at')} AND p.receipt_id IS NOT NULL
        AND ((p.type = 'SUBSCRIPTION' AND p.status = 'PENDING') OR (p.type = 'INSTALMENT' AND p.status <> 'PAID' AND p.under_review))
    ) x
    GROUP BY x.bank_account_id, to_char(x.day, '${period}') HAVING sum(x.ac) <> 0 OR sum(x.wc) <> 0
    ORDER BY x.bank_account_id, to_char(x.day, '${period}')`;
}

const reads: ReadCase[] = [
  {
    table: 'instalment_totals',
    serves: "one group's figures (the admin's payments summary of a group)",
    goalMs: ADMIN_GOAL_MS,
    keys: groupIds,
    kept: (groupId) => productStatements('instalment_totals', (q) => readKeptFigures(q, day, { groupId: groupId as string })),
    fromRows: (groupId) => groupFiguresFromRows.get(groupId)!,
  },
  {
    table: 'instalment_totals',
    serves: 'the groups list, a page of 20 with their figures',
    goalMs: ADMIN_GOAL_MS,
    keys: Array.from({ length: 10 }, (_, i) => i * 20),
    kept: (offset) => productStatements('instalment_totals', (q) => listGroups(q, day, { limit: 20, offset: offset as number })),
    fromRows: (_offset, kept) => [{ ...sole(kept), text: replaced(sole(kept).text, keptInstalmentsSql('group'), INSTALMENT_ROWS) }],
  },
  {
    table: 'instalment_plan_totals',
    serves: "the overview's figures (every instalment)",
    goalMs: ADMIN_GOAL_MS,
    keys: ['all'],
    kept: () => productStatements('instalment_plan_totals', (q) => readKeptFigures(q, day)),
    fromRows: () => everyInstalmentFromRows,
  },
  {
    table: 'instalment_plan_totals',
    serves: "one plan's figures (the admin's payments summary of a plan)",
    goalMs: ADMIN_GOAL_MS,
    keys: planIds,
    kept: (planId) => productStatements('instalment_plan_totals', (q) => readKeptFigures(q, day, { planId: planId as string })),
    fromRows: (planId) => planFiguresFromRows.get(planId)!,
  },
  {
    table: 'referrer_totals',
    serves: 'the leaderboard, top 10 of a period (all time, this year, this month)',
    goalMs: MEMBER_GOAL_MS,
    keys: ['ALL', 'YEAR', 'MONTH'],
    kept: (period) => productStatements('referrer_totals', (q) => leaderboard(q, { period: period as 'ALL' | 'YEAR' | 'MONTH', limit: 10, viewerIsAdmin: false, viewerId: '' })),
    // Every referrer's commissions of the period, summed, ordered as the leaderboard orders them.
    fromRows: (period) => {
      const [year, month] = period === 'MONTH' ? [today.year, today.month] : period === 'YEAR' ? [today.year, 0] : [0, 0];
      return [
        {
          text: `WITH per AS (
             SELECT c.referrer_id, sum(c.amount) AS amount, count(DISTINCT c.referred_user_id)::int AS referred FROM commissions c
             WHERE ($1::int = 0 OR c.accrued_year = $1) AND ($2::int = 0 OR c.accrued_month = $2) GROUP BY c.referrer_id)
           SELECT u.id AS user_id, u.name, per.amount::text AS total, per.referred AS referrals
           FROM per JOIN users u ON u.id = per.referrer_id ORDER BY per.amount DESC, u.name, u.id LIMIT $3`,
          values: [year, month, 10],
        },
      ];
    },
  },
  {
    table: 'referrer_totals',
    serves: "one referrer's commissions, count and total (the commissions list by referrer)",
    goalMs: ADMIN_GOAL_MS,
    keys: referrerIds,
    kept: (userId) => productStatements('referrer_totals', (q) => commissionHistory(q, { userId: userId as string, limit: 50, offset: 0 })),
    fromRows: (userId) => [{ text: `SELECT count(*)::int AS n, coalesce(sum(c.amount), 0)::text AS amount FROM commissions c WHERE c.referrer_id = $1`, values: [userId] }],
  },
  {
    table: 'bank_accounts.payment_count',
    serves: 'the bank accounts list with each payment count',
    goalMs: ADMIN_GOAL_MS,
    keys: ['all'],
    kept: () => productStatements('bank_accounts', (q) => listBankAccounts(q, {})),
    fromRows: (_key, kept) => [
      {
        ...sole(kept),
        text: replaced(sole(kept).text, 'SELECT b.* FROM bank_accounts b', 'SELECT b.id, (SELECT count(*)::int FROM payments p WHERE p.bank_account_id = b.id) AS payment_count FROM bank_accounts b'),
      },
    ],
    project: (a) => a.map((rows) => rows.map((r) => ({ id: r.id, payment_count: r.payment_count }))),
  },
  {
    table: 'member_oldest_unpaid',
    serves: 'the overdue members report, a page of 50 (unfiltered)',
    goalMs: ADMIN_GOAL_MS,
    keys: Array.from({ length: Math.min(20, Math.ceil(defaulterPages / 50)) }, (_, i) => i * 50),
    kept: (offset) =>
      productStatements('member_oldest_unpaid', (q) =>
        paymentReport({ db: q as Database, signer: undefined as unknown as ReceiptLinkSigner, today: () => day }, 'DEFAULTERS', { limit: 50, offset: offset as number }),
      ),
    // The report's own reading of a filtered scope (instalment-reports.ts), over every instalment.
    fromRows: (offset) => [
      {
        text: `WITH d AS (
           SELECT p.user_id, count(*)::int AS overdue_count, sum(p.amount) AS overdue_amount, min(p.due_date) AS oldest_due
           FROM payments p WHERE ${isOverdueSql(day)} GROUP BY p.user_id),
         page AS (SELECT d.*, count(*) OVER ()::int AS members FROM d ORDER BY d.oldest_due, d.user_id LIMIT $1 OFFSET $2)
         SELECT page.user_id, u.name, u.email, u.phone, page.overdue_count, page.overdue_amount::text AS overdue_amount, page.oldest_due::text AS oldest_due, page.members
         FROM page JOIN users u ON u.id = page.user_id ORDER BY page.oldest_due, page.user_id`,
        values: [50, offset],
      },
    ],
  },
  {
    table: 'plan_request_counts',
    serves: "the plan requests page's counters (admin)",
    goalMs: ADMIN_GOAL_MS,
    keys: ['all'],
    // plan-request-service.ts planRequestCounts, the admin's branch (the member's branch counts their own rows).
    kept: async () => [{ text: 'SELECT pending, paid, rejected, overdue, paid_amount::text FROM plan_request_counts', values: [] }],
    fromRows: () => [
      {
        text: `SELECT count(*) FILTER (WHERE status = 'PENDING')::int AS pending, count(*) FILTER (WHERE status = 'PAID')::int AS paid,
             count(*) FILTER (WHERE status = 'REJECTED')::int AS rejected, count(*) FILTER (WHERE status = 'OVERDUE')::int AS overdue,
             coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)::text AS paid_amount
           FROM payments WHERE type = 'SUBSCRIPTION'`,
        values: [],
      },
    ],
  },
  {
    table: 'referral_level_totals',
    serves: "the referral report's summary (all levels, or one)",
    goalMs: ADMIN_GOAL_MS,
    keys: [null, 1, 2, 3],
    kept: (level) =>
      productStatements('referral_level_totals', (q) => referralReport(q, { limit: 100, offset: 0, ...(level === null ? {} : { level: level as number }) })),
    fromRows: (level) => [
      {
        text: `SELECT r.total, r.l1, r.l2, r.l3, c.commission, c.pending, c.paid
           FROM (SELECT count(*)::int AS total, count(*) FILTER (WHERE level = 1)::int AS l1, count(*) FILTER (WHERE level = 2)::int AS l2,
                   count(*) FILTER (WHERE level = 3)::int AS l3
                 FROM referrals WHERE $1::int IS NULL OR level = $1) r,
                (SELECT coalesce(sum(amount), 0)::text AS commission, coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0)::text AS pending,
                   coalesce(sum(amount) FILTER (WHERE status = 'PAID'), 0)::text AS paid
                 FROM commissions WHERE $1::int IS NULL OR level = $1) c`,
        values: [level],
      },
    ],
  },
  {
    table: 'account_day_moves',
    serves: "one account's reconciliation of a month, day by day",
    goalMs: ADMIN_GOAL_MS,
    keys: accountIds.flatMap((account) => reconciliationMonths.map((month) => ({ account, month }))),
    kept: (key) => {
      const { account, month } = key as { account: string; month: string };
      return productStatements('account_day_moves', (q) => reconciliationReport(q, { bankAccountId: account, from: `${month}-01`, to: lastDayOf(month), by: 'day' }));
    },
    fromRows: (_key, kept) => [{ text: reconciliationFromRows('YYYY-MM-DD'), values: sole(kept).values }],
  },
  {
    table: 'account_day_moves',
    serves: "every account's reconciliation of a year, month by month",
    goalMs: ADMIN_GOAL_MS,
    keys: reconciliationYears,
    kept: (year) => productStatements('account_day_moves', (q) => reconciliationReport(q, { from: `${year as number}-01-01`, to: `${year as number}-12-31`, by: 'month' })),
    fromRows: (_year, kept) => [{ text: reconciliationFromRows('YYYY-MM'), values: sole(kept).values }],
  },
  {
    table: 'commission_month_moves',
    serves: "a month's pending commissions, count and total (pending commissions, bulk pay)",
    goalMs: ADMIN_GOAL_MS,
    keys: commissionMonths,
    kept: (period) => productStatements('commission_month_moves', (q) => pendingCommissions(q, period as { year: number; month: number }, { limit: 50, offset: 0 })),
    fromRows: (period) => {
      const { year, month } = period as { year: number; month: number };
      return [
        {
          text: `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM commissions WHERE status = 'PENDING' AND accrued_year = $1 AND accrued_month = $2`,
          values: [year, month],
        },
      ];
    },
  },
  {
    table: 'commission_month_moves',
    serves: 'every commission, count and total (the commissions list, unfiltered)',
    goalMs: ADMIN_GOAL_MS,
    keys: ['all'],
    kept: () => productStatements('commission_month_moves', (q) => commissionHistory(q, { limit: 50, offset: 0 })),
    fromRows: () => [{ text: 'SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM commissions', values: [] }],
  },
  {
    table: 'committee_groups.current_members',
    serves: "a committee's groups with their member counts",
    goalMs: MEMBER_GOAL_MS,
    keys: planIds,
    kept: (planId) => productStatements('current_members', (q) => committeeGroups(q, planId as string)),
    fromRows: (planId) => [
      {
        text: `SELECT g.id, g.group_number, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.status = 'ACTIVE') AS current_members,
             g.max_members, g.is_active
           FROM committee_groups g WHERE g.plan_id = $1 ORDER BY length(g.group_number), g.group_number`,
        values: [planId],
      },
    ],
  },
];

// ——— The writes ———

const underReview = await ids(
  `SELECT id FROM payments WHERE type = 'INSTALMENT' AND under_review AND status <> 'PAID' AND bank_account_id IS NOT NULL ORDER BY md5(id::text) LIMIT $1`,
  [WRITE_RUNS],
);
// Instalments under review of members someone referred: approving one accrues commissions.
const referredUnderReview = await ids(
  `SELECT p.id FROM payments p WHERE p.type = 'INSTALMENT' AND p.under_review AND p.status <> 'PAID'
     AND EXISTS (SELECT 1 FROM referrals r WHERE r.referred_user_id = p.user_id AND r.level = 3)
   ORDER BY md5(p.id::text) LIMIT $1`,
  [WRITE_RUNS],
);
const pendingPlanRequests = await ids(`SELECT id FROM payments WHERE type = 'SUBSCRIPTION' AND status = 'PENDING' ORDER BY md5(id::text) LIMIT $1`, [WRITE_RUNS]);

// The product's statements, as instalment-service.ts (applyStatus) and plan-request-service.ts (approvePlanRequest)
// send them.
const approveInstalment = (q: Queryable, id: string) =>
  q.query(
    `UPDATE payments SET status = 'PAID', payment_date = now(), approved_at = now(), under_review = false, reviewed_at = now(), reviewed_by = $2,
         rejection_reason = NULL, admin_notes = coalesce($3, admin_notes), updated_at = now() WHERE id = $1`,
    [id, adminId, null],
  );
const approve: WriteCase = { what: 'approving an instalment', targets: underReview, write: approveInstalment };
const reject: WriteCase = {
  what: 'rejecting an instalment',
  targets: underReview,
  write: (q, id) =>
    q.query(`UPDATE payments SET status = 'REJECTED', under_review = false, reviewed_at = now(), reviewed_by = $2, rejection_reason = $3, updated_at = now() WHERE id = $1`, [
      id,
      adminId,
      'The amount on the receipt cannot be read.',
    ]),
};
const accrue: WriteCase = { what: "accruing an approval's commissions", targets: referredUnderReview, before: approveInstalment, write: (q, id) => accrueCommissions(q, id) };
const approvePlanRequest: WriteCase = {
  what: 'approving a plan request',
  targets: pendingPlanRequests,
  write: (q, id) =>
    q.query(
      `UPDATE payments SET status = 'PAID', approved_at = now(), payment_date = now(), reviewed_by = $2, reviewed_at = now(), group_id = $3,
         admin_notes = $4, updated_at = now() WHERE id = $1`,
      [id, adminId, groupIds[0], null],
    ),
};

const on = (table: string, ...names: string[]) => names.map((name) => ({ table, name }));
const writes: Record<string, WriteMeasure | string> = {
  instalment_totals: { write: approve, triggers: on('payments', 'payments_totals_update') },
  instalment_plan_totals: { write: approve, triggers: on('payments', 'payments_totals_update') },
  referrer_totals: { write: accrue, triggers: on('commissions', 'commissions_referrer_totals_insert') },
  'bank_accounts.payment_count': { write: approve, triggers: on('payments', 'payments_bank_account_counts_update') },
  member_oldest_unpaid: { write: reject, triggers: on('payments', 'payments_member_oldest_unpaid_update') },
  plan_request_counts: { write: approvePlanRequest, triggers: on('payments', 'subscriptions_counted_update') },
  referral_level_totals: { write: accrue, triggers: on('commissions', 'commissions_level_totals_insert') },
  account_day_moves: { write: approve, triggers: on('payments', 'payments_account_day_update') },
  commission_month_moves: { write: accrue, triggers: on('commissions', 'commissions_month_moves_insert') },
  'committee_groups.current_members': 'no trigger: the membership service adds 1 in its own UPDATE of the locked group',
};

// Every kept figure's triggers on payments at once: what approving an instalment pays for all of them.
const everyPaymentTrigger: WriteMeasure = {
  write: approve,
  triggers: on('payments', 'payments_totals_update', 'payments_bank_account_counts_update', 'payments_member_oldest_unpaid_update', 'payments_account_day_update', 'subscriptions_counted_update'),
};
const everyCommissionTrigger: WriteMeasure = {
  write: accrue,
  triggers: on('commissions', 'commissions_referrer_totals_insert', 'commissions_level_totals_insert', 'commissions_month_moves_insert'),
};

// ——— Measure and print ———

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const lines: string[] = [];
const writeCache = new Map<string, { on: number; off: number }>();
async function writeCost(measure: WriteMeasure): Promise<{ on: number; off: number }> {
  const key = JSON.stringify([measure.write.what, measure.triggers]);
  if (!writeCache.has(key)) writeCache.set(key, await measureWrite(measure));
  return writeCache.get(key)!;
}

console.error(`Measuring ${reads.length} reads on ${args['database-url'].replace(/\/\/[^@]*@/, '//')} (business day ${day.today}) …`);
for (const c of reads) {
  const r = await measureRead(c);
  const [keptMedian, rowsMedian] = [median(r.keptMs), median(r.rowsMs)];
  const ratio = rowsMedian / keptMedian;
  const w = writes[c.table];
  let write = '';
  if (typeof w === 'string') write = w;
  else {
    const cost = await writeCost(w);
    write = `${w.write.what}: ${ms(cost.on)} / ${ms(cost.off)} ms`;
  }
  // Keep when the read from the rows alone would miss the request's goal, or costs more than twice the
  // kept read with real time at stake (a tenth of the goal or more); otherwise the table could go. On the
  // median: the p90 of a busy machine says more about the machine than about the read.
  const extra = rowsMedian - keptMedian;
  const keep = rowsMedian > c.goalMs || (ratio > 2 && extra >= c.goalMs / 10);
  const verdict = keep ? 'keep' : 'could go';
  const line = `| \`${c.table}\` | ${c.serves} (${c.goalMs === MEMBER_GOAL_MS ? 'member' : 'admin'}, ${c.keys.length} key${c.keys.length === 1 ? '' : 's'}) | ${ms(keptMedian)} / ${ms(quantile(r.keptMs, 0.9))} | ${ms(rowsMedian)} / ${ms(quantile(r.rowsMs, 0.9))} | ${ratio.toFixed(1)}× | ${write} | ${verdict} |`;
  lines.push(line);
  console.error(line);
}

const allPayments = await writeCost(everyPaymentTrigger);
const allCommissions = await writeCost(everyCommissionTrigger);
await client.end();

console.log(`Kept figures: what each saves (${new Date().toISOString().slice(0, 10)}, ${args['database-url'].replace(/^.*\//, '')}, business day ${day.today})`);
console.log('');
console.log('Reads: median / p90 ms of the statements of one request, each prepared and past its sixth run. Writes: median ms of the one statement, its triggers on / disabled.');
console.log('');
console.log('| table | the read it serves | kept read ms (median/p90) | from rows ms (median/p90) | ratio | write cost with/without its triggers | verdict |');
console.log('|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
console.log('');
console.log(`Every kept figure's triggers on payments at once, approving an instalment: ${ms(allPayments.on)} / ${ms(allPayments.off)} ms.`);
console.log(`Every kept figure's triggers on commissions at once, accruing an approval's commissions: ${ms(allCommissions.on)} / ${ms(allCommissions.off)} ms.`);
