/**
 * The audit log as a person reads it (RULES §11): each entry names its record (member, plan and group,
 * month, bank account) rather than only an id, and no entry shows a two-factor secret or code.
 */
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoFactorSetupAnswer } from '../../contract/accounts.ts';
import { auditPageAnswer } from '../../contract/audit.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
ctx.setNow('2026-01-05T12:00:00+05:00');

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

/** The page of audit entries about one record. */
async function entriesAbout(entityId: string) {
  const res = await api.get(`/api/admin/audit?entityId=${entityId}`, admin.token, { answer: auditPageAnswer });
  expect(res.status).toBe(200);
  return res.body.data.entries;
}

describe('audit entries name their records', () => {
  it('a plan, a group, a bank account, a member, a plan request, a winner and a draw', async () => {
    const plan = (await api.post('/api/committee-plans', { name: 'Gold Umrah', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', groupNumber: '4', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
    const bank = (await api.post('/api/bank-accounts', { accountName: 'Committee Collections', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount;
    const member = await signUpMember(ctx, { name: 'Aisha Khan' });
    const other = await signUpMember(ctx, { name: 'Bilal Ahmed' });
    const request = (await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, member.token)).body.data.payment;
    await api.put(`/api/plan-payments/${request.id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token);
    expect((await api.put(`/api/plan-payments/${request.id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: other.user.id, groupId: group.id }, admin.token)).status).toBe(201);
    const winner = (await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '4', month: 2, year: 2026, userId: member.user.id }, admin.token)).body.winner;
    const draw = (await api.post(`/api/winners/draws/${plan.id}/4/commit`, { month: 3, year: 2026 }, admin.token)).body.data.draw;
    expect((await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: true, reason: 'Check' }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: false }, admin.token)).status).toBe(200);

    expect((await entriesAbout(plan.id))[0].subject).toEqual({ plan: 'Gold Umrah' });
    expect((await entriesAbout(group.id))[0].subject).toEqual({ plan: 'Gold Umrah', groupNumber: '4' });
    expect((await entriesAbout(bank.id))[0].subject).toEqual({ bank: 'HBL', account: 'Committee Collections' });
    expect((await entriesAbout(member.user.id)).map((e) => e.subject)).toEqual([{ member: 'Aisha Khan' }, { member: 'Aisha Khan' }]);
    expect((await entriesAbout(request.id))[0].subject).toEqual({ member: 'Aisha Khan', plan: 'Gold Umrah', groupNumber: '4', planRequest: true });
    expect((await entriesAbout(winner.id))[0].subject).toEqual({ member: 'Aisha Khan', plan: 'Gold Umrah', groupNumber: '4', month: 2, year: 2026 });
    expect((await entriesAbout(draw.id))[0].subject).toEqual({ plan: 'Gold Umrah', groupNumber: '4', month: 3, year: 2026 });
    // The CSV export names them the same way, in words.
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/admin/exports/audit.csv?entityId=${winner.id}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"Aisha Khan, Gold Umrah, Group 4, February 2026"');
  });

  it('shows no two-factor secret or code, ever', async () => {
    const other = await signInAdmin(ctx);
    const setup = await api.post('/api/auth/two-factor/setup', { currentPassword: other.password }, other.token, { answer: twoFactorSetupAnswer });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await api.post('/api/auth/two-factor/enable', { code, currentPassword: other.password }, other.token)).status).toBe(200);
    const entries = (await entriesAbout(other.user.id)).filter((e) => e.action.startsWith('TWO_FACTOR'));
    expect(entries.map((e) => e.action).sort()).toEqual(['TWO_FACTOR_ENABLE', 'TWO_FACTOR_SETUP']);
    const text = JSON.stringify((await api.get('/api/admin/audit?limit=100', admin.token)).body);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(`"${code}"`);
  });
});
