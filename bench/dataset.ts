/**
 * The benchmark's dataset, generated inside PostgreSQL with generate_series: set-based statements, no
 * per-row inserts from Node, so 10k members take seconds and 100k minutes. Deterministic: the same
 * member count gives the same rows (ids are md5-derived UUIDs), dated relative to the month it is
 * generated in (Asia/Karachi), so that instalments fall in every state. See docs/performance.md.
 *
 * Shape: N members + one admin; ceil(N/50) groups of 50 over 10 plans of 48 months (5,000 to 27,500 a
 * month), their start months spread over the last four years; for each member one approved plan
 * request (subscription) and the 48-month schedule (past months mostly PAID with a receipt, some under
 * review, refused or overdue; future months scheduled); referrals three levels deep (member i referred
 * by member floor(i/3)); commissions on every subscription and on instalments paid in the last two
 * months; 10 notifications per member; about 10 audit rows per member; two winners per group.
 */
import type pg from 'pg';
import { BUSINESS_TIME_ZONE } from '../contract/business-time.ts';
import { foldKeptMovesSql } from '../server/db/kept-moves.ts';

/** Members per group and the plans' shape: the capacity check and the schedule follow from them. */
const GROUP_SIZE = 50;
const PLANS = 10;
const DURATION = 48;
/** Members per chunk of the big statements: keeps each statement's pending foreign-key checks small. */
const CHUNK = 2_000;

export type Progress = (message: string) => void;

export async function generateDataset(client: pg.Client, members: number, passwordHash: string, log: Progress): Promise<void> {
  if (!Number.isInteger(members) || members < 1) throw new Error('members must be a positive integer');
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    const result = await client.query(sql, params);
    const rows = Array.isArray(result) ? '' : result.rowCount ? ` ${result.rowCount} rows` : '';
    log(`  ${label}:${rows} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };

  await step('helpers', helpersSql(members));
  await step('admin', adminSql, [passwordHash]);
  await step('bank accounts, plans, groups', catalogSql);
  await step('members', membersSql, [passwordHash]);
  await step('group members', groupMembersSql);
  for (let lo = 1; lo <= members; lo += CHUNK) {
    const hi = Math.min(members, lo + CHUNK - 1);
    await step(`payments and receipts of members ${lo}-${hi}`, paymentsSql, [lo, hi]);
  }
  await step('referrals', referralsSql);
  await step('commissions to add', commissionsSql);
  // In parts by referrer: each statement takes one advisory lock per referrer (referrer_totals_lock in
  // migration 017), and the server's lock table holds a few thousand at a time.
  const parts = Math.ceil(members / CHUNK);
  for (let part = 0; part < parts; part++) await step(`commissions, part ${part + 1} of ${parts}`, commissionsInsertSql, [parts, part]);
  await step('winners', winnersSql);
  for (let lo = 1; lo <= members; lo += CHUNK * 5) {
    const hi = Math.min(members, lo + CHUNK * 5 - 1);
    await step(`notifications of members ${lo}-${hi}`, memberNotificationsSql, [lo, hi]);
  }
  await step("admin's notifications", adminNotificationsSql);
  await step('audit log', auditSql);
  // As the hourly clean-up does (server/db/kept-moves.ts): figures kept as moves, one row per key.
  await step('kept moves folded', foldKeptMovesSql);
  // What autovacuum does to a live database: statistics, hint bits and the visibility map.
  await step('vacuum analyze', 'VACUUM (ANALYZE)');
}

/**
 * pg_temp objects live only in this session: the product's schema gets nothing extra. bench_id makes a
 * deterministic version-4-shaped UUID from a key; roll a deterministic number 0-99 per member and month.
 */
const helpersSql = (members: number) => `
CREATE FUNCTION pg_temp.bench_id(key text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
  $$ SELECT overlay(overlay(md5(key) placing '4' from 13) placing '8' from 17)::uuid $$;
CREATE FUNCTION pg_temp.roll(a int, b int) RETURNS int LANGUAGE sql IMMUTABLE AS
  $$ SELECT (hashtext(a || ':' || b) & 2147483647) % 100 $$;

CREATE TEMP TABLE bench_params AS SELECT
  ${members}::int AS members,
  date_trunc('month', now() AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date AS m0,
  (now() AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date AS today,
  pg_temp.bench_id('user:0') AS admin_id,
  pg_temp.bench_id('bank:1') AS bank_id,
  jsonb_build_object('accountName', 'Umrah Committee Trust', 'accountNumber', '01010000000001', 'bankName', 'Meezan Bank',
    'accountType', 'Current', 'iban', 'PK36MEZN0000000000000001', 'branchName', 'Main Branch') AS snapshot,
  (SELECT id FROM commission_rules ORDER BY created_at DESC, id DESC LIMIT 1) AS rules_id;

-- Group g: plan g % 10 + 1, started s months before this month (s spread over 0..47).
CREATE TEMP TABLE bench_group AS
SELECT g, pg_temp.bench_id('group:' || g) AS id, g % ${PLANS} + 1 AS plan_no, pg_temp.bench_id('plan:' || (g % ${PLANS} + 1)) AS plan_id,
  (g / ${PLANS} + 1)::text AS group_number, s, (p.m0 - make_interval(months => s))::date AS start_date,
  least(${GROUP_SIZE}, p.members - g * ${GROUP_SIZE}) AS members, 5000 + 2500 * (g % ${PLANS}) AS monthly
FROM bench_params p, generate_series(0, (p.members - 1) / ${GROUP_SIZE}) AS g, LATERAL (SELECT (24 + 37 * g) % ${DURATION} AS s) AS x;

-- Member i (1..N): group (i-1)/50, member number (i-1)%50+1; joined 12 days and approved 5 days before the start.
CREATE TEMP TABLE bench_member AS
SELECT i, pg_temp.bench_id('user:' || i) AS user_id, bg.g, bg.id AS group_id, bg.plan_id, bg.plan_no, (i - 1) % ${GROUP_SIZE} + 1 AS member_number,
  bg.start_date, bg.s, bg.monthly,
  (bg.start_date - 12)::timestamptz + make_interval(secs => i % 86400) AS joined_at,
  (bg.start_date - 5)::timestamptz + make_interval(hours => 9, secs => i % 28800) AS approved_at
FROM bench_params p, generate_series(1, p.members) AS i JOIN bench_group bg ON bg.g = (i - 1) / ${GROUP_SIZE};
CREATE INDEX ON bench_member (i);
ANALYZE bench_member;
`;

const adminSql = `
INSERT INTO users (id, name, email, phone, password_hash, role, referral_code, email_verified_at, last_login_at, created_at, updated_at)
SELECT admin_id, 'Bench Admin', 'admin@bench.example', '03000000000', $1, 'ADMIN', 'ZZZZZZZZ',
  m0 - interval '5 years', now(), m0 - interval '5 years', m0 - interval '5 years'
FROM bench_params`;

const catalogSql = `
INSERT INTO bank_accounts (id, account_name, account_number, bank_name, account_type, branch_code, branch_name, iban, is_active, is_default, created_at, updated_at)
SELECT pg_temp.bench_id('bank:' || k), 'Umrah Committee Trust', '010100000000' || lpad(k::text, 2, '0'), (ARRAY['Meezan Bank', 'HBL'])[k], 'Current',
  '010' || k, 'Main Branch', 'PK36MEZN' || lpad(k::text, 16, '0'), true, k = 1, m0 - interval '5 years', m0 - interval '5 years'
FROM bench_params, generate_series(1, 2) AS k;

INSERT INTO committee_plans (id, name, description, package_type, monthly_amount, duration, total_amount, max_members, benefits, is_active, created_by, created_at, updated_at)
SELECT pg_temp.bench_id('plan:' || k), 'Umrah Plan ' || k, 'Save every month for four years; each month one member travels for Umrah.',
  (ARRAY['economy', 'premium', 'luxury'])[1 + (k - 1) % 3], 5000 + 2500 * (k - 1), ${DURATION}, (5000 + 2500 * (k - 1)) * ${DURATION}, ${GROUP_SIZE},
  '["Return flights", "Visa processing", "Hotel near the Haram"]'::jsonb, true, admin_id, m0 - interval '5 years', m0 - interval '5 years'
FROM bench_params, generate_series(1, ${PLANS}) AS k;

INSERT INTO committee_groups (id, plan_id, group_number, group_name, max_members, current_members, next_member_number, start_date, end_date, is_active, created_at, updated_at)
SELECT id, plan_id, group_number, 'Umrah Plan ' || plan_no || ' - Group ' || group_number, ${GROUP_SIZE}, members, members + 1,
  start_date, (start_date + make_interval(months => ${DURATION}))::date, true, start_date - 30, start_date - 30
FROM bench_group`;

const FIRST_NAMES = ['Ahmed', 'Fatima', 'Muhammad', 'Ayesha', 'Ali', 'Zainab', 'Hassan', 'Maryam', 'Usman', 'Khadija', 'Bilal', 'Sana', 'Imran', 'Hina', 'Omar', 'Amna', 'Hamza', 'Rabia', 'Tariq', 'Nadia', 'Faisal', 'Sadia', 'Kamran', 'Iqra'];
const LAST_NAMES = ['Khan', 'Malik', 'Qureshi', 'Sheikh', 'Butt', 'Chaudhry', 'Raza', 'Siddiqui', 'Hussain', 'Iqbal', 'Javed', 'Akhtar', 'Mirza', 'Anwar', 'Baig', 'Farooq', 'Hashmi', 'Rana', 'Zaidi', 'Abbasi'];
const sqlArray = (items: string[]) => `ARRAY[${items.map((s) => `'${s}'`).join(', ')}]`;

// Codes from the product's alphabet (no 0, 1, I, L, O): the member number's digits spelled A-K.
// One member in 200 is blocked (with its audit row, written with the audit log below).
const membersSql = `
INSERT INTO users (id, name, email, phone, cnic, password_hash, role, referral_code, is_active, is_blocked, blocked_reason,
  email_verified_at, last_login_at, created_at, updated_at)
SELECT user_id,
  (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
  'member' || i || '@bench.example', '03' || lpad((i % 1000000000)::text, 9, '0'), '35202' || lpad(i::text, 8, '0'), $1, 'USER',
  'M' || translate(lpad(i::text, 7, '0'), '0123456789', 'ABCDEFGHJK'), true, i % 200 = 199,
  CASE WHEN i % 200 = 199 THEN 'Repeated missed payments' END,
  joined_at, now() - make_interval(hours => i % 720), joined_at, joined_at
FROM bench_member`;

const groupMembersSql = `
INSERT INTO group_members (id, group_id, user_id, member_number, status, joined_at)
SELECT pg_temp.bench_id('gm:' || i), group_id, user_id, member_number, 'ACTIVE', approved_at FROM bench_member`;

/**
 * One statement per chunk of members: their receipts, plan requests and instalments together, because
 * payments and receipts point at each other (payments.receipt_id, receipts.payment_id) and foreign keys
 * are checked at the end of the statement. A month's fate: the first month is settled by the approved
 * plan request; months after this one are scheduled; past months are mostly PAID, the rest under review,
 * refused or unpaid (OVERDUE once past the grace day, as the overdue job records it); the last three
 * months have more of those. One member in 100 also has a plan request for another plan waiting.
 */
const paymentsSql = `
WITH p AS (SELECT * FROM bench_params),
m AS (SELECT * FROM bench_member WHERE i BETWEEN $1 AND $2),
sched AS (
  SELECT m.i, m.user_id, m.plan_id, m.group_id, m.monthly, m.approved_at, n, d.due, d.r,
    CASE
      WHEN n = 0 THEN 'SETTLED'
      WHEN d.due > p.m0 THEN 'SCHEDULED'
      WHEN d.r < CASE WHEN d.recent THEN 60 ELSE 90 END THEN 'PAID'
      WHEN d.r < CASE WHEN d.recent THEN 80 ELSE 92 END THEN 'REVIEW'
      WHEN d.r < CASE WHEN d.recent THEN 88 ELSE 95 END THEN 'REJECTED'
      ELSE 'UNPAID'
    END AS fate,
    d.due + 9 < p.today AS past_grace
  FROM p, m, generate_series(0, ${DURATION - 1}) AS n,
    LATERAL (SELECT (m.start_date + make_interval(months => n))::date AS due, pg_temp.roll(m.i, n) AS r,
                    m.start_date + make_interval(months => n) >= p.m0 - interval '2 months' AS recent) AS d
),
inst AS (
  SELECT sched.*, pg_temp.bench_id('inst:' || i || ':' || n) AS id,
    CASE WHEN fate = 'SETTLED' THEN pg_temp.bench_id('rcpt:' || i || ':sub')
         WHEN fate IN ('PAID', 'REVIEW', 'REJECTED') THEN pg_temp.bench_id('rcpt:' || i || ':' || n) END AS receipt_id,
    CASE fate
      WHEN 'SETTLED' THEN approved_at
      WHEN 'REVIEW' THEN now() - make_interval(hours => 1 + (i + n * 13) % 240)
      WHEN 'PAID' THEN least(due + make_interval(days => r % 9, hours => 10), now() - interval '2 hours')
      WHEN 'REJECTED' THEN least(due + make_interval(days => r % 9, hours => 10), now() - interval '2 hours')
    END AS submitted_at
  FROM sched
),
done AS (
  SELECT inst.*,
    CASE WHEN fate IN ('PAID', 'REJECTED') THEN least(submitted_at + make_interval(days => 1 + r % 3), now() - interval '1 hour') END AS reviewed_at
  FROM inst
),
new_receipts AS (
  INSERT INTO receipts (id, owner_id, payment_id, storage_key, original_name, content_type, size_bytes, payment_method, outcome, outcome_reason, reviewed_at, reviewed_by, created_at)
  SELECT receipt_id, user_id, id, 'bench/' || receipt_id || '.jpg', 'receipt-' || to_char(due, 'YYYY-MM') || '.jpg', 'image/jpeg', 100000 + r * 1500, 'BANK_TRANSFER',
    CASE fate WHEN 'PAID' THEN 'ACCEPTED' WHEN 'REJECTED' THEN 'REFUSED' END,
    CASE WHEN fate = 'REJECTED' THEN 'The amount on the receipt cannot be read.' END,
    reviewed_at, CASE WHEN reviewed_at IS NOT NULL THEN p.admin_id END, submitted_at
  FROM done, p WHERE fate IN ('PAID', 'REVIEW', 'REJECTED')
  UNION ALL
  SELECT pg_temp.bench_id('rcpt:' || i || ':sub'), user_id, pg_temp.bench_id('sub:' || i), 'bench/' || pg_temp.bench_id('rcpt:' || i || ':sub') || '.jpg',
    'plan-request.jpg', 'image/jpeg', 180000, NULL, 'ACCEPTED', NULL, approved_at, p.admin_id, approved_at - interval '2 days'
  FROM m, p
  UNION ALL
  SELECT pg_temp.bench_id('rcpt:' || i || ':req'), user_id, pg_temp.bench_id('req:' || i), 'bench/' || pg_temp.bench_id('rcpt:' || i || ':req') || '.jpg',
    'plan-request.jpg', 'image/jpeg', 180000, NULL, NULL, NULL, NULL, NULL, now() - make_interval(days => i % 20, hours => 3)
  FROM m WHERE i % 100 = 50
),
new_plan_requests AS (
  INSERT INTO payments (id, type, user_id, plan_id, group_id, amount, status, payment_method, bank_account_id, bank_account_snapshot, receipt_id,
    submitted_at, payment_date, approved_at, reviewed_at, reviewed_by, created_at, updated_at)
  SELECT pg_temp.bench_id('sub:' || i), 'SUBSCRIPTION', user_id, plan_id, group_id, monthly, 'PAID', 'BANK_TRANSFER', p.bank_id, p.snapshot,
    pg_temp.bench_id('rcpt:' || i || ':sub'), approved_at - interval '2 days', approved_at, approved_at, approved_at, p.admin_id,
    approved_at - interval '2 days', approved_at
  FROM m, p
  UNION ALL
  SELECT pg_temp.bench_id('req:' || i), 'SUBSCRIPTION', user_id, pg_temp.bench_id('plan:' || (plan_no % ${PLANS} + 1)), NULL, 5000 + 2500 * (plan_no % ${PLANS}),
    'PENDING', 'BANK_TRANSFER', p.bank_id, p.snapshot, pg_temp.bench_id('rcpt:' || i || ':req'),
    now() - make_interval(days => i % 20, hours => 3), NULL, NULL, NULL, NULL,
    now() - make_interval(days => i % 20, hours => 3), now() - make_interval(days => i % 20, hours => 3)
  FROM m, p WHERE i % 100 = 50
)
INSERT INTO payments (id, type, user_id, plan_id, group_id, month, year, due_date, amount, status, payment_method, bank_account_id, bank_account_snapshot,
  receipt_id, rejection_reason, submitted_at, payment_date, approved_at, reviewed_at, reviewed_by, settled_by_payment_id, under_review,
  overdue_notified_at, created_at, updated_at)
SELECT id, 'INSTALMENT', user_id, plan_id, group_id, extract(month FROM due)::int, extract(year FROM due)::int, due, monthly,
  CASE fate WHEN 'SETTLED' THEN 'PAID' WHEN 'PAID' THEN 'PAID' WHEN 'REJECTED' THEN 'REJECTED'
            WHEN 'UNPAID' THEN CASE WHEN past_grace THEN 'OVERDUE' ELSE 'PENDING' END ELSE 'PENDING' END,
  'BANK_TRANSFER',
  CASE WHEN fate IN ('PAID', 'REVIEW', 'REJECTED') THEN p.bank_id END,
  CASE WHEN fate IN ('PAID', 'REVIEW', 'REJECTED') THEN p.snapshot END,
  receipt_id,
  CASE WHEN fate = 'REJECTED' THEN 'The amount on the receipt cannot be read.' END,
  submitted_at,
  CASE fate WHEN 'SETTLED' THEN approved_at WHEN 'PAID' THEN reviewed_at END,
  CASE fate WHEN 'SETTLED' THEN approved_at WHEN 'PAID' THEN reviewed_at END,
  reviewed_at,
  CASE WHEN fate IN ('SETTLED', 'PAID', 'REJECTED') THEN p.admin_id END,
  CASE WHEN fate = 'SETTLED' THEN pg_temp.bench_id('sub:' || i) END,
  fate = 'REVIEW',
  CASE WHEN fate IN ('UNPAID', 'REJECTED') AND past_grace THEN least(greatest(due + interval '10 days 1 hour', reviewed_at), now()) END,
  approved_at,
  greatest(approved_at, submitted_at, reviewed_at)
FROM done, p`;

// Member i was referred by member i/3; levels 2 and 3 are the referrer's own referrers (i/9, i/27).
const referralsSql = `
INSERT INTO referrals (id, referrer_id, referred_user_id, level, status, created_at, activated_at)
SELECT pg_temp.bench_id('ref:' || m.i || ':' || l), pg_temp.bench_id('user:' || (m.i / (3 ^ l)::int)), m.user_id, l, 'ACTIVE', m.joined_at, m.approved_at
FROM bench_member m, generate_series(1, 3) AS l
WHERE m.i / (3 ^ l)::int >= 1`;

/**
 * The product's accrual (commission-service.ts accrueCommissions) for every approved plan request and for
 * instalments approved since the start of last month. Months before last month were paid out in monthly
 * batches (with their audit rows, written with the audit log below); the rest is PENDING.
 */
const commissionsSql = `
CREATE TEMP TABLE bench_commission AS
SELECT pg_temp.bench_id('com:' || pay.id || ':' || ref.level) AS id, ref.id AS referral_id, ref.referrer_id, ref.referred_user_id,
  pay.id AS payment_id, pay.plan_id, ref.level, pay.amount AS payment_amount, x.rate,
  LEAST(GREATEST(round(pay.amount * x.rate, 2), rules.minimum_commission), rules.maximum_commission) AS amount, rules.id AS rules_id,
  extract(year FROM x.accrued_local)::int AS accrued_year, extract(month FROM x.accrued_local)::int AS accrued_month, pay.approved_at AS accrued_at,
  date_trunc('month', x.accrued_local)::date < p.m0 - interval '1 month' AS paid
FROM payments pay
JOIN referrals ref ON ref.referred_user_id = pay.user_id
CROSS JOIN bench_params p
JOIN commission_rules rules ON rules.id = p.rules_id
CROSS JOIN LATERAL (SELECT CASE ref.level WHEN 1 THEN rules.level1_rate WHEN 2 THEN rules.level2_rate ELSE rules.level3_rate END AS rate,
                           pay.approved_at AT TIME ZONE '${BUSINESS_TIME_ZONE}' AS accrued_local) AS x
WHERE pay.status = 'PAID' AND pay.settled_by_payment_id IS NULL AND x.rate > 0
  AND (pay.type = 'SUBSCRIPTION' OR pay.approved_at >= (p.m0 - interval '1 month') AT TIME ZONE '${BUSINESS_TIME_ZONE}');

INSERT INTO commission_batches (id, month, year, total_payments, total_amount, payment_method, transaction_id, status, created_by, created_at)
SELECT pg_temp.bench_id('batch:' || accrued_year || ':' || accrued_month), accrued_month, accrued_year, count(*), sum(amount), 'BANK_TRANSFER',
  'TXN-' || accrued_year || lpad(accrued_month::text, 2, '0'), 'COMPLETED', p.admin_id,
  make_date(accrued_year, accrued_month, 1) + interval '1 month 5 days 11 hours'
FROM bench_commission, bench_params p WHERE paid GROUP BY accrued_year, accrued_month, p.admin_id`;

const commissionsInsertSql = `
INSERT INTO commissions (id, referral_id, referrer_id, referred_user_id, payment_id, plan_id, level, payment_amount, rate, amount, rules_id,
  accrued_year, accrued_month, accrued_at, status, batch_id, paid_at, payment_method, transaction_id, user_confirmed, confirmed_at)
SELECT c.id, referral_id, referrer_id, referred_user_id, payment_id, plan_id, level, payment_amount, rate, amount, rules_id,
  accrued_year, accrued_month, accrued_at,
  CASE WHEN paid THEN 'PAID' ELSE 'PENDING' END, b.id, b.created_at, b.payment_method, b.transaction_id,
  paid AND level <> 3, CASE WHEN paid AND level <> 3 THEN b.created_at + interval '2 days' END
FROM bench_commission c
LEFT JOIN commission_batches b ON paid AND b.year = c.accrued_year AND b.month = c.accrued_month
WHERE (hashtext(c.referrer_id::text) & 2147483647) % $1 = $2`;

// Two draws per group that has reached them: its second and third months (the first one paid out).
const winnersSql = `
WITH draw AS (
  SELECT bg.*, k AS n, (bg.start_date + make_interval(months => k))::date AS due
  FROM bench_group bg, generate_series(1, 2) AS k
)
INSERT INTO winners (id, plan_id, group_id, user_id, month, year, amount, payment_type, status, selected_by, selected_at, paid_at, updated_at)
SELECT pg_temp.bench_id('winner:' || w.g || ':' || w.n), w.plan_id, w.id, gm.user_id, extract(month FROM w.due)::int, extract(year FROM w.due)::int,
  w.monthly * ${DURATION}, 'UMRAH', CASE WHEN w.n = 1 THEN 'PAID' ELSE 'SELECTED' END, p.admin_id,
  least(w.due + interval '14 days', now()), CASE WHEN w.n = 1 THEN least(w.due + interval '40 days', now()) END,
  least(w.due + CASE WHEN w.n = 1 THEN interval '40 days' ELSE interval '14 days' END, now())
FROM draw w
JOIN group_members gm ON gm.group_id = w.id AND gm.member_number = (w.g * 7 + w.n) % w.members + 1
CROSS JOIN bench_params p
WHERE w.due <= p.m0 AND w.members > 1`;

// Ten per member over the last months, the three newest unread; the oldest tells of the approval.
const memberNotificationsSql = `
INSERT INTO notifications (user_id, type, title, message, data, read_at, created_at)
SELECT m.user_id, t.type, t.title, t.message, jsonb_build_object('paymentId', pg_temp.bench_id('inst:' || m.i || ':' || greatest(m.s - k + 1, 0))),
  CASE WHEN k > 3 THEN x.at + interval '1 day' END, x.at
FROM bench_member m, bench_params p, generate_series(1, 10) AS k,
  LATERAL (SELECT CASE WHEN k = 10 THEN m.approved_at ELSE greatest(m.approved_at, now() - make_interval(days => (k - 1) * 12 + m.i % 7, hours => m.i % 24)) END AS at,
                  to_char(p.m0 - make_interval(months => k - 1), 'FMMonth YYYY') AS period) AS x,
  LATERAL (SELECT
    CASE WHEN k = 10 THEN 'PLAN_REQUEST_APPROVED' WHEN k IN (3, 7) THEN 'INSTALMENT_OVERDUE' WHEN k = 5 THEN 'INSTALMENT_REJECTED'
         WHEN k = 9 THEN 'COMMISSION_PAID' ELSE 'INSTALMENT_APPROVED' END AS type,
    CASE WHEN k = 10 THEN 'Plan request approved' WHEN k IN (3, 7) THEN 'Payment overdue' WHEN k = 5 THEN 'Payment rejected'
         WHEN k = 9 THEN 'Commission paid' ELSE 'Payment approved' END AS title,
    CASE WHEN k = 10 THEN 'Your request for Umrah Plan ' || m.plan_no || ' was approved. You are member ' || m.member_number || '.'
         WHEN k IN (3, 7) THEN 'Your payment for ' || x.period || ' is overdue. Please pay it as soon as you can.'
         WHEN k = 5 THEN 'Your payment for ' || x.period || ' was not approved: The amount on the receipt cannot be read. Please send a new receipt.'
         WHEN k = 9 THEN 'Your referral commission for ' || x.period || ' was paid.'
         ELSE 'Your payment for ' || x.period || ' was approved. JazakAllah khair.' END AS message) AS t
WHERE m.i BETWEEN $1 AND $2`;

// What notifyAdmins writes: one per receipt waiting for review and one per plan request waiting.
const adminNotificationsSql = `
INSERT INTO notifications (user_id, type, title, message, data, created_at)
SELECT p.admin_id, 'INSTALMENT_SUBMITTED', 'New instalment receipt',
  'A member sent the receipt for ' || to_char(make_date(pay.year, pay.month, 1), 'FMMonth YYYY') || ', Group ' || g.group_number || '.',
  jsonb_build_object('paymentId', pay.id), pay.submitted_at
FROM payments pay JOIN committee_groups g ON g.id = pay.group_id, bench_params p WHERE pay.under_review
UNION ALL
SELECT p.admin_id, 'PLAN_REQUEST_NEW', 'New plan request', 'A member asked to join ' || pl.name || '.',
  jsonb_build_object('paymentId', pay.id, 'planId', pl.id), pay.created_at
FROM payments pay JOIN committee_plans pl ON pl.id = pay.plan_id, bench_params p WHERE pay.type = 'SUBSCRIPTION' AND pay.status = 'PENDING'`;

/**
 * Insert only: the audit log refuses UPDATE, DELETE and TRUNCATE. One row per admin record (plans, bank
 * accounts, groups, approved plan requests, winners, payout batches, blocks), every refused receipt, and
 * the receipts approved in the last ten months: about ten rows per member.
 */
const auditSql = `
INSERT INTO audit_log (actor_id, action, entity_type, entity_id, before_data, after_data, ip, created_at)
SELECT p.admin_id, 'PLAN_CREATE', 'plan', pl.id::text, NULL::jsonb, jsonb_build_object('name', pl.name, 'monthlyAmount', pl.monthly_amount), '203.0.113.10', pl.created_at
FROM committee_plans pl, bench_params p
UNION ALL
SELECT p.admin_id, 'BANK_ACCOUNT_CREATE', 'bank_account', b.id::text, NULL, jsonb_build_object('bankName', b.bank_name), '203.0.113.10', b.created_at
FROM bank_accounts b, bench_params p
UNION ALL
SELECT p.admin_id, 'GROUP_CREATE', 'group', g.id::text, NULL, jsonb_build_object('groupNumber', g.group_number, 'startDate', g.start_date), '203.0.113.10', g.created_at
FROM committee_groups g, bench_params p
UNION ALL
SELECT p.admin_id, 'PLAN_REQUEST_APPROVE', 'payment', pay.id::text, '{"status": "PENDING"}'::jsonb,
  jsonb_build_object('status', 'PAID', 'groupId', pay.group_id), '203.0.113.' || (1 + abs(hashtext(pay.id::text)) % 250), pay.approved_at
FROM payments pay, bench_params p WHERE pay.type = 'SUBSCRIPTION' AND pay.status = 'PAID'
UNION ALL
SELECT p.admin_id, 'PAYMENT_' || pay.status, 'payment', pay.id::text, '{"status": "PENDING", "underReview": true}'::jsonb,
  jsonb_build_object('status', pay.status, 'reason', pay.rejection_reason), '203.0.113.' || (1 + abs(hashtext(pay.id::text)) % 250), pay.reviewed_at
FROM payments pay, bench_params p
WHERE pay.type = 'INSTALMENT' AND pay.settled_by_payment_id IS NULL
  AND (pay.status = 'REJECTED' OR (pay.status = 'PAID' AND pay.reviewed_at >= p.m0 - interval '10 months'))
UNION ALL
SELECT p.admin_id, 'USER_BLOCK', 'user', u.id::text, '{"isBlocked": false}'::jsonb, jsonb_build_object('isBlocked', true, 'reason', u.blocked_reason), '203.0.113.10', u.updated_at
FROM users u, bench_params p WHERE u.is_blocked
UNION ALL
SELECT p.admin_id, 'WINNER_SELECT', 'winner', w.id::text, NULL, jsonb_build_object('month', w.month, 'year', w.year, 'userId', w.user_id), '203.0.113.10', w.selected_at
FROM winners w, bench_params p
UNION ALL
SELECT p.admin_id, 'COMMISSION_BATCH_PAY', 'commission_batch', b.id::text, NULL, jsonb_build_object('month', b.month, 'year', b.year, 'totalAmount', b.total_amount), '203.0.113.10', b.created_at
FROM commission_batches b, bench_params p`;
