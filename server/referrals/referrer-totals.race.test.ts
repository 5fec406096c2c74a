/**
 * Approvals at the same moment on PostgreSQL, each accruing commissions for the same referrer: the
 * leaderboard's kept totals (migration 017) count every commission once and every member once per
 * period. The suite's invariants then compare the kept totals with the commissions, key by key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, socketClient, type ApiClient, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;
let admins: Awaited<ReturnType<typeof signInAdmin>>[];
let bankAccountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
  admins = [await signInAdmin(ctx), await signInAdmin(ctx)];
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'MCB', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
});
afterAll(() => ctx.close());

async function planRequest(member: Awaited<ReturnType<typeof signUpMember>>, planId: string) {
  const form = multipartBody({ planId, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const sub = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
  expect(sub.statusCode).toBe(201);
  return sub.json().payment.id as string;
}

describe('races on PostgreSQL', () => {
  it.each([1, 2, 3])('simultaneous approvals for one referrer: each commission and each member counted once (round %i)', async (round) => {
    const referrer = await signUpMember(ctx, { name: `Referrer ${round}` });
    const members = [await signUpMember(ctx, { referralCode: referrer.user.referralCode }), await signUpMember(ctx, { referralCode: referrer.user.referralCode })];
    // Each member asks for three plans: six approvals race, two members' commissions.
    // Each plan's group is made first (by another member), so that the approvals race only over commissions.
    const requests: { id: string; groupId: string }[] = [];
    for (let p = 0; p < 3; p++) {
      const plan = (await api.post('/api/committee-plans', { name: `Totals race ${round}.${p}`, monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 50 }, admins[0].token)).body.plan;
      const first = await api.put(`/api/plan-payments/${await planRequest(await signUpMember(ctx), plan.id)}/approve`, { groupNumber: '1' }, admins[0].token);
      expect(first.status).toBe(200);
      const groupId = (await api.get(`/api/admin/groups/plan/${plan.id}`, admins[0].token)).body.data.groups[0].id;
      for (const member of members) requests.push({ id: await planRequest(member, plan.id), groupId });
    }
    const results = await Promise.all(requests.map((r, i) => api.put(`/api/plan-payments/${r.id}/approve`, { groupId: r.groupId }, admins[i % 2].token)));
    expect(results.map((r) => r.status)).toEqual(requests.map(() => 200));

    const board = await api.get('/api/referrals/leaderboard?period=month&limit=100', admins[0].token);
    expect(board.body.leaderboard.find((e: { name: string }) => e.name === `Referrer ${round}`)).toMatchObject({ totalCommission: 600, referralCount: 2 });
  });
});
