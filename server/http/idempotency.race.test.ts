/**
 * One Idempotency-Key sent many times at once on PostgreSQL, as a client retrying on a flaky network
 * might: the approval happens once, and every answer is the first answer, a replay of it, or "still
 * being processed".
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';
import { idempotencyMessages } from '../../contract/idempotency.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const api = client(ctx);
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'UBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});
afterAll(() => ctx.close());

it.each([1, 2, 3])('12 simultaneous approvals with one key approve once (round %i)', async (round) => {
  // A plan of its own each round: group 1 is made for the first approval.
  const planId = (await client(ctx).post('/api/committee-plans', { name: `Race keys ${round}`, monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 50 }, admin.token)).body.plan.id;
  const member = await signUpMember(ctx);
  const form = multipartBody({ planId, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const created = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
  const paymentId = created.json().payment.id as string;

  const answers = await Promise.all(
    Array.from({ length: 12 }, () =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/plan-payments/${paymentId}/approve`,
        payload: { groupNumber: '1' },
        headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': `approve-${round}-${paymentId}` },
      }),
    ),
  );
  const fresh = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] !== 'true');
  expect(fresh, JSON.stringify(answers.map((a) => [a.statusCode, a.json().message]))).toHaveLength(1);
  for (const answer of answers) {
    if (answer.statusCode === 200) expect(answer.json()).toEqual(fresh[0].json());
    else expect(answer.json()).toEqual({ success: false, code: expect.any(String), message: idempotencyMessages.inProgress });
  }
  const seats = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM group_members WHERE user_id = $1', [member.user.id]);
  expect(seats.rows[0].n).toBe(1);
});
