/**
 * The referral leaderboard and the commission history read kept totals per referrer and period
 * (migration 017). Here they are held to the plain definitions, counted from the commissions: the
 * leaderboard ranks commissions accrued in the period, summed per referrer, by amount then name, with the
 * number of different members they came from; the history pages commissions newest first, ties by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { leaderboardAnswer } from '../../contract/referrals.ts';
import { karachiToday } from '../business-time.ts';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

type Entry = z.output<typeof leaderboardAnswer>['leaderboard'][number];

let ctx: TestContext;
let api: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
const today = karachiToday();
type Member = Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  ctx = await createTestContext();
  api = client(ctx);
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '9', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});
afterAll(() => ctx.close());

async function plan(monthlyAmount: number) {
  return (await api.post('/api/committee-plans', { name: `Board ${Math.random()}`, monthlyAmount, duration: 2, totalAmount: monthlyAmount * 2, maxMembers: 100 }, admin.token)).body.plan;
}

async function buyAndApprove(member: Member, p: { id: string; monthlyAmount: number }) {
  const form = multipartBody({ planId: p.id, amount: String(p.monthlyAmount), bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const sub = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
  expect(sub.statusCode).toBe(201);
  const groups = (await api.get(`/api/admin/groups/plan/${p.id}`, admin.token)).body.data.groups;
  const res = await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, groups.length ? { groupId: groups[0].id } : { groupNumber: '1' }, admin.token);
  expect(res.status).toBe(200);
}


/** The definition, counted from the commissions themselves. */
async function expected(period: 'ALL' | 'YEAR' | 'MONTH', limit: number, viewerId: string) {
  const { rows } = await ctx.db.query<{ id: string; name: string; total: string; referred: number }>(
    `SELECT u.id, u.name, sum(c.amount)::text AS total, count(DISTINCT c.referred_user_id)::int AS referred
     FROM commissions c JOIN users u ON u.id = c.referrer_id
     WHERE ($1 = 'ALL' OR c.accrued_year = $2) AND ($1 <> 'MONTH' OR c.accrued_month = $3)
     GROUP BY u.id, u.name`,
    [period, today.year, today.month],
  );
  return rows
    .map((r) => ({ id: r.id, name: r.name, total: Number(r.total), referred: r.referred }))
    .sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit)
    .map((r, i): Entry => ({ rank: i + 1, name: r.name, isYou: r.id === viewerId, totalCommission: r.total, referralCount: r.referred }));
}

let referrers: Member[];

describe('referral leaderboard', () => {
  beforeAll(async () => {
    const small = await plan(2000);
    const large = await plan(5000);
    // Four referrers; Hamid and Bilal earn the same, so their order is by name.
    referrers = [];
    for (const name of ['Hamid Raza', 'Bilal Ahmed', 'Sana Tariq', 'Kashif Ali']) referrers.push(await signUpMember(ctx, { name }));
    const [hamid, bilal, sana, kashif] = referrers;
    const referred = async (by: Member) => signUpMember(ctx, { referralCode: by.user.referralCode });
    await buyAndApprove(await referred(hamid), small);
    await buyAndApprove(await referred(bilal), small);
    // Sana's one member buys two plans: two commissions, one member.
    const twice = await referred(sana);
    await buyAndApprove(twice, small);
    await buyAndApprove(twice, large);
    // Kashif's member brings someone too: Kashif earns at level 2 from a second member.
    const kashifs = await referred(kashif);
    await buyAndApprove(kashifs, large);
    await buyAndApprove(await referred(kashifs), small);
  });

  it('ranks this month, this year and all time as the commissions add up, ties by name, for a member and the admin', async () => {
    const viewer = referrers[2];
    for (const period of ['ALL', 'YEAR', 'MONTH'] as const) {
      const board = await api.get(`/api/referrals/leaderboard?period=${period.toLowerCase()}&limit=10`, viewer.token);
      expect(board.status).toBe(200);
      const want = await expected(period, 10, viewer.user.id);
      // A member sees first names and an initial.
      expect(board.body.leaderboard).toEqual(want.map((e) => ({ ...e, name: e.name.split(' ').length > 1 ? `${e.name.split(' ')[0]} ${e.name.split(' ').at(-1)![0]}.` : e.name })));
      const asAdmin = await api.get(`/api/referrals/leaderboard?period=${period.toLowerCase()}&limit=10`, admin.token);
      expect(asAdmin.body.leaderboard).toEqual(await expected(period, 10, admin.user.id));
    }
    const all = (await api.get('/api/referrals/leaderboard?period=all&limit=10', admin.token, { answer: leaderboardAnswer })).body.leaderboard;
    expect(all.find((e) => e.name === 'Sana Tariq')).toMatchObject({ totalCommission: 700, referralCount: 1 });
    expect(all.find((e) => e.name === 'Kashif Ali')?.referralCount).toBe(2);
    expect(all.map((e) => e.name).indexOf('Bilal Ahmed')).toBe(all.map((e) => e.name).indexOf('Hamid Raza') - 1);
  });

  it('cuts at the limit between two equal amounts by name', async () => {
    const want = await expected('ALL', 10, admin.user.id);
    const bilal = want.findIndex((e) => e.name === 'Bilal Ahmed');
    const cut = await api.get(`/api/referrals/leaderboard?period=all&limit=${bilal + 1}`, admin.token);
    expect(cut.body.leaderboard).toEqual(want.slice(0, bilal + 1));
    expect(cut.body.leaderboard.at(-1)!.name).toBe('Bilal Ahmed');
  });

  it('a commission of an earlier month counts for all time only, and a member counts once per period', async () => {
    const [hamid] = referrers;
    // Moved to January of last year, as if it had accrued then (the kept totals are counted again).
    await ctx.db.query(`UPDATE commissions SET accrued_year = $2, accrued_month = 1 WHERE referrer_id = $1`, [hamid.user.id, today.year - 1]);
    for (const period of ['ALL', 'YEAR', 'MONTH'] as const) {
      const board = await api.get(`/api/referrals/leaderboard?period=${period.toLowerCase()}&limit=10`, admin.token, { answer: leaderboardAnswer });
      expect(board.body.leaderboard).toEqual(await expected(period, 10, admin.user.id));
      expect(board.body.leaderboard.some((e) => e.name === 'Hamid Raza')).toBe(period === 'ALL');
    }
    // A member who paid in two periods is one member in each and in all time.
    const sana = referrers[2];
    await ctx.db.query(
      `UPDATE commissions SET accrued_year = $2, accrued_month = 1 WHERE id = (SELECT id FROM commissions WHERE referrer_id = $1 ORDER BY amount LIMIT 1)`,
      [sana.user.id, today.year - 1],
    );
    const all = (await api.get('/api/referrals/leaderboard?period=all&limit=10', admin.token, { answer: leaderboardAnswer })).body.leaderboard;
    expect(all.find((e) => e.name === 'Sana Tariq')).toMatchObject({ totalCommission: 700, referralCount: 1 });
    const month = (await api.get('/api/referrals/leaderboard?period=month&limit=10', admin.token, { answer: leaderboardAnswer })).body.leaderboard;
    expect(month.find((e) => e.name === 'Sana Tariq')).toMatchObject({ totalCommission: 500, referralCount: 1 });
  });

  it('is empty for a period with no commissions, and refuses a wrong period or limit', async () => {
    const empty = await createTestContext();
    try {
      const viewer = await signUpMember(empty);
      const board = await client(empty).get('/api/referrals/leaderboard', viewer.token);
      expect(board.status).toBe(200);
      expect(board.body.leaderboard).toEqual([]);
    } finally {
      await empty.close();
    }
    expect((await api.get('/api/referrals/leaderboard?period=week', admin.token)).status).toBe(400);
    expect((await api.get('/api/referrals/leaderboard?limit=0', admin.token)).status).toBe(400);
    expect((await api.get('/api/referrals/leaderboard')).status).toBe(401);
  });
});

describe('commission history', () => {
  /** The definition: the matching commissions, newest first, ties by id, with their count and sum. */
  async function expectedHistory(where: string, params: unknown[]) {
    const { rows } = await ctx.db.query<{ id: string; amount: string }>(`SELECT id, amount::text FROM commissions c WHERE ${where} ORDER BY accrued_at DESC, id`, params);
    return { ids: rows.map((r) => r.id), total: rows.length, sum: rows.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0) / 100 };
  }

  async function pages(query: string, token: string, limit: number) {
    const ids: string[] = [];
    let answer;
    for (let page = 1; ; page++) {
      answer = await api.get(`/api/referrals/commission-history?${query}&page=${page}&limit=${limit}`, token);
      expect(answer.status).toBe(200);
      ids.push(...answer.body.commissionHistory.map((c: { id: string }) => c.id));
      if (page >= answer.body.data.pagination.pages) break;
    }
    return { ids, total: answer.body.data.pagination.total, totalCommission: answer.body.totalCommission };
  }

  it("pages everyone's commissions for the admin, and one referrer's, with the same order and totals as counted", async () => {
    // Commissions of one approval share their moment: ties in the sort key, broken by id.
    const everyone = await expectedHistory('true', []);
    expect(everyone.total).toBeGreaterThan(6);
    for (const limit of [3, 50]) {
      const paged = await pages('x=1', admin.token, limit);
      expect(paged).toEqual({ ids: everyone.ids, total: everyone.total, totalCommission: everyone.sum });
    }
    const kashif = referrers[3];
    const one = await expectedHistory('referrer_id = $1', [kashif.user.id]);
    expect(await pages(`userId=${kashif.user.id}`, admin.token, 1)).toEqual({ ids: one.ids, total: one.total, totalCommission: one.sum });
    // A member sees their own, whatever user they name.
    expect(await pages(`userId=${referrers[0].user.id}`, kashif.token, 50)).toEqual({ ids: one.ids, total: one.total, totalCommission: one.sum });
  });

  it('sums what a filter matches', async () => {
    // Two commissions accrued more than a year ago.
    await ctx.db.query(`UPDATE commissions SET accrued_at = accrued_at - interval '400 days' WHERE id IN (SELECT id FROM commissions ORDER BY id LIMIT 2)`);
    const level1 = await expectedHistory("level = 1 AND status = 'PENDING'", []);
    expect(await pages('level=1&status=pending', admin.token, 2)).toEqual({ ids: level1.ids, total: level1.total, totalCommission: level1.sum });
    const lastYear = await expectedHistory("accrued_at < (date_trunc('year', now() AT TIME ZONE 'Asia/Karachi') AT TIME ZONE 'Asia/Karachi')", []);
    expect(lastYear.total).toBe(2);
    const endOfLastYear = `${today.year - 1}-12-31`;
    expect(await pages(`endDate=${endOfLastYear}`, admin.token, 50)).toEqual({ ids: lastYear.ids, total: lastYear.total, totalCommission: lastYear.sum });
    expect((await api.get('/api/referrals/commission-history?level=4', admin.token)).status).toBe(400);
    expect((await api.get('/api/referrals/commission-history')).status).toBe(401);
  });
});

describe('referral reports', () => {
  /** The definition: referrals newest first (ties by id) and their commissions summed by status. */
  async function expectedReport(filter: { level?: number; status?: string } = {}) {
    const { rows } = await ctx.db.query<{ id: string; level: number; total: string; pending: string; paid: string }>(
      `SELECT r.id, r.level, coalesce(sum(c.amount), 0)::text AS total, coalesce(sum(c.amount) FILTER (WHERE c.status = 'PENDING'), 0)::text AS pending,
              coalesce(sum(c.amount) FILTER (WHERE c.status = 'PAID'), 0)::text AS paid
       FROM referrals r LEFT JOIN commissions c ON c.referral_id = r.id
       WHERE ($1::int IS NULL OR r.level = $1) AND ($2::text IS NULL OR r.status = $2)
       GROUP BY r.id ORDER BY r.created_at DESC, r.id`,
      [filter.level ?? null, filter.status ?? null],
    );
    const add = (key: 'total' | 'pending' | 'paid') => rows.reduce((s, r) => s + Math.round(Number(r[key]) * 100), 0) / 100;
    return {
      rows: rows.map((r) => ({ id: r.id, totalCommission: Number(r.total) })),
      summary: {
        totalReferrals: rows.length,
        totalCommission: add('total'),
        pendingCommission: add('pending'),
        paidCommission: add('paid'),
        levelBreakdown: { level1: rows.filter((r) => r.level === 1).length, level2: rows.filter((r) => r.level === 2).length, level3: rows.filter((r) => r.level === 3).length },
      },
    };
  }

  async function reportPages(limit: number, filter = '') {
    const rows: { id: string; totalCommission: number }[] = [];
    let summary;
    for (let page = 1; ; page++) {
      const res = await api.get(`/api/referrals/reports?page=${page}&limit=${limit}${filter}`, admin.token);
      expect(res.status).toBe(200);
      rows.push(...res.body.referrals.map((r: { id: string; totalCommission: number }) => ({ id: r.id, totalCommission: r.totalCommission })));
      summary = res.body.summary;
      if (res.body.referrals.length < limit) break;
    }
    return { rows, summary };
  }

  it('pages the referrals with their commissions, and the summary splits pending and paid as counted, before and after a payout', async () => {
    const before = await expectedReport();
    expect(before.summary.pendingCommission).toBeGreaterThan(0);
    expect(await reportPages(3)).toEqual(before);
    const paid = await api.post('/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER' }, admin.token);
    expect(paid.status).toBe(201);
    const after = await expectedReport();
    expect(after.summary.paidCommission).toBeGreaterThan(0);
    expect(await reportPages(50)).toEqual(after);
  });

  it('gives the summary of one level from the kept totals, and of one status by summing the matching referrals, each as counted', async () => {
    for (const level of [1, 2, 3]) {
      const expected = await expectedReport({ level });
      // Levels 1 and 2 have referrals here; level 3 has none, and its summary is zero.
      expect(expected.rows.length > 0, `level ${level}`).toBe(level < 3);
      expect(await reportPages(2, `&level=${level}`), `level ${level}`).toEqual(expected);
    }
    expect(await reportPages(2, '&status=active&level=1')).toEqual(await expectedReport({ status: 'ACTIVE', level: 1 }));
  });
});
