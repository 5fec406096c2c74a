/** The admin charts' monthly series (RULES §6a words), built here from the scenario. */
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
ctx.setNow('2026-03-31T12:00:00+05:00');

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  const plan = (await api.post('/api/committee-plans', { name: 'Series Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const members = [];
  for (const name of ['Aisha Khan', 'Bilal Ahmed']) {
    const m = await signUpMember(ctx, { name });
    const id = (await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, m.token)).body.data.payment.id;
    await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, m.token);
    expect((await api.put(`/api/plan-payments/${id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
    members.push(m);
  }
  // Aisha pays February; nobody pays March.
  const form = multipartBody({ groupId: group.id, amount: '5000', month: '2', year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  expect((await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${members[0].token}` } })).statusCode).toBe(201);
  const feb = (await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND month = 2 AND type = 'INSTALMENT'`, [members[0].user.id])).rows[0].id;
  expect((await api.put(`/api/payments/${feb}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
  // January's prize, paid.
  const won = await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: group.groupNumber, month: 1, year: 2026, userId: members[0].user.id }, admin.token);
  expect((await api.put(`/api/winners/${won.body.winner.id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
  // February's prize drawn but not paid yet: not paid out.
  expect((await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: group.groupNumber, month: 2, year: 2026, userId: members[1].user.id }, admin.token)).status).toBe(201);
  // When they joined: 10 February in Karachi, and 31 January 20:00 UTC, which is 1 February in Karachi.
  await ctx.db.query(`UPDATE group_members SET joined_at = '2026-02-10T10:00:00+05:00' WHERE user_id = $1`, [members[0].user.id]);
  await ctx.db.query(`UPDATE group_members SET joined_at = '2026-01-31T20:00:00Z' WHERE user_id = $1`, [members[1].user.id]);
});

describe('GET /api/admin/dashboard/series', () => {
  it('gives each month its due so far, collected, prizes paid out and members joined, in Pakistan time', async () => {
    const res = await api.get('/api/admin/dashboard/series?months=4', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.months).toEqual([
      { year: 2025, month: 12, due: 0, collected: 0, paidOut: 0, joined: 0 },
      // Both Januaries settled by the purchases; Aisha's prize paid.
      { year: 2026, month: 1, due: 10000, collected: 10000, paidOut: 30000, joined: 0 },
      { year: 2026, month: 2, due: 10000, collected: 5000, paidOut: 0, joined: 2 },
      { year: 2026, month: 3, due: 10000, collected: 0, paidOut: 0, joined: 0 },
    ]);
    // Twelve months by default, this month last.
    const year = (await api.get('/api/admin/dashboard/series', admin.token)).body.data.months;
    expect(year).toHaveLength(12);
    expect(year[0]).toMatchObject({ year: 2025, month: 4 });
    expect(year[11]).toMatchObject({ year: 2026, month: 3 });
    // The collected money agrees with the overview's.
    const overview = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    expect(year.reduce((sum: number, m: { collected: number }) => sum + m.collected, 0)).toBe(overview.collectedAmount);
  });

  it('does not count a member moved to another group as a join', async () => {
    const before = (await api.get('/api/admin/dashboard/series?months=1', admin.token)).body.data.months[0].joined;
    const plan = (await api.post('/api/committee-plans', { name: 'Moves Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
    const from = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'From', maxMembers: 50, startDate: '2026-03-01' }, admin.token)).body.group;
    const to = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'To', maxMembers: 50, startDate: '2026-03-01' }, admin.token)).body.group;
    const member = await signUpMember(ctx, { name: 'Danish Moved' });
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: from.id }, admin.token)).status).toBe(201);
    expect((await api.post(`/api/admin/groups/${from.id}/members/${member.user.id}/move`, { toGroupId: to.id, reason: 'Wants the other group.' }, admin.token)).status).toBe(200);
    // Both memberships in March in Karachi, the month this file's clock is in: one join, not two.
    await ctx.db.query(`UPDATE group_members SET joined_at = '2026-03-20T10:00:00+05:00' WHERE user_id = $1`, [member.user.id]);
    expect((await ctx.db.query('SELECT 1 FROM group_members WHERE user_id = $1', [member.user.id])).rowCount).toBe(2);
    expect((await api.get('/api/admin/dashboard/series?months=1', admin.token)).body.data.months[0].joined).toBe(before + 1);
  });

  it('refuses a bad number of months (400), no session (401) and a member (403)', async () => {
    for (const months of ['0', '37', 'abc', '1.5']) {
      const res = await api.get(`/api/admin/dashboard/series?months=${months}`, admin.token);
      expect(res.status, months).toBe(400);
      expect(res.body.errors).toHaveProperty('months');
    }
    expect((await api.get('/api/admin/dashboard/series')).status).toBe(401);
    const member = await signUpMember(ctx);
    expect((await api.get('/api/admin/dashboard/series', member.token)).status).toBe(403);
  });
});
