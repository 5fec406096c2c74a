/** Two payouts of one month at the same moment on PostgreSQL: one batch, each commission paid once (RULES §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karachiToday } from '../business-time.ts';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ReturnType<typeof client>;
let admins: Awaited<ReturnType<typeof signInAdmin>>[];

beforeAll(async () => {
  ctx = await createTestContext();
  api = client(ctx);
  admins = [await signInAdmin(ctx), await signInAdmin(ctx)];
});
afterAll(() => ctx.close());

describe('races on PostgreSQL', () => {
  it('simultaneous bulk payments of one month give one batch and pay each commission once', async () => {
    const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'MCB', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
    const plan = (await api.post('/api/committee-plans', { name: 'Batch race', monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 50 }, admins[0].token)).body.plan;
    const referrer = await signUpMember(ctx);
    for (let i = 0; i < 4; i++) {
      const member = await signUpMember(ctx, { referralCode: referrer.user.referralCode });
      const form = multipartBody({ planId: plan.id, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
      const sub = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
      const groups = (await api.get(`/api/admin/groups/plan/${plan.id}`, admins[0].token)).body.groups;
      await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, groups.length ? { groupId: groups[0].id } : { groupNumber: '1' }, admins[0].token);
    }
    const { month, year } = karachiToday();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/api/admin/commission-payments/bulk-pay', { month, year, paymentMethod: 'BANK_TRANSFER' }, admins[i % 2].token)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const batches = await ctx.db.query<{ n: number; total: string }>('SELECT count(*)::int AS n, sum(total_amount)::text AS total FROM commission_batches');
    expect(batches.rows[0]).toEqual({ n: 1, total: '400.00' });
    const commissions = await ctx.db.query<{ paid: number; batches: number }>(`SELECT count(*)::int AS paid, count(DISTINCT batch_id)::int AS batches FROM commissions WHERE status = 'PAID'`);
    expect(commissions.rows[0]).toEqual({ paid: 4, batches: 1 });
  });
});
