/**
 * The invariant checker itself: on data the API made it finds nothing; when a rule is broken (inside
 * a transaction that is rolled back, with the database's own guard dropped where it has one, as a
 * regression would) it names the rule and the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { findInvariantViolations } from './invariants.ts';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from './test-app.ts';

let ctx: TestContext;
let groupId: string;
let paymentId: string;
let winnerId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const api = client(ctx);
  const admin = await signInAdmin(ctx);
  const referrer = await signUpMember(ctx);
  const member = await signUpMember(ctx, { referralCode: referrer.user.referralCode });
  const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'UBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  const plan = (await api.post('/api/committee-plans', { name: 'Checked', monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 10 }, admin.token)).body.plan;
  const form = multipartBody({ planId: plan.id, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  paymentId = (await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } })).json().payment.id;
  expect((await api.put(`/api/plan-payments/${paymentId}/approve`, { groupNumber: '1' }, admin.token)).status).toBe(200);
  groupId = (await ctx.db.query<{ group_id: string }>('SELECT group_id FROM payments WHERE id = $1', [paymentId])).rows[0].group_id;
  // The draw of the group's first month.
  const { rows } = await ctx.db.query<{ month: number; year: number }>(
    `SELECT extract(month FROM start_date)::int AS month, extract(year FROM start_date)::int AS year FROM committee_groups WHERE id = $1`,
    [groupId],
  );
  const won = await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '1', ...rows[0], userId: member.user.id }, admin.token);
  expect(won.status, JSON.stringify(won.body)).toBe(201);
  winnerId = won.body.winner.id;
});
afterAll(() => ctx.close());

/** Breaks the data with `sql` in a transaction, reads the violations, and rolls everything back. */
async function violationsAfter(...statements: string[]): Promise<string[]> {
  const rolledBack = new Error('roll back');
  let found: string[] = [];
  await expect(
    ctx.db.transaction(async (tx: Queryable) => {
      for (const sql of statements) await tx.query(sql);
      found = await findInvariantViolations(tx);
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  return found;
}

describe('invariants', () => {
  it('hold for what the API made (a commission, a winner, audit rows)', async () => {
    expect((await ctx.db.query('SELECT 1 FROM commissions WHERE payment_id = $1', [paymentId])).rowCount).toBe(1);
    expect(await findInvariantViolations(ctx.db)).toEqual([]);
  });

  it('name a group over capacity', async () => {
    const found = await violationsAfter(
      'ALTER TABLE committee_groups DROP CONSTRAINT IF EXISTS committee_groups_check',
      ...(await checkConstraintsOf('committee_groups')).map((name) => `ALTER TABLE committee_groups DROP CONSTRAINT ${name}`),
      `UPDATE committee_groups SET max_members = 0 WHERE id = '${groupId}'`,
    );
    expect(found).toContain(`group over capacity: ${groupId}`);
  });

  it('name a second winner for a month and a second win of a member', async () => {
    const found = await violationsAfter(
      'DROP INDEX winners_one_per_group_month',
      'DROP INDEX winners_one_win_per_member',
      `INSERT INTO winners (plan_id, group_id, user_id, month, year, amount) SELECT plan_id, group_id, user_id, month, year, amount FROM winners WHERE id = '${winnerId}'`,
    );
    expect(found.some((v) => v.startsWith('two winners for one group and month:'))).toBe(true);
    expect(found.some((v) => v.startsWith('a member with two wins in one group:'))).toBe(true);
    expect(found.some((v) => v.startsWith('winner without its audit row:'))).toBe(true);
  });

  it('name a commission that differs from its rules, and a paid payment without its commission', async () => {
    expect(await violationsAfter(`UPDATE commissions SET amount = amount + 1 WHERE payment_id = '${paymentId}'`)).toEqual([
      expect.stringMatching(/^commission differs from its rules:/),
    ]);
    expect(await violationsAfter(`DELETE FROM commissions WHERE payment_id = '${paymentId}'`)).toEqual([`approved payment without its commissions: ${paymentId}`]);
  });

  it('name a batch whose totals differ and a plan without its audit row', async () => {
    const found = await violationsAfter(
      `INSERT INTO commission_batches (month, year, total_payments, total_amount, payment_method) VALUES (1, 2027, 3, 10, 'BANK_TRANSFER')`,
      `INSERT INTO committee_plans (name, monthly_amount, duration, total_amount, max_members) VALUES ('Unaudited', 1000, 2, 2000, 10)`,
    );
    expect(found.some((v) => v.startsWith('commission batch totals differ from its commissions:'))).toBe(true);
    expect(found.some((v) => v.startsWith('commission batch without its audit row:'))).toBe(true);
    expect(found.some((v) => v.startsWith('plan without its audit row:'))).toBe(true);
  });

  it("name a reconciliation day whose moves differ from its payments, and pass once they are folded", async () => {
    const { rows } = await ctx.db.query<{ account: string; day: string }>(
      `SELECT bank_account_id::text AS account, (approved_at AT TIME ZONE 'Asia/Karachi')::date::text AS day FROM payments WHERE id = $1`,
      [paymentId],
    );
    const found = await violationsAfter(`INSERT INTO account_day_moves VALUES ('${rows[0].account}', '${rows[0].day}', 1, 1000, 0, 0)`);
    expect(found).toContain(`account day moves differ from the payments: ${rows[0].account} ${rows[0].day}`);
    expect(await violationsAfter(`SELECT fold_account_day_moves()`)).toEqual([]);
  });

  it("name a month whose commission moves differ from its commissions, and pass once they are folded", async () => {
    const { rows } = await ctx.db.query<{ y: number; m: number }>(`SELECT accrued_year AS y, accrued_month AS m FROM commissions WHERE payment_id = $1`, [paymentId]);
    const found = await violationsAfter(`INSERT INTO commission_month_moves VALUES (${rows[0].y}, ${rows[0].m}, 0, 0, 1, 0.01)`);
    expect(found).toContain(`commission month moves differ from the commissions: ${rows[0].y}-${rows[0].m}`);
    expect(await violationsAfter(`SELECT fold_commission_month_moves()`)).toEqual([]);
  });
});

async function checkConstraintsOf(table: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ conname: string }>(`SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c'`, [table]);
  return rows.map((r) => r.conname);
}
