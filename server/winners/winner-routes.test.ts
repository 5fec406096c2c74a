import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../contract/answers.ts';
import { winnerListAnswer } from '../../contract/winners.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

// The figures are read on 5 January 2026, the fifth day of the groups' first month (RULES §6a).
ctx.setNow('2026-01-05T12:00:00+05:00');

/** A plan of `months` months with one group started in January 2026, and `size` members in it. */
async function groupWithMembers(size: number, months = 6) {
  const plan = (await api.post('/api/committee-plans', { name: `Draw ${Math.random()}`, monthlyAmount: 10000, duration: months, totalAmount: 10000 * months, maxMembers: 50 }, admin.token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Draw group', groupNumber: '7', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const members: Awaited<ReturnType<typeof signUpMember>>[] = [];
  for (let i = 0; i < size; i++) {
    const m = await signUpMember(ctx, { name: `Member ${i + 1}` });
    await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId: group.id }, admin.token);
    members.push(m);
  }
  return { plan, group, members };
}

const select = (planId: string, userId: string, month: number, year = 2026, extra: Record<string, unknown> = {}) =>
  api.post('/api/winners/select-specific', { committeeId: planId, groupNumber: '7', month, year, userId, ...extra }, admin.token);

const eligibleIds = async (planId: string) =>
  (await api.get(`/api/winners/eligible-members/${planId}/7?month=1&year=2026`, admin.token)).body.eligibleMembers.map((m: { userId: string }) => m.userId);

describe('selecting a winner', () => {
  it('chooses an eligible member for a month: amount is the plan total, UMRAH by default, told in the app and by email, audited', async () => {
    const { plan, members } = await groupWithMembers(3);
    const res = await select(plan.id, members[1].user.id, 2);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Winner selected successfully for Group 7');
    expect(res.body.winner).toMatchObject({ userId: members[1].user.id, groupNumber: '7', month: 2, year: 2026, amount: 60000, paymentType: 'UMRAH', status: 'SELECTED', committee: { name: plan.name } });
    const note = await ctx.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1', [members[1].user.id]);
    expect(note.rows.map((n) => n.type)).toContain('WINNER_SELECTED');
    expect((await lastEmailTo(ctx.db, members[1].email))?.subject).toBe('You were selected as this month’s winner');
    const audit = await ctx.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1', [res.body.winner.id]);
    expect(audit.rows).toEqual([{ action: 'WINNER_SELECT' }]);

    // The member sees it on their month card.
    const groups = await api.get('/api/committee-plans/user/groups', members[1].token);
    expect(groups.body.data.groups[0].winners).toEqual([expect.objectContaining({ month: 2, year: 2026, winnerId: members[1].user.id, winner: { name: 'Member 2' }, amount: 60000 })]);
  });

  it('excludes past winners and dropped members from the eligible list; a cancelled win makes the member eligible again', async () => {
    const { plan, group, members } = await groupWithMembers(3);
    const won = await select(plan.id, members[0].user.id, 1);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/groups/${group.id}/members/${members[2].user.id}`, payload: { reason: 'Left the committee.' }, headers: { authorization: `Bearer ${admin.token}` } });
    expect(removed.statusCode).toBe(200);
    const eligible = await api.get(`/api/winners/eligible-members/${plan.id}/7?month=2&year=2026`, admin.token);
    expect(eligible.status).toBe(200);
    expect(eligible.body.eligibleMembers).toEqual([{ userId: members[1].user.id, user: { name: 'Member 2', email: members[1].email }, memberNumber: 2, position: 2, hasOverdue: false, hasOwed: true }]);
    const cancel = await api.delete(`/api/winners/${won.body.winner.id}`, admin.token);
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe('Winner selection cancelled');
    expect(cancel.body.winner.status).toBe('CANCELLED');
    expect(await eligibleIds(plan.id)).toEqual([members[0].user.id, members[1].user.id]);
    // The month can be drawn again.
    expect((await select(plan.id, members[1].user.id, 1)).status).toBe(201);
  });

  it('shows whether an eligible member owes and whether it is overdue, by the date whatever the status column says', async () => {
    const { plan, group, members } = await groupWithMembers(3);
    // Member 2 paid January; member 3 sent a receipt now under review; member 1 paid nothing.
    await ctx.db.query(`UPDATE payments SET status = 'PAID' WHERE group_id = $1 AND user_id = $2 AND month = 1`, [group.id, members[1].user.id]);
    await ctx.db.query(`UPDATE payments SET under_review = true WHERE group_id = $1 AND user_id = $2 AND month = 1`, [group.id, members[2].user.id]);
    const tags = async () =>
      (await api.get(`/api/winners/eligible-members/${plan.id}/7`, admin.token)).body.eligibleMembers.map((m: { hasOverdue: boolean; hasOwed: boolean }) => [m.hasOwed, m.hasOverdue]);
    // 5 January: January is owed by member 1, not yet overdue (grace day 10).
    expect(await tags()).toEqual([[true, false], [false, false], [false, false]]);
    // 11 January: past the grace day, it is overdue, though no job has marked it.
    ctx.setNow('2026-01-11T09:00:00+05:00');
    expect(await tags()).toEqual([[true, true], [false, false], [false, false]]);
    // A refused receipt makes the month owed again, and overdue past the grace day.
    await ctx.db.query(`UPDATE payments SET under_review = false, status = 'REJECTED' WHERE group_id = $1 AND user_id = $2 AND month = 1`, [group.id, members[2].user.id]);
    expect(await tags()).toEqual([[true, true], [false, false], [true, true]]);
    ctx.setNow('2026-01-05T12:00:00+05:00');
  });

  it('refuses an ineligible member, a second winner for a month, a month outside the cycle and a year outside 2020-2030', async () => {
    const { plan, members } = await groupWithMembers(3, 3);
    expect((await select(plan.id, members[0].user.id, 1)).status).toBe(201);
    const twice = await select(plan.id, members[0].user.id, 2);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This member is not eligible: only active members of the group who have not won yet can be selected.');
    const secondForMonth = await select(plan.id, members[1].user.id, 1);
    expect(secondForMonth.status).toBe(409);
    expect(secondForMonth.body.message).toBe('A winner has already been selected for this group and month.');
    const outside = await select(plan.id, members[1].user.id, 4);
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe("This month is not part of the group's cycle.");
    const badYear = await select(plan.id, members[1].user.id, 1, 2031);
    expect(badYear.status).toBe(400);
    expect(badYear.body.errors.year).toBe('Year must be between 2020 and 2030.');
    const stranger = await signUpMember(ctx);
    expect((await select(plan.id, stranger.user.id, 2)).status).toBe(409);
    expect((await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '99', month: 2, year: 2026, userId: members[1].user.id }, admin.token)).status).toBe(404);
    expect((await api.post('/api/winners/select-specific', {}, admin.token)).status).toBe(400);
  });

  it('says automatic selection is disabled', async () => {
    const res = await api.post('/api/winners/select', { committeeId: 'x', groupNumber: '1', month: 1, year: 2026 }, admin.token, { answer: errorBody });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Auto selection is disabled. Manual selection required.');
  });

  it('is for admins only', async () => {
    const { plan, members } = await groupWithMembers(1);
    const member = members[0];
    expect((await api.get(`/api/winners/eligible-members/${plan.id}/7`, member.token)).status).toBe(403);
    expect((await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '7', month: 1, year: 2026, userId: member.user.id }, member.token)).status).toBe(403);
    expect((await api.get('/api/winners', member.token)).status).toBe(403);
    expect((await api.get('/api/winners/statistics', member.token)).status).toBe(403);
    expect((await api.post('/api/winners/trigger-monthly-selection', undefined, member.token)).status).toBe(403);
    expect((await api.get('/api/winners')).status).toBe(401);
  });
});

describe('managing winners', () => {
  it('lists with filters, moves SELECTED to PAID, and cancels a paid one only with a note', async () => {
    const { plan, members } = await groupWithMembers(2);
    const id = (await select(plan.id, members[0].user.id, 3, 2026, { paymentType: 'cash' })).body.winner.id;
    const list = await api.get(`/api/winners?committeeId=${plan.id}&year=2026&month=3&status=selected&limit=all`, admin.token);
    expect(list.body.data.winners.map((w: { id: string; paymentType: string }) => [w.id, w.paymentType])).toEqual([[id, 'CASH']]);
    expect((await api.get(`/api/winners?committeeId=${plan.id}&search=member 1`, admin.token)).body.data.winners).toHaveLength(1);

    const paid = await api.put(`/api/winners/${id}/status`, { status: 'paid', notes: 'Paid to the travel agent' }, admin.token);
    expect(paid.status).toBe(200);
    expect(paid.body.winner).toMatchObject({ status: 'PAID', notes: 'Paid to the travel agent' });
    expect(paid.body.winner.paidAt).not.toBeNull();
    expect((await api.delete(`/api/winners/${id}`, admin.token)).status).toBe(400);
    expect((await api.put(`/api/winners/${id}/status`, { status: 'selected' }, admin.token)).status).toBe(409);
    const cancelled = await api.put(`/api/winners/${id}/status`, { status: 'cancelled', notes: 'The member withdrew' }, admin.token);
    expect(cancelled.body.winner.status).toBe('CANCELLED');
    expect((await api.delete(`/api/winners/${id}`, admin.token)).status).toBe(409);
    expect((await api.put(`/api/winners/${id}/status`, { status: 'paid' }, admin.token)).status).toBe(409);
    const audit = await ctx.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at', [id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['WINNER_SELECT', 'WINNER_UPDATE', 'WINNER_CANCEL']);
    expect((await api.put('/api/winners/00000000-0000-4000-8000-000000000000/status', { status: 'paid' }, admin.token)).status).toBe(404);
    expect((await api.put(`/api/winners/${id}/status`, { status: 'won' }, admin.token)).status).toBe(400);
  });

  it('statistics equal sums made directly in the database', async () => {
    const { plan, members } = await groupWithMembers(4);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await select(plan.id, members[i].user.id, i + 1)).body.winner.id);
    await api.put(`/api/winners/${ids[0]}/status`, { status: 'paid' }, admin.token);
    await api.delete(`/api/winners/${ids[3]}`, admin.token);
    const res = await api.get(`/api/winners/statistics?committeeId=${plan.id}&year=2026`, admin.token);
    expect(res.status).toBe(200);
    const stats = res.body.data.statistics;
    const direct = await ctx.db.query<{ status: string; n: number; amount: string }>(`SELECT status, count(*)::int AS n, sum(amount)::text AS amount FROM winners WHERE plan_id = $1 GROUP BY status`, [plan.id]);
    const by = Object.fromEntries(direct.rows.map((r) => [r.status, r]));
    expect(stats.total).toEqual({ winners: 4, paid: by.PAID.n, pending: by.SELECTED.n, cancelled: by.CANCELLED.n, totalAmount: Number(by.PAID.amount) + Number(by.SELECTED.amount) });
    expect(stats.monthly.map((r: { month: number; winnerCount: number; totalAmount: number }) => [r.month, r.winnerCount, r.totalAmount])).toEqual([
      [3, 1, 60000],
      [2, 1, 60000],
      [1, 1, 60000],
    ]);
    expect(stats.byCommittee).toEqual([{ committeeId: plan.id, committeeName: plan.name, winnerCount: 3, totalAmount: 180000 }]);
  });

  it("everyone's statistics equal the winners counted directly, in order", async () => {
    const { plan, members } = await groupWithMembers(2);
    await select(plan.id, members[0].user.id, 1);
    const direct = async () => {
      const total = await ctx.db.query<{ winners: number; paid: number; pending: number; cancelled: number; amount: string }>(
        `SELECT count(*)::int AS winners, count(*) FILTER (WHERE status = 'PAID')::int AS paid, count(*) FILTER (WHERE status = 'SELECTED')::int AS pending,
           count(*) FILTER (WHERE status = 'CANCELLED')::int AS cancelled, coalesce(sum(amount) FILTER (WHERE status <> 'CANCELLED'), 0)::text AS amount FROM winners`,
      );
      const monthly = await ctx.db.query<{ month: number; year: number; n: number; amount: string }>(
        `SELECT month, year, count(*)::int AS n, sum(amount)::text AS amount FROM winners WHERE status <> 'CANCELLED' GROUP BY year, month ORDER BY year DESC, month DESC`,
      );
      const byPlan = await ctx.db.query<{ plan_id: string; name: string; n: number; amount: string }>(
        `SELECT w.plan_id, p.name, count(*)::int AS n, sum(w.amount)::text AS amount FROM winners w JOIN committee_plans p ON p.id = w.plan_id
         WHERE w.status <> 'CANCELLED' GROUP BY w.plan_id, p.name ORDER BY count(*) DESC, p.name`,
      );
      const t = total.rows[0];
      return {
        total: { winners: t.winners, paid: t.paid, pending: t.pending, cancelled: t.cancelled, totalAmount: Number(t.amount) },
        monthly: monthly.rows.map((r) => ({ month: r.month, year: r.year, winnerCount: r.n, totalAmount: Number(r.amount) })),
        byCommittee: byPlan.rows.map((r) => ({ committeeId: r.plan_id, committeeName: r.name, winnerCount: r.n, totalAmount: Number(r.amount) })),
      };
    };
    const expected = await direct();
    expect(expected.byCommittee.length).toBeGreaterThan(1);
    expect((await api.get('/api/winners/statistics', admin.token)).body.data.statistics).toEqual(expected);
  });

  it('lists the groups still waiting for this month’s winner without selecting anyone', async () => {
    const plan = (await api.post('/api/committee-plans', { name: `Now ${Math.random()}`, monthlyAmount: 1000, duration: 12, totalAmount: 12000, maxMembers: 5 }, admin.token)).body.plan;
    // The file's clock stands at 2026-01-05 (Karachi), so this group's first month is the current one.
    const start = '2026-01-01';
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Now', maxMembers: 5, startDate: start }, admin.token)).body.group;
    const before = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM winners');
    const res = await api.post('/api/winners/trigger-monthly-selection', undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.groups.map((g: { groupId: string }) => g.groupId)).toContain(group.id);
    expect((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM winners')).rows[0].n).toBe(before.rows[0].n);
  });
});

describe('the winners list, a page at a time', () => {
  const TIE = '2026-01-03T04:05:06Z';

  /** Every page of the list with the given page size, and the pagination each page reported. */
  async function walk(query: string, limit: number) {
    const ids: string[] = [];
    const paginations: unknown[] = [];
    for (let page = 1; page <= 50; page++) {
      const res = await api.get(`/api/winners?${query}&page=${page}&limit=${limit}`, admin.token);
      expect(res.status).toBe(200);
      const rows = winnerListAnswer.parse(res.body).data.winners;
      expect(res.body).not.toHaveProperty('winners');
      paginations.push(res.body.data.pagination);
      if (rows.length === 0) break;
      ids.push(...rows.map((r) => r.id));
    }
    return { ids, paginations };
  }

  async function expectedIds(where = 'true', params: unknown[] = []) {
    const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM winners w WHERE ${where} ORDER BY year DESC, month DESC, selected_at DESC, id`, params);
    return rows.map((r) => r.id);
  }

  function expectTotals(paginations: unknown[], total: number, limit: number) {
    for (const [index, pagination] of paginations.entries()) {
      expect(pagination).toEqual({ page: index + 1, limit, total, pages: Math.max(1, Math.ceil(total / limit)), exact: true });
    }
  }

  /**
   * Two committees: the first with groups 7 and 8, each drawn for January and February (one of them
   * then cancelled); the second with group 7 drawn for the same two months. All six selections share
   * one instant, so that each month's winners tie on the whole sort key but their id.
   */
  async function tiedWinners() {
    const first = await groupWithMembers(2, 6);
    const eight = (await api.post('/api/admin/groups/create', { planId: first.plan.id, groupName: 'Draw group 8', groupNumber: '8', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
    const others: Awaited<ReturnType<typeof signUpMember>>[] = [];
    for (let i = 0; i < 2; i++) {
      const m = await signUpMember(ctx, { name: `Eight ${i + 1}` });
      await api.post(`/api/committee-plans/${first.plan.id}/add-user`, { userId: m.user.id, groupId: eight.id }, admin.token);
      others.push(m);
    }
    const second = await groupWithMembers(2, 6);
    const ids: string[] = [];
    for (const month of [1, 2]) {
      ids.push((await select(first.plan.id, first.members[month - 1].user.id, month)).body.winner.id);
      ids.push((await select(first.plan.id, others[month - 1].user.id, month, 2026, { groupNumber: '8' })).body.winner.id);
      ids.push((await select(second.plan.id, second.members[month - 1].user.id, month)).body.winner.id);
    }
    expect((await api.delete(`/api/winners/${ids[4]}`, admin.token)).status).toBe(200);
    await ctx.db.query('UPDATE winners SET selected_at = $2 WHERE id = ANY($1::uuid[])', [ids, TIE]);
    return { first: first.plan, second: second.plan, ids };
  }

  it('walks every page in the same order and with the same totals as the whole sorted list, ties split across page boundaries', async () => {
    const { first, second, ids } = await tiedWinners();

    // One committee: four winners, two tied per month; pages of three cut January's tie in two.
    const ofFirst = await expectedIds('w.plan_id = $1', [first.id]);
    expect(ofFirst).toHaveLength(4);
    const firstWalk = await walk(`committeeId=${first.id}`, 3);
    expect(firstWalk.ids).toEqual(ofFirst);
    expectTotals(firstWalk.paginations, 4, 3);
    const [firstPage] = (await api.get(`/api/winners?committeeId=${first.id}&limit=3`, admin.token, { answer: winnerListAnswer })).body.data.winners;
    expect(firstPage).toMatchObject({ year: 2026, month: 2, selectedAt: new Date(TIE).toISOString() });

    // Every winner (other tests' too), two a page: the ties across committees keep their id order.
    const all = await expectedIds();
    expect(all).toEqual(expect.arrayContaining(ids));
    const allWalk = await walk('x=1', 2);
    expect(allWalk.ids).toEqual(all);
    expectTotals(allWalk.paginations, all.length, 2);

    // With the filters the admin uses: a year and month, a status, both committees' search.
    const january = await expectedIds('w.year = 2026 AND w.month = 1');
    const januaryWalk = await walk('year=2026&month=1', 2);
    expect(januaryWalk.ids).toEqual(january);
    expectTotals(januaryWalk.paginations, january.length, 2);
    const cancelled = await expectedIds(`w.status = 'CANCELLED'`);
    const cancelledWalk = await walk('status=cancelled', 1);
    expect(cancelledWalk.ids).toEqual(cancelled);
    expectTotals(cancelledWalk.paginations, cancelled.length, 1);
    const named = await walk(`committeeId=${second.id}&search=${encodeURIComponent(second.name)}`, 1);
    expect(named.ids).toEqual(await expectedIds('w.plan_id = $1', [second.id]));
    expectTotals(named.paginations, 2, 1);
  });

  it('gives a page of 20 when no limit is asked for, and every winner with limit=all for older clients', async () => {
    await tiedWinners();
    const all = await expectedIds();
    expect(all.length).toBeGreaterThan(3);
    const byDefault = await api.get('/api/winners', admin.token, { answer: winnerListAnswer });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data.pagination).toEqual({ page: 1, limit: 20, total: all.length, pages: Math.ceil(all.length / 20), exact: true });
    expect(byDefault.body.data.winners.map((w) => w.id)).toEqual(all.slice(0, 20));
    const everything = await api.get('/api/winners?limit=all', admin.token, { answer: winnerListAnswer });
    expect(everything.status).toBe(200);
    expect(everything.body.data.winners.map((w) => w.id)).toEqual(all);
    expect(everything.body.data.pagination).toMatchObject({ page: 1, total: all.length, pages: 1, exact: true });
    // A page past the end is empty, with the true total.
    const past = await api.get(`/api/winners?page=${all.length + 1}&limit=1`, admin.token);
    expect(past.body.data.winners).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({ total: all.length, pages: all.length });
  });

  it('refuses bad paging and filters with 400 and the field at fault; no session is 401, a member 403', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=some', 'limit'],
      ['month=13', 'month'],
      ['year=1999', 'year'],
      ['status=won', 'status'],
    ]) {
      const res = await api.get(`/api/winners?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors), query).toEqual([field]);
    }
    expect((await api.get('/api/winners?page=2&limit=20')).status).toBe(401);
    const member = await signUpMember(ctx);
    expect((await api.get('/api/winners?page=2&limit=20', member.token)).status).toBe(403);
  });
});

describe('invariants over random selections and cancellations', () => {
  it('never gives a member two wins in a group, nor a month two winners', async () => {
    const { plan, members } = await groupWithMembers(4, 6);
    // A small seeded generator: the same sequence every run, so a failure can be replayed.
    let seed = 20261122;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const live: string[] = [];
    for (let step = 0; step < 60; step++) {
      if (live.length > 0 && random(3) === 0) {
        const id = live.splice(random(live.length), 1)[0];
        expect((await api.delete(`/api/winners/${id}`, admin.token)).status).toBe(200);
      } else {
        const res = await select(plan.id, members[random(4)].user.id, random(6) + 1);
        expect([201, 409]).toContain(res.status);
        if (res.status === 201) live.push(res.body.winner.id);
      }
      const check = await ctx.db.query<{ per_member: number; per_month: number }>(
        `SELECT (SELECT coalesce(max(n), 0)::int FROM (SELECT count(*) AS n FROM winners WHERE plan_id = $1 AND status <> 'CANCELLED' GROUP BY group_id, user_id) a) AS per_member,
                (SELECT coalesce(max(n), 0)::int FROM (SELECT count(*) AS n FROM winners WHERE plan_id = $1 AND status <> 'CANCELLED' GROUP BY group_id, year, month) b) AS per_month`,
        [plan.id],
      );
      expect(check.rows[0].per_member).toBeLessThanOrEqual(1);
      expect(check.rows[0].per_month).toBeLessThanOrEqual(1);
    }
    expect(live.length).toBeGreaterThan(0);
  });
});
