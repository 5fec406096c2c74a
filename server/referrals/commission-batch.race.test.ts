/** Two payouts of one month at the same moment on PostgreSQL: one batch, each commission paid once (RULES §8). */
import { beforeAll, describe, expect, it } from 'vitest';
import { karachiToday } from '../business-time.ts';
import { multipartBody, openRaceFile, sampleFiles, signUpMember } from '../test/test-app.ts';

const { ctx, api, admins } = await openRaceFile();

describe('races on PostgreSQL', () => {
  let bankAccountId: string;
  beforeAll(async () => {
    bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'MCB', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
  });

  /** A referrer whose `members` referred members each bought a new plan and were approved into its group: one commission each, this month. */
  async function referrerOfApprovedMembers(planName: string, members: number) {
    const plan = (await api.post('/api/committee-plans', { name: planName, monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 50 }, admins[0].token)).body.plan;
    const referrer = await signUpMember(ctx);
    for (let i = 0; i < members; i++) {
      const member = await signUpMember(ctx, { referralCode: referrer.user.referralCode });
      const form = multipartBody({ planId: plan.id, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
      const sub = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
      const groups = (await api.get(`/api/admin/groups/plan/${plan.id}`, admins[0].token)).body.data.groups;
      await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, groups.length ? { groupId: groups[0].id } : { groupNumber: '1' }, admins[0].token);
    }
    return referrer;
  }

  // Each round accrues four new commissions in this month, which the earlier rounds' batches did not pay.
  it.each([1, 2, 3])('simultaneous bulk payments of one month give one batch and pay each commission once (round %i)', async (round) => {
    const referrer = await referrerOfApprovedMembers(`Batch race ${round}`, 4);
    const { month, year } = karachiToday();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/api/admin/commission-payments/bulk-pay', { month, year, paymentMethod: 'BANK_TRANSFER' }, admins[i % 2].token)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const batchId = results.find((r) => r.status === 201)!.body.data.batchId;

    const batches = await ctx.db.query<{ n: number; total: string }>('SELECT count(*)::int AS n, (SELECT total_amount::text FROM commission_batches WHERE id = $1) AS total FROM commission_batches', [batchId]);
    expect(batches.rows[0]).toEqual({ n: round, total: '400.00' });
    const referrersCommissions = await ctx.db.query<{ paid: number; batches: number; batch: string }>(
      `SELECT count(*)::int AS paid, count(DISTINCT batch_id)::int AS batches, min(batch_id::text) AS batch FROM commissions WHERE status = 'PAID' AND referrer_id = $1`,
      [referrer.user.id],
    );
    expect(referrersCommissions.rows[0]).toEqual({ paid: 4, batches: 1, batch: batchId });
    const unpaid = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM commissions WHERE status <> 'PAID'`);
    expect(unpaid.rows[0].n).toBe(0);
  });

  it("simultaneous payments of one member's month, and of the whole month, pay each of their commissions once", async () => {
    const referrer = await referrerOfApprovedMembers('Member batch race', 3);
    const { month, year } = karachiToday();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.post('/api/admin/commission-payments/bulk-pay', { month, year, paymentMethod: 'CASH', ...(i % 3 === 2 ? {} : { referrerId: referrer.user.id }) }, admins[i % 2].token),
      ),
    );
    const paid = results.filter((r) => r.status === 201);
    expect(paid).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(paid[0].body.data.totalPayments).toBe(3);
    const referrersCommissions = await ctx.db.query<{ paid: number; batches: number }>(
      `SELECT count(*)::int AS paid, count(DISTINCT batch_id)::int AS batches FROM commissions WHERE status = 'PAID' AND referrer_id = $1`,
      [referrer.user.id],
    );
    expect(referrersCommissions.rows[0]).toEqual({ paid: 3, batches: 1 });
  });
});
