/** Simultaneous draws on PostgreSQL: one group and month gets exactly one winner (RULES §9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, socketClient, type ApiClient, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;
let admins: Awaited<ReturnType<typeof signInAdmin>>[];

beforeAll(async () => {
  // Drawn as soon as committed: the notice is not what these races are about.
  ctx = await createTestContext({ env: { DRAW_NOTICE_HOURS: '0' } });
  api = await socketClient(ctx);
  admins = [await signInAdmin(ctx), await signInAdmin(ctx)];
});
afterAll(() => ctx.close());

describe('races on PostgreSQL', () => {
  it.each([1, 2, 3])('20 simultaneous selections for one group and month give one winner (round %i)', async (round) => {
    const plan = (await api.post('/api/committee-plans', { name: `Race draw ${round}`, monthlyAmount: 1000, duration: 6, totalAmount: 6000, maxMembers: 30 }, admins[0].token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', groupNumber: '1', maxMembers: 30, startDate: '2026-01-01' }, admins[0].token)).body.group;
    const members: Awaited<ReturnType<typeof signUpMember>>[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await signUpMember(ctx);
      await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId: group.id }, admins[0].token);
      members.push(m);
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '1', month: 3, year: 2026, userId: members[i % 5].user.id }, admins[i % 2].token),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM winners WHERE group_id = $1 AND year = 2026 AND month = 3 AND status <> 'CANCELLED'`, [group.id]);
    expect(rows[0].n).toBe(1);

    // And one member drawn for many months at once wins only one of them.
    const again = await Promise.all(
      [4, 5, 6].map((month) => api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '1', month, year: 2026, userId: members[4].user.id }, admins[0].token)),
    );
    const wins = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM winners WHERE group_id = $1 AND user_id = $2 AND status <> 'CANCELLED'`, [group.id, members[4].user.id]);
    expect(wins.rows[0].n).toBe(1);
    expect(again.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
  });

  it.each([1, 2])('simultaneous commitments and draws of one month make one commitment, then one draw and one winner (round %i)', async (round) => {
    const plan = (await api.post('/api/committee-plans', { name: `Race fair draw ${round}`, monthlyAmount: 1000, duration: 6, totalAmount: 6000, maxMembers: 30 }, admins[0].token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', groupNumber: '1', maxMembers: 30, startDate: '2026-01-01' }, admins[0].token)).body.group;
    for (let i = 0; i < 4; i++) {
      const m = await signUpMember(ctx);
      await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId: group.id }, admins[0].token);
    }
    // One commitment is made; the others find it open (a commitment binds: it is voided, with a reason, not replaced).
    const commits = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post(`/api/winners/draws/${plan.id}/1/commit`, { month: 2, year: 2026 }, admins[i % 2].token)));
    expect(commits.filter((r) => r.status === 201)).toHaveLength(1);
    expect(commits.filter((r) => r.status === 409 && r.body.code === 'winner.commitmentOpen')).toHaveLength(5);
    const open = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM draws WHERE group_id = $1 AND status = 'COMMITTED'`, [group.id]);
    expect(open.rows[0].n).toBe(1);

    const draws = await Promise.all(Array.from({ length: 10 }, (_, i) => api.post(`/api/winners/draws/${plan.id}/1/draw`, { month: 2, year: 2026 }, admins[i % 2].token)));
    expect(draws.filter((r) => r.status === 201)).toHaveLength(1);
    expect(draws.filter((r) => r.status === 409)).toHaveLength(9);
    const drawn = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM draws WHERE group_id = $1 AND status = 'DRAWN'`, [group.id]);
    expect(drawn.rows[0].n).toBe(1);
    const winners = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM winners WHERE group_id = $1 AND status <> 'CANCELLED'`, [group.id]);
    expect(winners.rows[0].n).toBe(1);
  });
});
