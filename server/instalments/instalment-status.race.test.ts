/**
 * Simultaneous reviews of one instalment on PostgreSQL: it ends in exactly one state (RULES §6). And
 * simultaneous changes of one member's instalments keep their oldest unpaid month (migration 022) exact.
 */
import { describe, expect, it } from 'vitest';
import { multipartBody, openRaceFile, sampleFiles, signUpMember } from '../test/test-app.ts';

const { ctx, api, admins } = await openRaceFile();

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

  it("simultaneous decisions on one member's months keep their oldest unpaid month exact", async () => {
    for (let round = 0; round < 3; round++) {
      const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admins[0].token)).body.bankAccount.id;
      const plan = (await api.post('/api/committee-plans', { name: `Race ${Math.random()}`, monthlyAmount: 100, duration: 6, totalAmount: 600, maxMembers: 5 }, admins[0].token)).body.plan;
      const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 5, startDate: '2026-01-01' }, admins[0].token)).body.group;
      const member = await signUpMember(ctx);
      await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, admins[0].token);
      const receipt = (month: number) => {
        const form = multipartBody({ groupId: group.id, amount: '100', month: String(month), year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
        return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
      };
      const sent: string[] = [];
      for (const month of [1, 2, 3]) sent.push((await receipt(month)).json().payment.id);
      // Three decisions and two more receipts of the same member at once.
      const results = await Promise.all([
        api.put(`/api/payments/${sent[0]}/status`, { status: 'paid' }, admins[0].token),
        api.put(`/api/payments/${sent[1]}/status`, { status: 'rejected', reason: 'blurred' }, admins[1].token),
        api.put(`/api/payments/${sent[2]}/status`, { status: 'paid' }, admins[0].token),
        receipt(4),
        receipt(5),
      ]);
      expect(results.map((r) => ('statusCode' in r ? r.statusCode : r.status))).toEqual([200, 200, 200, 201, 201]);
      // February, refused, is the oldest unpaid month without a receipt waiting (the suite's invariants compare the rest).
      const { rows } = await ctx.db.query<{ due_date: string }>('SELECT due_date::text FROM member_oldest_unpaid WHERE user_id = $1', [member.user.id]);
      expect(rows).toEqual([{ due_date: '2026-02-01' }]);
    }
  });

  it("two transactions changing one member's months: the second reads what the first committed", async () => {
    const plan = (await api.post('/api/committee-plans', { name: `Race ${Math.random()}`, monthlyAmount: 100, duration: 4, totalAmount: 400, maxMembers: 5 }, admins[0].token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 5, startDate: '2026-01-01' }, admins[0].token)).body.group;
    const member = await signUpMember(ctx);
    await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, admins[0].token);
    const month = (m: number) => `(SELECT id FROM payments WHERE user_id = '${member.user.id}' AND type = 'INSTALMENT' AND month = ${m})`;

    // January is paid in one transaction that stays open while February gets a receipt in another.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstDone!: () => void;
    const firstUpdated = new Promise<void>((resolve) => (firstDone = resolve));
    const first = ctx.db.transaction(async (tx) => {
      await tx.query(`UPDATE payments SET status = 'PAID' WHERE id = ${month(1)}`);
      firstDone();
      await held;
    });
    await firstUpdated;
    const second = ctx.db.transaction((tx) => tx.query(`UPDATE payments SET under_review = true WHERE id = ${month(2)}`));
    // Long enough for the second statement to reach its trigger; it must then wait for the first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);
    // March is the oldest month neither paid nor waiting for a decision.
    const { rows } = await ctx.db.query<{ due_date: string }>('SELECT due_date::text FROM member_oldest_unpaid WHERE user_id = $1', [member.user.id]);
    expect(rows).toEqual([{ due_date: '2026-03-01' }]);
  });
});
