/**
 * GET /api/admin/dashboard/overview (admin document §3 Dashboard overview): after a seeded scenario,
 * every figure equals a count made directly in the database with the definitions of overview.ts,
 * and the figures the scenario fixes are the ones expected.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { oracleFigures, oracleState, rawInstalments } from '../test/figures-oracle.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
// The figures are read on 15 February 2026 unless a test moves the clock (RULES §6a).
const FEB_15 = '2026-02-15';
ctx.setNow(`${FEB_15}T12:00:00+05:00`);
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});

function subscribe(token: string, planId: string) {
  const form = multipartBody({ planId, amount: '5000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

function payInstalment(token: string, groupId: string, month: number) {
  const form = multipartBody({ groupId, amount: '5000', month: String(month), year: '2026', bankAccountId }, { name: 'r.jpg', type: 'image/jpeg', data: sampleFiles.jpg });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

/** Whole days between the oldest waiting receipt's day in Karachi and today (null when none waits). */
async function oldestWaitingDays(today: string): Promise<number | null> {
  const { rows } = await ctx.db.query<{ at: Date | null }>('SELECT min(submitted_at) AS at FROM payments WHERE under_review');
  if (!rows[0].at) return null;
  const karachiDay = new Date(new Date(rows[0].at).getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
  return Math.max(0, Math.round((Date.parse(today) - Date.parse(karachiDay)) / 86_400_000));
}

/** Active groups running this month without a (non-cancelled) winner for it, counted in TypeScript. */
async function groupsWithoutWinner(today: string): Promise<number> {
  const first = `${today.slice(0, 7)}-01`;
  const groups = (await ctx.db.query<{ id: string; start: string; end: string; active: boolean; members: number }>(
    `SELECT g.id, g.start_date::text AS start, g.end_date::text AS end, g.is_active AS active, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.status = 'ACTIVE') AS members FROM committee_groups g`,
  )).rows;
  const won = new Set((await ctx.db.query<{ group_id: string }>(`SELECT group_id FROM winners WHERE status <> 'CANCELLED' AND year = $1 AND month = $2`, [Number(today.slice(0, 4)), Number(today.slice(5, 7))])).rows.map((r) => r.group_id));
  // A group nobody is in has nobody to draw.
  return groups.filter((g) => g.active && g.members > 0 && g.start <= first && g.end > first && !won.has(g.id)).length;
}

/** Months before today's with an unpaid commission. */
async function unpaidCommissionMonths(today: string): Promise<number> {
  const current = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7));
  const rows = (await ctx.db.query<{ y: number; m: number }>(`SELECT accrued_year AS y, accrued_month AS m FROM commissions WHERE status = 'PENDING'`)).rows;
  return new Set(rows.filter((r) => r.y * 12 + r.m < current).map((r) => `${r.y}-${r.m}`)).size;
}

/**
 * The overview's figures counted here: the plain counts by one query each, and the payment figures by
 * RULES §6a written out independently (figures-oracle.ts) over every instalment as stored.
 */
async function countedInDatabase(today: string) {
  const n = async (sql: string) => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0].n;
  const all = await rawInstalments(ctx.db);
  const f = oracleFigures(all, today);
  return {
    totalUsers: await n('users'),
    activeUsers: await n('users WHERE is_active AND NOT is_blocked'),
    blockedUsers: await n('users WHERE is_blocked'),
    totalCommittees: await n('committee_plans'),
    activeCommittees: await n('committee_plans WHERE is_active'),
    pausedCommittees: await n('committee_plans WHERE NOT is_active'),
    totalGroups: await n('committee_groups'),
    activeGroups: await n('committee_groups WHERE is_active'),
    totalPayments: f.paid.count + f.pending.count,
    pendingPayments: f.pending.count,
    underReviewPayments: f.underReview.count,
    owedPayments: f.owed.count,
    overduePayments: f.overdue.count,
    overdueMembers: new Set(all.filter((i) => oracleState(i, today) === 'OVERDUE').map((i) => i.user_id)).size,
    collectedAmount: f.collected,
    collectionRate: f.collectionRate,
    pendingPlanRequests: await n(`payments WHERE type = 'SUBSCRIPTION' AND status = 'PENDING'`),
    oldestReceiptWaitingDays: await oldestWaitingDays(today),
    groupsWithoutWinner: await groupsWithoutWinner(today),
    unpaidCommissionMonths: await unpaidCommissionMonths(today),
    figures: f,
  };
}

describe('GET /api/admin/dashboard/overview', () => {
  it('starts from the admin alone', async () => {
    const res = await api.get('/api/admin/dashboard/overview', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.overview).toEqual(await countedInDatabase(FEB_15));
    expect(res.body.overview).toMatchObject({ totalUsers: 1, activeUsers: 1, blockedUsers: 0, totalCommittees: 0, totalGroups: 0, totalPayments: 0 });
  });

  it('counts a seeded scenario exactly as the database does', async () => {
    // Users: the admin, a member in a group, a member with a pending request, a blocked one, a deactivated one, and one who did nothing.
    const inGroup = await signUpMember(ctx, { name: 'In Group' });
    const requester = await signUpMember(ctx, { name: 'Requester' });
    const blocked = await signUpMember(ctx, { name: 'Blocked' });
    const inactive = await signUpMember(ctx, { name: 'Inactive' });
    await signUpMember(ctx, { name: 'Idle' });
    expect((await api.put(`/api/admin/users/${blocked.user.id}/block`, { isBlocked: true, reason: 'Spam' }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/admin/users/${inactive.user.id}/status`, { isActive: false }, admin.token)).status).toBe(200);

    // Plans: one active, one inactive (paused). Groups: one active, one inactive.
    const plan = (await api.post('/api/committee-plans', { name: 'Economy', monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, admin.token)).body.plan;
    const paused = await api.post('/api/committee-plans', { name: 'Paused', monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 10, isActive: false }, admin.token);
    expect(paused.status).toBe(201);
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'January', maxMembers: 10, startDate: '2026-01-01' }, admin.token)).body.group;
    const idleGroup = await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Later', maxMembers: 10, startDate: '2026-06-01', isActive: false }, admin.token);
    expect(idleGroup.status).toBe(201);

    // One subscription approved (three instalments, January settled by it), one left pending.
    const approved = await subscribe(inGroup.token, plan.id);
    expect((await api.put(`/api/plan-payments/${approved.json().payment.id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
    expect((await subscribe(requester.token, plan.id)).statusCode).toBe(201);

    // February: a receipt under review. March: marked overdue by an admin ahead of time, which its date overrules.
    expect((await payInstalment(inGroup.token, group.id, 2)).statusCode).toBe(201);
    const march = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND month = 3 AND year = 2026`, [inGroup.user.id]);
    const overdue = await api.put(`/api/payments/${march.rows[0].id}/status`, { status: 'overdue' }, admin.token);
    expect(overdue.status).toBe(200);
    expect(overdue.body.payment.status).toBe('OVERDUE');
    expect(overdue.body.payment.state).toBe('SCHEDULED');

    const res = await api.get('/api/admin/dashboard/overview', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.overview).toEqual(await countedInDatabase(FEB_15));
    expect(res.body.data.overview).toEqual(res.body.overview);
    expect(new Date(res.body.generatedAt).toISOString()).toBe(res.body.generatedAt);
    expect(res.body.overview).toMatchObject({
      totalUsers: 6,
      activeUsers: 4,
      blockedUsers: 1,
      totalCommittees: 2,
      activeCommittees: 1,
      pausedCommittees: 1,
      totalGroups: 2,
      activeGroups: 1,
      // January (paid by the subscription: counted once) and February (under review). March lies ahead.
      totalPayments: 2,
      pendingPayments: 1,
      underReviewPayments: 1,
      owedPayments: 0,
      overduePayments: 0,
      overdueMembers: 0,
      collectedAmount: 5000,
      // Paid ÷ due so far: January of January and February.
      collectionRate: 50,
      pendingPlanRequests: 1,
    });

    // 12 March: March is due and past the grace day, so owed and overdue, with no job run.
    ctx.setNow('2026-03-12T08:00:00+05:00');
    const march12 = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    expect(march12).toEqual(await countedInDatabase('2026-03-12'));
    expect(march12).toMatchObject({ totalPayments: 3, pendingPayments: 2, underReviewPayments: 1, owedPayments: 1, overduePayments: 1, overdueMembers: 1, collectionRate: 33 });

    // Approving February moves it out of the pending and under-review figures and into the collected money.
    const february = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND month = 2`, [inGroup.user.id]);
    expect((await api.put(`/api/payments/${february.rows[0].id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    const after = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    expect(after).toEqual(await countedInDatabase('2026-03-12'));
    expect(after).toMatchObject({ totalPayments: 3, pendingPayments: 1, underReviewPayments: 0, overduePayments: 1, collectedAmount: 10000, collectionRate: 67 });
    ctx.setNow(`${FEB_15}T12:00:00+05:00`);
  });

  it('is for admins only: 403 for a member, 401 without a session', async () => {
    const member = await signUpMember(ctx);
    const res = await api.get('/api/admin/dashboard/overview', member.token);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.overview).toBeUndefined();
    expect((await api.get('/api/admin/dashboard/overview')).status).toBe(401);
  });

  it("alerts name the oldest receipt's wait, the groups without this month's winner, and the months of unpaid commissions", async () => {
    const before = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    const waiting = (await ctx.db.query<{ id: string }>('SELECT id FROM payments WHERE under_review ORDER BY submitted_at LIMIT 1')).rows[0];
    if (waiting) {
      // Sent on 10 February at 23:30 in Karachi (18:30 UTC): five days before the 15th.
      await ctx.db.query(`UPDATE payments SET submitted_at = '2026-02-10T18:30:00Z' WHERE id = $1`, [waiting.id]);
      expect((await api.get('/api/admin/dashboard/overview', admin.token)).body.overview.oldestReceiptWaitingDays).toBe(5);
    }
    // A group running this month gets its winner: one group fewer is waiting for a draw.
    const running = (await ctx.db.query<{ plan_id: string; group_number: string; user_id: string }>(
      `SELECT g.plan_id, g.group_number, m.user_id FROM committee_groups g JOIN group_members m ON m.group_id = g.id AND m.status = 'ACTIVE'
       WHERE g.is_active AND g.start_date <= '2026-02-01' AND g.end_date > '2026-02-01'
         AND NOT EXISTS (SELECT 1 FROM winners w WHERE w.group_id = g.id AND w.status <> 'CANCELLED' AND w.year = 2026 AND w.month = 2) LIMIT 1`,
    )).rows[0];
    expect(before.groupsWithoutWinner).toBeGreaterThan(0);
    expect(running).toBeDefined();
    expect((await api.post('/api/winners/select-specific', { committeeId: running.plan_id, groupNumber: running.group_number, month: 2, year: 2026, userId: running.user_id }, admin.token)).status).toBe(201);
    const after = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    expect(after.groupsWithoutWinner).toBe(before.groupsWithoutWinner - 1);
    expect(after).toEqual(await countedInDatabase(FEB_15));
  });

  it('counts a running group without members as no group waiting for a winner', async () => {
    ctx.setNow(`${FEB_15}T12:00:00+05:00`);
    const before = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    const plan = (await api.post('/api/committee-plans', { name: 'Empty Running Plan', monthlyAmount: 1000, duration: 6, totalAmount: 6000, maxMembers: 5 }, admin.token)).body.plan;
    expect((await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Nobody yet', maxMembers: 5, startDate: '2026-01-01' }, admin.token)).status).toBe(201);
    const after = (await api.get('/api/admin/dashboard/overview', admin.token)).body.overview;
    expect(after.groupsWithoutWinner).toBe(before.groupsWithoutWinner);
    expect(after).toEqual(await countedInDatabase(FEB_15));
  });
});
