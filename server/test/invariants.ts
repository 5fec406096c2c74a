/**
 * The rules that must hold in the database after anything the API does, whatever was retried, raced
 * or refused. The server suite checks them after every test (server/test/check-invariants.ts), so a
 * test that leaves a broken state fails even when its own assertions pass. One round trip: each rule
 * is a query that returns one line per violation. The kept figures' own checks (db/kept-figures.ts) are
 * among them; `npm run check-figures` runs those on any database.
 */
import type { Queryable } from '../db/database.ts';
import { keptFigureChecks } from '../db/kept-figures.ts';

const rules: Record<string, string> = {
  'group over capacity': `
    SELECT g.id::text AS subject FROM committee_groups g
    WHERE g.current_members > g.max_members
       OR (SELECT count(*) FROM group_members m WHERE m.group_id = g.id AND m.status = 'ACTIVE') > g.max_members`,

  'group member counter differs from its members': `
    SELECT g.id::text FROM committee_groups g
    WHERE g.current_members <> (SELECT count(*) FROM group_members m WHERE m.group_id = g.id AND m.status = 'ACTIVE')`,

  // A member who left a group (removed, or moved out) says when and why; moved, to a group of the same plan.
  'member left a group without when and why': `
    SELECT m.id::text FROM group_members m
    LEFT JOIN committee_groups g ON g.id = m.group_id LEFT JOIN committee_groups t ON t.id = m.moved_to_group_id
    WHERE (m.status = 'DROPPED') <> (m.left_at IS NOT NULL AND m.left_reason IS NOT NULL)
       OR (m.moved_to_group_id IS NOT NULL AND t.plan_id <> g.plan_id)`,

  // A member moved out of a group took every instalment with them.
  'instalment left behind in a group the member moved out of': `
    SELECT p.id::text FROM payments p JOIN group_members m ON m.group_id = p.group_id AND m.user_id = p.user_id
    WHERE p.type = 'INSTALMENT' AND m.moved_to_group_id IS NOT NULL`,

  // A counter-entry reverses one live commission exactly: same payment, level and period, the opposite amount.
  'commission reversal differs from what it reverses': `
    SELECT c.id::text FROM commissions c JOIN commissions o ON o.id = c.reverses_commission_id
    WHERE o.reversed_at IS NULL OR o.reverses_commission_id IS NOT NULL OR c.amount <> -o.amount OR c.payment_id <> o.payment_id
       OR c.level <> o.level OR c.accrued_year <> o.accrued_year OR c.accrued_month <> o.accrued_month OR c.referrer_id <> o.referrer_id
    UNION ALL
    SELECT o.id::text FROM commissions o WHERE o.reversed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM commissions c WHERE c.reverses_commission_id = o.id)`,

  // Only an approval undone reverses commissions: their payment is no longer paid, or was approved again after.
  'commission reversed while its approval stands': `
    SELECT o.id::text FROM commissions o JOIN payments p ON p.id = o.payment_id
    WHERE o.reversed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = p.id::text AND a.action = 'PAYMENT_APPROVAL_UNDONE')`,

  'two winners for one group and month': `
    SELECT group_id::text || ' ' || year || '-' || month FROM winners WHERE status <> 'CANCELLED'
    GROUP BY group_id, year, month HAVING count(*) > 1`,

  'a member with two wins in one group': `
    SELECT group_id::text || ' ' || user_id::text FROM winners WHERE status <> 'CANCELLED'
    GROUP BY group_id, user_id HAVING count(*) > 1`,

  // Each commission matches the rules it names, the payment it came from and the referral behind it.
  'commission differs from its rules': `
    SELECT c.id::text FROM commissions c
    JOIN commission_rules r ON r.id = c.rules_id
    JOIN payments p ON p.id = c.payment_id
    JOIN referrals ref ON ref.id = c.referral_id
    WHERE c.rate <> CASE c.level WHEN 1 THEN r.level1_rate WHEN 2 THEN r.level2_rate ELSE r.level3_rate END
       OR (c.payment_amount <> p.amount AND c.reverses_commission_id IS NULL AND c.reversed_at IS NULL)
       OR c.amount <> CASE WHEN c.reverses_commission_id IS NULL THEN 1 ELSE -1 END * LEAST(GREATEST(round(c.payment_amount * c.rate, 2), r.minimum_commission), r.maximum_commission)
       OR ref.referrer_id <> c.referrer_id OR ref.referred_user_id <> p.user_id OR ref.level <> c.level`,

  // Every payment an admin approved carries one commission per referral level whose rate was above
  // zero in the rules in force when it was approved (the newest rules created before approval).
  'approved payment without its commissions': `
    SELECT p.id::text FROM payments p
    CROSS JOIN LATERAL (
      SELECT * FROM commission_rules r WHERE r.created_at <= p.approved_at ORDER BY r.created_at DESC, r.id DESC LIMIT 1
    ) rules
    WHERE p.status = 'PAID' AND p.settled_by_payment_id IS NULL AND p.approved_at IS NOT NULL
      AND (SELECT count(*) FROM commissions c WHERE c.payment_id = p.id AND c.rules_id = rules.id AND c.reverses_commission_id IS NULL AND c.reversed_at IS NULL)
       <> (SELECT count(*) FROM referrals ref WHERE ref.referred_user_id = p.user_id
             AND CASE ref.level WHEN 1 THEN rules.level1_rate WHEN 2 THEN rules.level2_rate ELSE rules.level3_rate END > 0)`,

  'commission batch totals differ from its commissions': `
    SELECT b.id::text FROM commission_batches b
    LEFT JOIN commissions c ON c.batch_id = b.id
    GROUP BY b.id HAVING b.total_payments <> count(c.id) OR b.total_amount <> coalesce(sum(c.amount), 0)`,

  'commission paid outside its batch': `
    SELECT c.id::text FROM commissions c JOIN commission_batches b ON b.id = c.batch_id
    WHERE c.status <> 'PAID' OR c.paid_at IS NULL`,

  // Admin changes and their audit rows (RULES §11): each record an admin made or decided has one.
  'admin decision on a payment without its audit row': `
    SELECT p.id::text FROM payments p
    WHERE ((p.status = 'PAID' AND p.settled_by_payment_id IS NULL AND p.reviewed_by IS NOT NULL) OR (p.status = 'REJECTED' AND p.reviewed_by IS NOT NULL))
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = p.id::text)`,
  'winner without its audit row': `
    SELECT w.id::text FROM winners w WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = w.id::text)`,
  'commission batch without its audit row': `
    SELECT b.id::text FROM commission_batches b WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = b.id::text)`,
  'commission rules without their audit row': `
    SELECT r.id::text FROM commission_rules r WHERE r.created_by IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = r.id::text)`,
  'plan without its audit row': `
    SELECT p.id::text FROM committee_plans p WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = p.id::text)`,
  'bank account without its audit row': `
    SELECT b.id::text FROM bank_accounts b WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = b.id::text)`,
  'blocked user without an audit row': `
    SELECT u.id::text FROM users u WHERE u.is_blocked
      AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = u.id::text AND a.action = 'USER_BLOCK')`,
};

const everyRule = Object.entries({ ...rules, ...keptFigureChecks })
  .map(([name, sql]) => `SELECT ${`'${name}'`} AS rule, subject FROM (${sql}) AS v(subject)`)
  .join('\nUNION ALL\n');

/** Every violation as "rule: subject"; empty when the data is consistent. */
export async function findInvariantViolations(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ rule: string; subject: string }>(everyRule);
  return rows.map((r) => `${r.rule}: ${r.subject}`);
}
