/** Simultaneous reviews of one instalment on PostgreSQL: it ends in exactly one state (RULES §6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, socketClient, type ApiClient, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;
let admins: Awaited<ReturnType<typeof signInAdmin>>[];

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
  admins = [await signInAdmin(ctx), await signInAdmin(ctx)];
});
afterAll(() => ctx.close());

async function submittedInstalment() {
  const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
  const plan = (await api.post('/api/committee-plans', { name: `Race ${Math.random()}`, monthlyAmount: 100, duration: 2, totalAmount: 200, maxMembers: 5 }, admins[0].token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 5, startDate: '2026-01-01' }, admins[0].token)).body.group;
  const member = await signUpMember(ctx);
  await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, admins[0].token);
  const form = multipartBody({ groupId: group.id, amount: '100', month: '1', year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
  expect(res.statusCode).toBe(201);
  return res.json().payment.id as string;
}

describe('races on PostgreSQL', () => {
  it('simultaneous approvals and rejections of one instalment end in exactly one state', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await submittedInstalment();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? api.put(`/api/payments/${id}/status`, { status: 'paid' }, admins[0].token)
            : api.put(`/api/payments/${id}/status`, { status: 'rejected', reason: 'blurred' }, admins[1].token),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const winner = results.find((r) => r.status === 200)!.body.payment.status;
      const { rows } = await ctx.db.query<{ status: string; under_review: boolean; audits: number }>(
        `SELECT status, under_review, (SELECT count(*)::int FROM audit_log WHERE entity_id = $1::text) AS audits FROM payments WHERE id = $1::uuid`,
        [id],
      );
      expect(rows[0]).toEqual({ status: winner, under_review: false, audits: 1 });
    }
  });
});
