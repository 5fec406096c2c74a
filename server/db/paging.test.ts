/**
 * The index-backed lists (migration 013, db/paging.ts) give the same pages, order and totals as the
 * definition they had before: the whole filtered set sorted by its key, ties broken by id. Rows are made
 * to tie on the sort key, and each list is walked page by page across page boundaries; the expected
 * order and count are read straight from the tables here. Past COUNT_CEILING the total says it is a
 * lower bound.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditPageAnswer } from '../../contract/audit.ts';
import { paymentListAnswer } from '../../contract/instalments.ts';
import { notificationListAnswer } from '../../contract/notifications.ts';
import { planPaymentListAnswer } from '../../contract/plan-requests.ts';
import { userListAnswer } from '../../contract/users.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { COUNT_CEILING } from './paging.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let members: Awaited<ReturnType<typeof signUpMember>>[] = [];
const TIE = '2026-01-02T03:04:05Z';

/** Every page of a list, with the given page size, and the pagination each page reported; each page checked against the list's answer. */
async function walk<Body extends { data: { pagination: unknown } }>(
  path: string,
  limit: number,
  answer: z.core.$ZodType<Body>,
  pick: (body: Body) => { id: string }[],
  token = admin.token,
) {
  const ids: string[] = [];
  const paginations: unknown[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`, token, { answer });
    expect(res.status).toBe(200);
    const rows = pick(res.body);
    paginations.push(res.body.data.pagination);
    if (rows.length === 0) break;
    ids.push(...rows.map((r) => r.id));
  }
  return { ids, paginations };
}

async function idsOf(sql: string, params: unknown[] = []): Promise<string[]> {
  return (await ctx.db.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
}

/** Each reported pagination says the whole list's count, exactly, and the pages it makes. */
function expectTotals(paginations: unknown[], total: number, limit: number) {
  for (const [index, pagination] of paginations.entries()) {
    expect(pagination).toEqual({ page: index + 1, limit, total, pages: Math.max(1, Math.ceil(total / limit)), exact: true });
  }
}

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  members = [];
  for (let i = 0; i < 7; i++) members.push(await signUpMember(ctx, { name: `Pager ${i}` }));
  const bank = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  const plan = (await api.post('/api/committee-plans', { name: 'Paging Plan', monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, admin.token)).body.plan;
  for (const member of members) {
    const form = multipartBody({ planId: plan.id, amount: '5000', bankAccountId: bank }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
    expect(res.statusCode).toBe(201);
  }
  // Five of the seven members, their plan requests, and their notifications share one instant.
  const tied = members.slice(1, 6).map((m) => m.user.id);
  await ctx.db.query('UPDATE users SET created_at = $2 WHERE id = ANY($1::uuid[])', [tied, TIE]);
  await ctx.db.query(`UPDATE payments SET created_at = $2, submitted_at = $2 WHERE user_id = ANY($1::uuid[])`, [tied, TIE]);
  await ctx.db.query(
    `INSERT INTO notifications (user_id, type, title, message, created_at)
     SELECT $1, 'SYSTEM', 'Tied', 'Same instant ' || n, $2 FROM generate_series(1, 5) AS n`,
    [members[0].user.id, TIE],
  );
});

describe('index-backed lists keep their order and totals across page boundaries, ties included', () => {
  it('users: newest first, then by id', async () => {
    const expected = await idsOf('SELECT id FROM users ORDER BY created_at DESC, id');
    const { ids, paginations } = await walk('/api/admin/users', 3, userListAnswer, (b) => b.users);
    expect(ids).toEqual(expected);
    expectTotals(paginations, expected.length, 3);
  });

  it('payments (admin): latest activity first, then by id', async () => {
    const expected = await idsOf('SELECT id FROM payments ORDER BY coalesce(submitted_at, created_at) DESC, id');
    expect(expected.length).toBeGreaterThan(3);
    const { ids, paginations } = await walk('/api/payments', 2, paymentListAnswer, (b) => b.data.payments);
    expect(ids).toEqual(expected);
    expectTotals(paginations, expected.length, 2);
  });

  it('plan requests: newest first, then by id, with and without a status', async () => {
    const expected = await idsOf(`SELECT id FROM payments WHERE type = 'SUBSCRIPTION' ORDER BY created_at DESC, id`);
    const all = await walk('/api/plan-payments', 3, planPaymentListAnswer, (b) => b.data.payments);
    expect(all.ids).toEqual(expected);
    expectTotals(all.paginations, expected.length, 3);
    const pending = await idsOf(`SELECT id FROM payments WHERE type = 'SUBSCRIPTION' AND status = 'PENDING' ORDER BY created_at DESC, id`);
    const filtered = await walk('/api/plan-payments?status=PENDING', 2, planPaymentListAnswer, (b) => b.data.payments);
    expect(filtered.ids).toEqual(pending);
  });

  it('the audit trail: newest first, then by id', async () => {
    // Append-only: entries written in one transaction share their instant, and so tie.
    const expected = await idsOf('SELECT id FROM audit_log ORDER BY created_at DESC, id');
    const { ids, paginations } = await walk('/api/admin/audit', 4, auditPageAnswer, (b) => b.data.entries);
    expect(ids).toEqual(expected);
    expectTotals(paginations, expected.length, 4);
  });

  it("a member's notifications: newest first, then by id", async () => {
    const expected = await idsOf('SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id', [members[0].user.id]);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const { ids, paginations } = await walk('/api/notifications', 2, notificationListAnswer, (b) => b.data.notifications, members[0].token);
    expect(ids).toEqual(expected);
    expectTotals(paginations, expected.length, 2);
  });
});

describe('a list longer than the count goes', () => {
  it('says its total is a lower bound, offers the next page, and counts exactly on the last page', async () => {
    const member = members[6];
    await ctx.db.query(
      `INSERT INTO notifications (user_id, type, title, message) SELECT $1, 'SYSTEM', 'Many', 'Note ' || n FROM generate_series(1, $2::int) AS n`,
      [member.user.id, COUNT_CEILING + 5],
    );
    const all = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1', [member.user.id])).rows[0].n;
    expect(all).toBeGreaterThan(COUNT_CEILING);

    const first = await api.get('/api/notifications?page=1&limit=100', member.token);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 100, total: COUNT_CEILING, pages: COUNT_CEILING / 100, exact: false });
    const deep = await api.get(`/api/notifications?page=${COUNT_CEILING / 100}&limit=100`, member.token);
    expect(deep.body.data.pagination).toEqual({ page: COUNT_CEILING / 100, limit: 100, total: COUNT_CEILING, pages: COUNT_CEILING / 100 + 1, exact: false });
    expect(deep.body.data.notifications).toHaveLength(100);

    const lastPage = Math.ceil(all / 100);
    const last = await api.get(`/api/notifications?page=${lastPage}&limit=100`, member.token);
    expect(last.body.data.notifications).toHaveLength(all - (lastPage - 1) * 100);
    expect(last.body.data.pagination).toEqual({ page: lastPage, limit: 100, total: all, pages: lastPage, exact: true });
  });
});
