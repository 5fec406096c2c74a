/**
 * The admin's payment list by state (RULES §6a words: `owed` includes overdue) and due months, and its
 * CSV export with the same filters. Expected lists come from the independent oracle (test/figures-oracle.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentListAnswer } from '../../contract/instalments.ts';
import { oracleState, rawInstalments } from '../test/figures-oracle.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
const TODAY = '2026-03-15';
ctx.setNow(`${TODAY}T12:00:00+05:00`);
let groupId: string;
let sanaId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  const plan = (await api.post('/api/committee-plans', { name: 'Filter Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
  groupId = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group.id;
  for (const name of ['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq']) {
    const m = await signUpMember(ctx, name === 'Sana Tariq' ? { name, phone: '+92 301 7654321', cnic: '35202-7654321-9' } : { name });
    if (name === 'Sana Tariq') sanaId = m.user.id;
    await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId }, admin.token);
    if (name === 'Aisha Khan') await ctx.db.query(`UPDATE payments SET status = 'PAID', approved_at = now() WHERE user_id = $1 AND month <= 2`, [m.user.id]);
    if (name === 'Bilal Ahmed') {
      // March's receipt waits for review.
      const form = multipartBody({ groupId, amount: '5000', month: '3', year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
      expect((await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${m.token}` } })).statusCode).toBe(201);
    }
  }
});

const listIds = async (query: string) => {
  const res = await api.get(`/api/payments?groupId=${groupId}&limit=100&${query}`, admin.token, { answer: paymentListAnswer });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.payments.map((p) => p.id).sort();
};

describe('GET /api/payments (admin) by state and due month', () => {
  it('lists the instalments in each state, owed including overdue, and within due months', async () => {
    const raw = await rawInstalments(ctx.db, 'group_id = $1', [groupId]);
    const having = (test: (i: (typeof raw)[number]) => boolean) => raw.filter(test).map((i) => i.id).sort();
    const state = (i: (typeof raw)[number]) => oracleState(i, TODAY);
    expect(await listIds('state=owed')).toEqual(having((i) => ['OWED', 'OVERDUE'].includes(state(i))));
    expect(await listIds('state=overdue')).toEqual(having((i) => state(i) === 'OVERDUE'));
    expect(await listIds('state=Under-Review')).toEqual(having((i) => state(i) === 'UNDER_REVIEW'));
    expect(await listIds('state=paid')).toEqual(having((i) => state(i) === 'PAID'));
    expect(await listIds('state=scheduled')).toEqual(having((i) => state(i) === 'SCHEDULED'));
    // Every instalment is in exactly one of the four states other than `overdue`.
    const all = [...(await listIds('state=owed')), ...(await listIds('state=under-review')), ...(await listIds('state=paid')), ...(await listIds('state=scheduled'))].sort();
    expect(all).toEqual(raw.map((i) => i.id).sort());
    expect(await listIds('dueFrom=2026-02&dueTo=2026-03')).toEqual(having((i) => i.due_date >= '2026-02-01' && i.due_date < '2026-04-01'));
    expect(await listIds('state=owed&dueFrom=2026-03')).toEqual(having((i) => ['OWED', 'OVERDUE'].includes(state(i)) && i.due_date >= '2026-03-01'));
    expect(await listIds('dueTo=2026-12')).toEqual(raw.map((i) => i.id).sort());
  });

  it("finds a member's payments by phone however typed, and by CNIC with or without dashes", async () => {
    const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND type = 'INSTALMENT'`, [sanaId]);
    const sana = rows.map((r) => r.id).sort();
    expect(sana).toHaveLength(6);
    for (const typed of ['03017654321', '0301-7654321', '+923017654321', '+92 301 7654321', '3520276543219', '35202-7654321-9']) {
      expect(await listIds(`search=${encodeURIComponent(typed)}`), typed).toEqual(sana);
    }
    expect(await listIds('search=0301-0000000')).toEqual([]);
  });

  it('exports the same payments as CSV with the same filters', async () => {
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/exports/payments.csv?groupId=${groupId}&state=owed`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.statusCode).toBe(200);
    const ids = csv.body.split('\r\n').slice(1).filter(Boolean).map((line) => line.split(',')[0].replace(/"/g, '')).sort();
    expect(ids).toEqual(await listIds('state=owed'));
  });

  it('refuses an unknown state, a malformed due month and a range out of order (400, with the field)', async () => {
    for (const [query, field] of [['state=late', 'state'], ['dueFrom=2026-13', 'dueFrom'], ['dueTo=March', 'dueTo'], ['dueFrom=2026-05&dueTo=2026-02', 'dueTo']]) {
      const res = await api.get(`/api/payments?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.errors, query).toHaveProperty(field);
      const exported = await api.get(`/api/admin/exports/payments.csv?${query}`, admin.token);
      expect(exported.status, query).toBe(400);
    }
  });
});
