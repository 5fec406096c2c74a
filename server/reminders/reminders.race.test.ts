/** Two reminder runners at once on PostgreSQL (two servers): each reminder goes out once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '../figures/figures.ts';
import { createTestContext, socketClient, signInAdmin, signUpMember, type ApiClient, type TestContext } from '../test/test-app.ts';
import { sendDueReminders } from './reminder-service.ts';

let ctx: TestContext;
let api: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
});
afterAll(() => ctx.close());

describe('races on PostgreSQL', () => {
  it.each([1, 2])('the job run on four servers at once sends each reminder once (round %i)', async (round) => {
    const admin = await signInAdmin(ctx);
    const plan = (await api.post('/api/committee-plans', { name: `Race reminders ${round}`, monthlyAmount: 1000, duration: 6, totalAmount: 6000, maxMembers: 30 }, admin.token)).body.plan;
    // Each round a group of its own, in a month of its own; the job runs two days before it starts.
    const { startDate, runDay } = [{ startDate: '2029-01-01', runDay: '2028-12-30' }, { startDate: '2029-03-01', runDay: '2029-02-27' }][round - 1];
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 30, startDate }, admin.token)).body.group;
    const members = [];
    for (let i = 0; i < 6; i++) {
      const m = await signUpMember(ctx);
      await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId: group.id }, admin.token);
      members.push(m);
    }
    const day = businessDayOf(new Date(`${runDay}T12:00:00+05:00`), 10);
    const recorded = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reminders_sent')).rows[0].n;
    const before = await recorded();
    const runs = await Promise.all(Array.from({ length: 4 }, () => sendDueReminders(ctx.db, day, 'http://localhost')));
    // What the four runs say they sent is what was recorded, each once.
    expect(runs.reduce((sum, r) => sum + r.before + r.due, 0)).toBe((await recorded()) - before);
    const { rows } = await ctx.db.query<{ n: number; users: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS users FROM notifications WHERE type = 'PAYMENT_REMINDER' AND user_id = ANY($1::uuid[])`,
      [members.map((m) => m.user.id)],
    );
    expect(rows[0]).toEqual({ n: members.length, users: members.length });
  });
});
