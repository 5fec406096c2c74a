/**
 * User administration (admin document §2 User Management, §3 User (admin view); RULES §3, §11, §12):
 * search, filters, paging and figures computed by the database; edits, role changes, activation,
 * blocking and passwords, each audited once and ending sessions when access is lost.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { userListAnswer, userMessages } from '../../contract/users.ts';
import { lastEmailTo, multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember, uniqueEmail } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '777', bankName: 'Meezan', accountType: 'Current' }, admin.token)).body.bankAccount.id;
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type AuditRow = { action: string; actor_id: string; entity_type: string; entity_id: string; before_data: Record<string, unknown> | null; after_data: Record<string, unknown> | null };

async function auditOf(entityId: string): Promise<AuditRow[]> {
  const { rows } = await ctx.db.query<AuditRow>(
    'SELECT action, actor_id, entity_type, entity_id, before_data, after_data FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [entityId],
  );
  return rows;
}

async function auditCount(): Promise<number> {
  return (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
}

async function sessionsOf(userId: string): Promise<number> {
  return (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])).rows[0].n;
}

/**
 * A short marker unique to one test, so that searches find only that test's users. Letters only: a
 * search with four or more digits also matches phone numbers by their digits.
 */
const tag = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 12)
    .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]);

describe('GET /api/admin/users: search', () => {
  it('finds a user by name, email, phone (however typed) and referral code, in any case', async () => {
    const t = tag();
    const target = await signUpMember(ctx, { name: `Zubair Qureshi ${t}`, email: `zq.${t}@example.com`, phone: '+92 321 7654093' });
    const other = await signUpMember(ctx, { name: `Other Person ${tag()}`, phone: '+92 333 1112223' });

    const ids = async (search: string) => {
      const res = await api.get(`/api/admin/users?search=${encodeURIComponent(search)}`, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.data).not.toHaveProperty('users');
      return res.body.users.map((u) => u.id);
    };

    expect(await ids(`zubair qureshi ${t}`)).toEqual([target.user.id]);
    expect(await ids(t.toUpperCase())).toEqual([target.user.id]);
    expect(await ids(`zq.${t}@EXAMPLE.com`)).toEqual([target.user.id]);
    // The same number as the member typed it, and as an admin types it.
    expect(await ids('+92 321 7654093')).toEqual([target.user.id]);
    expect(await ids('0321-7654093')).toEqual([target.user.id]);
    expect(await ids('03217654093')).toEqual([target.user.id]);
    expect(await ids('923217654093')).toEqual([target.user.id]);
    expect(await ids(target.user.referralCode.toLowerCase())).toEqual([target.user.id]);
    expect(await ids(other.user.referralCode)).toEqual([other.user.id]);
    expect(await ids(`nobody-${t}`)).toEqual([]);
  });

  it('finds a user by CNIC, with or without dashes', async () => {
    const cnic = `35${String(Date.now()).slice(-10)}1`;
    const target = await signUpMember(ctx, { name: `Cnic Holder ${tag()}`, cnic });
    const dashed = `${cnic.slice(0, 5)}-${cnic.slice(5, 12)}-${cnic.slice(12)}`;
    for (const search of [cnic, dashed, `${cnic.slice(0, 5)} ${cnic.slice(5, 12)} ${cnic.slice(12)}`]) {
      const res = await api.get(`/api/admin/users?search=${encodeURIComponent(search)}`, admin.token);
      expect(res.body.users.map((u: { id: string }) => u.id), search).toEqual([target.user.id]);
    }
  });

  it('treats % and _ in the search as plain characters', async () => {
    const res = await api.get(`/api/admin/users?search=${encodeURIComponent('%')}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    const underscore = await api.get(`/api/admin/users?search=${encodeURIComponent('_')}`, admin.token);
    expect(underscore.body.users).toEqual([]);
  });
});

describe('GET /api/admin/users: filters, paging, counters', () => {
  it('filters active, inactive and blocked in any case, and the counters equal counts in the database', async () => {
    const active = await signUpMember(ctx);
    const inactive = await signUpMember(ctx);
    const blocked = await signUpMember(ctx);
    expect((await api.put(`/api/admin/users/${inactive.user.id}/status`, { isActive: false }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/admin/users/${blocked.user.id}/block`, { isBlocked: true, reason: 'Fake receipts' }, admin.token)).status).toBe(200);

    const list = async (status: string) => {
      const res = await api.get(`/api/admin/users?status=${status}&limit=100`, admin.token, { answer: userListAnswer });
      expect(res.status).toBe(200);
      return res.body.users;
    };
    for (const status of ['blocked', 'BLOCKED', 'Blocked']) {
      const users = await list(status);
      expect(users.map((u) => u.id)).toContain(blocked.user.id);
      expect(users.every((u) => u.isBlocked)).toBe(true);
    }
    for (const status of ['inactive', 'INACTIVE', 'InActive']) {
      const users = await list(status);
      expect(users.map((u) => u.id)).toContain(inactive.user.id);
      expect(users.every((u) => !u.isActive && !u.isBlocked)).toBe(true);
    }
    for (const status of ['active', 'Active', ' ACTIVE ']) {
      const users = await list(encodeURIComponent(status));
      expect(users.map((u) => u.id)).toContain(active.user.id);
      expect(users.map((u) => u.id)).not.toContain(inactive.user.id);
      expect(users.map((u) => u.id)).not.toContain(blocked.user.id);
      expect(users.every((u) => u.isActive && !u.isBlocked)).toBe(true);
    }
    const all = await list('all');
    expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([active.user.id, inactive.user.id, blocked.user.id]));

    const counts = await ctx.db.query<{ total: number; active: number; inactive: number; blocked: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active AND NOT is_blocked)::int AS active,
         count(*) FILTER (WHERE NOT is_active AND NOT is_blocked)::int AS inactive, count(*) FILTER (WHERE is_blocked)::int AS blocked FROM users`,
    );
    const res = await api.get('/api/admin/users?status=blocked', admin.token);
    expect(res.body.data.counters).toEqual(counts.rows[0]);
    expect(counts.rows[0].total).toBe(counts.rows[0].active + counts.rows[0].inactive + counts.rows[0].blocked);
    expect(res.body.data.pagination.total).toBe(counts.rows[0].blocked);
    expect((await api.get('/api/users/stats/overview', admin.token)).body).toEqual({ success: true, data: counts.rows[0] });

    const bad = await api.get('/api/admin/users?status=sleeping', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it('pages newest first with a total counted in the database', async () => {
    for (let i = 0; i < 3; i++) await signUpMember(ctx);
    const total = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const newest = await ctx.db.query<{ id: string }>('SELECT id FROM users ORDER BY created_at DESC, id LIMIT 4');

    const first = await api.get('/api/admin/users?limit=2&page=1', admin.token);
    const second = await api.get('/api/admin/users?limit=2&page=2', admin.token);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 2, total, pages: Math.ceil(total / 2), exact: true });
    expect(second.body.data.pagination).toMatchObject({ page: 2, limit: 2, total });
    expect([...first.body.users, ...second.body.users].map((u: { id: string }) => u.id)).toEqual(newest.rows.map((r) => r.id));

    const beyond = await api.get('/api/admin/users?limit=2&page=999', admin.token);
    expect(beyond.status).toBe(200);
    expect(beyond.body.users).toEqual([]);
    expect(beyond.body.data.pagination.total).toBe(total);
    expect((await api.get('/api/admin/users', admin.token)).body.data.pagination.limit).toBe(50);
    expect((await api.get('/api/admin/users?limit=0', admin.token)).status).toBe(400);
    expect((await api.get('/api/admin/users?page=0', admin.token)).status).toBe(400);
  });
});

describe("a user's committee and payment figures", () => {
  it('equal the memberships and paid payments counted and summed directly in the database', async () => {
    const plan = (await api.post('/api/committee-plans', { name: `Figures ${tag()}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, admin.token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Jan', maxMembers: 10, startDate: '2026-01-01' }, admin.token)).body.group;
    const member = await signUpMember(ctx, { name: `Figures Member ${tag()}` });

    const fresh = await api.get(`/api/admin/users/${member.user.id}`, admin.token);
    expect(fresh.body.user).toMatchObject({ committeeStats: { totalCommittees: 0, activeCommittees: 0 }, paymentStats: { totalAmount: 0, totalPayments: 0 } });

    // Buys the plan (a paid subscription that also settles January), then pays February.
    const form = multipartBody({ planId: plan.id, amount: '5000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    const sub = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
    expect(sub.statusCode).toBe(201);
    expect((await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, { groupId: group.id }, admin.token)).status).toBe(200);
    const feb = multipartBody({ groupId: group.id, amount: '5000', month: '2', year: '2026', bankAccountId }, { name: 'r.jpg', type: 'image/jpeg', data: sampleFiles.jpg });
    const paid = await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: feb.payload, headers: { ...feb.headers, authorization: `Bearer ${member.token}` } });
    expect(paid.statusCode).toBe(201);
    expect((await api.put(`/api/payments/${paid.json().payment.id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
    // And is put into a second plan's group by an admin, with nothing paid there yet.
    const plan2 = (await api.post('/api/committee-plans', { name: `Figures 2 ${tag()}`, monthlyAmount: 2500, duration: 2, totalAmount: 5000, maxMembers: 10 }, admin.token)).body.plan;
    const group2 = (await api.post('/api/admin/groups/create', { planId: plan2.id, groupName: 'G2', maxMembers: 10, startDate: '2026-03-01' }, admin.token)).body.group;
    expect((await api.post(`/api/committee-plans/${plan2.id}/add-user`, { userId: member.user.id, groupId: group2.id }, admin.token)).status).toBe(201);

    const memberships = await ctx.db.query<{ total: number; active: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'ACTIVE')::int AS active FROM group_members WHERE user_id = $1`,
      [member.user.id],
    );
    // The January instalment is settled by the subscription: the same money, counted once.
    const payments = await ctx.db.query<{ n: number; amount: string }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM payments WHERE user_id = $1 AND status = 'PAID' AND settled_by_payment_id IS NULL`,
      [member.user.id],
    );
    const expected = {
      committeeStats: { totalCommittees: memberships.rows[0].total, activeCommittees: memberships.rows[0].active },
      paymentStats: { totalAmount: Number(payments.rows[0].amount), totalPayments: payments.rows[0].n },
    };
    expect(expected).toEqual({ committeeStats: { totalCommittees: 2, activeCommittees: 2 }, paymentStats: { totalAmount: 10000, totalPayments: 2 } });

    const one = await api.get(`/api/admin/users/${member.user.id}`, admin.token);
    expect(one.status).toBe(200);
    expect(one.body.user).toMatchObject({ id: member.user.id, ...expected });
    expect(one.body.data.user).toEqual(one.body.user);
    const inList = (await api.get(`/api/admin/users?search=${encodeURIComponent(member.email)}`, admin.token)).body.users.find((u: { id: string }) => u.id === member.user.id);
    expect(inList).toMatchObject({ id: member.user.id, ...expected });
    expect((await api.get(`/api/users/${member.user.id}`, admin.token)).body.user).toEqual(one.body.user);
    expect(JSON.stringify(one.body)).not.toMatch(/password|hash/i);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('edits name, email and phone, and writes exactly one USER_UPDATE audit row with before and after', async () => {
    const member = await signUpMember(ctx, { name: 'Before Name', phone: '0300 1111111' });
    const newEmail = uniqueEmail('edited');
    const res = await api.put(`/api/admin/users/${member.user.id}`, { name: '  After Name ', email: newEmail.toUpperCase(), phone: '0300-2222222', role: 'user' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.user).toMatchObject({ name: 'After Name', email: newEmail, phone: '0300-2222222', role: 'USER' });
    const stored = await ctx.db.query<{ name: string; email: string; phone: string }>('SELECT name, email, phone FROM users WHERE id = $1', [member.user.id]);
    expect(stored.rows[0]).toEqual({ name: 'After Name', email: newEmail, phone: '0300-2222222' });

    const audit = await auditOf(member.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'USER_UPDATE',
      actor_id: admin.user.id,
      entity_type: 'user',
      before_data: { name: 'Before Name', email: member.email, phone: '0300 1111111', role: 'USER', isActive: true, isBlocked: false },
      after_data: { name: 'After Name', email: newEmail, phone: '0300-2222222', role: 'USER', isActive: true, isBlocked: false },
    });
    // The member signs in with the address the admin set.
    expect((await api.post('/api/auth/login', { email: newEmail, password: member.password })).status).toBe(200);
  });

  it('refuses an email another account has (409) and writes no audit row', async () => {
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const before = await auditCount();
    const res = await api.put(`/api/admin/users/${member.user.id}`, { name: 'X', email: other.email.toUpperCase(), role: 'USER' }, admin.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: authMessages.emailTaken, errors: { email: authMessages.emailTaken } });
    expect(await auditCount()).toBe(before);
    const stored = await ctx.db.query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [member.user.id]);
    expect(stored.rows[0]).toEqual({ email: member.email, name: 'Test Member' });
  });

  it('checks the body (400 with one error per field), the id (404) and the caller (401, 403)', async () => {
    const member = await signUpMember(ctx);
    const bad = await api.put(`/api/admin/users/${member.user.id}`, { name: ' ', email: 'not-an-email', phone: 'call me', role: 'BOSS' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'phone', 'role']);
    expect((await api.put(`/api/admin/users/${member.user.id}`, {}, admin.token)).status).toBe(400);
    const good = { name: 'Someone', email: uniqueEmail(), role: 'USER' };
    const missing = await api.put(`/api/admin/users/${UNKNOWN_ID}`, good, admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(userMessages.notFound);
    expect((await api.put('/api/admin/users/not-a-uuid', good, admin.token)).status).toBe(404);
    expect((await api.put(`/api/admin/users/${member.user.id}`, good, member.token)).status).toBe(403);
    expect((await api.put(`/api/admin/users/${member.user.id}`, good)).status).toBe(401);
    expect(await auditOf(member.user.id)).toEqual([]);
  });

  it("promotes a member, whose existing session works as an admin's on the very next request, and demotes them again", async () => {
    const member = await signUpMember(ctx, { name: 'Soon Admin' });
    expect((await api.get('/api/admin/users', member.token)).status).toBe(403);
    const promoted = await api.put(`/api/admin/users/${member.user.id}`, { name: 'Soon Admin', email: member.email, role: 'admin' }, admin.token);
    expect(promoted.status).toBe(200);
    expect(promoted.body.user.role).toBe('ADMIN');
    // The same token, no new login.
    expect((await api.get('/api/admin/users', member.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', member.token)).body.user.role).toBe('ADMIN');

    const demoted = await api.put(`/api/admin/users/${member.user.id}`, { name: 'Soon Admin', email: member.email, role: 'USER' }, admin.token);
    expect(demoted.status).toBe(200);
    expect((await api.get('/api/admin/users', member.token)).status).toBe(403);
    expect((await api.get('/api/profile', member.token)).status).toBe(200);
    const audit = await auditOf(member.user.id);
    expect(audit.map((a) => [a.action, (a.before_data as { role: string }).role, (a.after_data as { role: string }).role])).toEqual([
      ['USER_UPDATE', 'USER', 'ADMIN'],
      ['USER_UPDATE', 'ADMIN', 'USER'],
    ]);
  });

  it('refuses self-demotion (409), and keeps the last active admin: of two admins one can be demoted, the last cannot', async () => {
    const before = await auditCount();
    const self = await api.put(`/api/admin/users/${admin.user.id}`, { name: 'Admin User', email: admin.email, role: 'USER' }, admin.token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(userMessages.selfDemote);
    expect(await auditCount()).toBe(before);
    // An admin may still edit their own name while keeping the role.
    const rename = await api.put(`/api/admin/users/${admin.user.id}`, { name: 'Admin User', email: admin.email, role: 'ADMIN' }, admin.token);
    expect(rename.status).toBe(200);

    // A second admin; every other admin of this file is demoted first, so that exactly two remain.
    const second = await signInAdmin(ctx);
    const others = await ctx.db.query<{ id: string; name: string; email: string }>(`SELECT id, name, email FROM users WHERE role = 'ADMIN' AND id <> ALL($1::uuid[])`, [[admin.user.id, second.user.id]]);
    for (const o of others.rows) {
      expect((await api.put(`/api/admin/users/${o.id}`, { name: o.name, email: o.email, role: 'USER' }, admin.token)).status).toBe(200);
    }
    const activeAdmins = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'ADMIN' AND is_active AND NOT is_blocked`)).rows[0].n;
    expect(await activeAdmins()).toBe(2);

    const demoteSecond = await api.put(`/api/admin/users/${second.user.id}`, { name: 'Admin User', email: second.email, role: 'USER' }, admin.token);
    expect(demoteSecond.status).toBe(200);
    expect(await activeAdmins()).toBe(1);

    // Now one admin is left: neither they themselves nor the demoted admin can remove that role.
    const countBefore = await auditCount();
    const last = await api.put(`/api/admin/users/${admin.user.id}`, { name: 'Admin User', email: admin.email, role: 'USER' }, admin.token);
    expect(last.status).toBe(409);
    expect([userMessages.selfDemote, userMessages.lastAdmin]).toContain(last.body.message);
    const byFormerAdmin = await api.put(`/api/admin/users/${admin.user.id}`, { name: 'Admin User', email: admin.email, role: 'USER' }, second.token);
    expect(byFormerAdmin.status).toBe(403);
    expect(await activeAdmins()).toBe(1);
    expect(await auditCount()).toBe(countBefore);

    // Put the second admin back for the rest of the file.
    expect((await api.put(`/api/admin/users/${second.user.id}`, { name: 'Admin User', email: second.email, role: 'ADMIN' }, admin.token)).status).toBe(200);
  });
});

describe('PUT /api/admin/users/{id}/status', () => {
  it('deactivation ends the open session at once and login answers the inactive message; activation restores it', async () => {
    const member = await signUpMember(ctx);
    expect((await api.get('/api/profile', member.token)).status).toBe(200);
    const res = await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: false }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deactivated successfully');
    expect(res.body.user).toMatchObject({ isActive: false, isBlocked: false });
    expect((await api.get('/api/profile', member.token)).status).toBe(401);
    expect(await sessionsOf(member.user.id)).toBe(0);
    const login = await api.post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account is inactive. Please contact support.');

    const back = await api.put(`/api/users/${member.user.id}/status`, { isActive: true }, admin.token);
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('User activated successfully');
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);

    const audit = await auditOf(member.user.id);
    expect(audit).toEqual([
      { action: 'USER_DEACTIVATE', actor_id: admin.user.id, entity_type: 'user', entity_id: member.user.id, before_data: { isActive: true }, after_data: { isActive: false, reason: null } },
      { action: 'USER_ACTIVATE', actor_id: admin.user.id, entity_type: 'user', entity_id: member.user.id, before_data: { isActive: false }, after_data: { isActive: true, reason: null } },
    ]);
  });

  it('keeps the reason of a deactivation, tells it at sign-in with a stable code, and clears it on activation', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: false, reason: '  Left the country ' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ isActive: false, inactiveReason: 'Left the country' });
    const login = await api.post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'auth.inactive', message: 'Your account is inactive. Please contact support.', reason: 'Left the country' });

    const back = await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: true, reason: 'ignored when activating' }, admin.token);
    expect(back.body.user).toMatchObject({ isActive: true, inactiveReason: null });
    const audit = await auditOf(member.user.id);
    expect(audit.map((row) => row.after_data)).toEqual([
      { isActive: false, reason: 'Left the country' },
      { isActive: true, reason: null },
    ]);
  });

  it('refuses a reason that is not text or too long (400) and changes nothing', async () => {
    const member = await signUpMember(ctx);
    const before = await auditCount();
    const long = await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: false, reason: 'x'.repeat(501) }, admin.token);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(['reason']);
    const number = await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: false, reason: 7 }, admin.token);
    expect(number.status).toBe(400);
    expect(number.body.errors.reason).toBe('reason must be text.');
    expect(await auditCount()).toBe(before);
    expect((await api.get('/api/profile', member.token)).status).toBe(200);
  });

  it('refuses self-deactivation (409) with no audit row, and checks body, id and caller', async () => {
    const before = await auditCount();
    const self = await api.put(`/api/admin/users/${admin.user.id}/status`, { isActive: false }, admin.token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(userMessages.selfDeactivate);
    expect((await api.put(`/api/users/${admin.user.id}/status`, { isActive: false }, admin.token)).status).toBe(409);
    expect(await auditCount()).toBe(before);
    expect((await api.get('/api/profile', admin.token)).status).toBe(200);

    const member = await signUpMember(ctx);
    const bad = await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: 'no' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.isActive).toBe('isActive must be true or false.');
    expect((await api.put(`/api/admin/users/${UNKNOWN_ID}/status`, { isActive: false }, admin.token)).status).toBe(404);
    expect((await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: false }, member.token)).status).toBe(403);
    expect((await api.put(`/api/admin/users/${member.user.id}/status`, { isActive: false })).status).toBe(401);
    expect(await auditCount()).toBe(before);
  });
});

describe('PUT /api/admin/users/{id}/block', () => {
  it('blocking ends the open session, stores the reason and login answers the blocked message; unblocking restores login', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: true, reason: '  Shared a forged receipt ' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User blocked successfully');
    expect(res.body.user).toMatchObject({ isBlocked: true, blockedReason: 'Shared a forged receipt' });
    expect((await api.get('/api/notifications', member.token)).status).toBe(401);
    expect(await sessionsOf(member.user.id)).toBe(0);
    const stored = await ctx.db.query<{ is_blocked: boolean; blocked_reason: string }>('SELECT is_blocked, blocked_reason FROM users WHERE id = $1', [member.user.id]);
    expect(stored.rows[0]).toEqual({ is_blocked: true, blocked_reason: 'Shared a forged receipt' });
    const login = await api.post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'auth.blocked', message: 'Your account has been blocked. Please contact support.', reason: 'Shared a forged receipt' });

    const unblocked = await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: false }, admin.token);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.message).toBe('User unblocked successfully');
    expect(unblocked.body.user).toMatchObject({ isBlocked: false, blockedReason: null });
    const again = await api.post('/api/auth/login', { email: member.email, password: member.password });
    expect(again.status).toBe(200);
    expect((await api.get('/api/profile', again.body.token)).status).toBe(200);

    const audit = await auditOf(member.user.id);
    expect(audit).toEqual([
      { action: 'USER_BLOCK', actor_id: admin.user.id, entity_type: 'user', entity_id: member.user.id, before_data: { isBlocked: false }, after_data: { isBlocked: true, reason: 'Shared a forged receipt' } },
      { action: 'USER_UNBLOCK', actor_id: admin.user.id, entity_type: 'user', entity_id: member.user.id, before_data: { isBlocked: true }, after_data: { isBlocked: false, reason: null } },
    ]);
  });

  it('refuses self-blocking (409) with no audit row, and checks body, id and caller', async () => {
    const before = await auditCount();
    const self = await api.put(`/api/admin/users/${admin.user.id}/block`, { isBlocked: true, reason: 'test' }, admin.token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(userMessages.selfBlock);
    expect((await api.get('/api/profile', admin.token)).status).toBe(200);
    const member = await signUpMember(ctx);
    const bad = await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: 'yes', reason: 'x'.repeat(501) }, admin.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['isBlocked', 'reason']);
    expect((await api.put(`/api/admin/users/${UNKNOWN_ID}/block`, { isBlocked: true }, admin.token)).status).toBe(404);
    expect((await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: true }, member.token)).status).toBe(403);
    expect((await api.put(`/api/admin/users/${member.user.id}/block`, { isBlocked: true })).status).toBe(401);
    expect(await auditCount()).toBe(before);
    expect((await api.get('/api/profile', member.token)).status).toBe(200);
  });
});

describe('/api/users… (the member document paths, for admins only)', () => {
  it('lists, reads and edits users as /api/admin/users does', async () => {
    const t = tag();
    const member = await signUpMember(ctx, { name: `Via Users ${t}`, email: `via.users.${t}@example.com` });
    const list = await api.get(`/api/users?search=${encodeURIComponent(member.email)}`, admin.token);
    expect(list.status).toBe(200);
    const adminList = await api.get(`/api/admin/users?search=${encodeURIComponent(member.email)}`, admin.token);
    expect(list.body).toEqual(adminList.body);
    expect(list.body.users.map((u: { id: string }) => u.id)).toEqual([member.user.id]);

    const one = await api.get(`/api/users/${member.user.id}`, admin.token);
    expect(one.body.user).toEqual((await api.get(`/api/admin/users/${member.user.id}`, admin.token)).body.user);
    const edited = await api.put(`/api/users/${member.user.id}`, { name: 'Renamed', email: member.email, phone: '0300 9999999', role: 'USER' }, admin.token);
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject({ name: 'Renamed', phone: '0300 9999999' });
    expect((await auditOf(member.user.id)).map((a) => a.action)).toEqual(['USER_UPDATE']);
  });

  it("sets a user's password: their sessions end, the new password works, the old does not; one audit row", async () => {
    const member = await signUpMember(ctx);
    const second = await api.post('/api/auth/login', { email: member.email, password: member.password });
    expect(await sessionsOf(member.user.id)).toBe(2);
    const res = await api.put(`/api/users/${member.user.id}/password`, { password: 'brand-new-pass' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'user.passwordSet', message: 'Password updated successfully' });
    expect((await api.get('/api/profile', member.token)).status).toBe(401);
    expect((await api.get('/api/profile', second.body.token)).status).toBe(401);
    expect(await sessionsOf(member.user.id)).toBe(0);
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
    const signedIn = await api.post('/api/auth/login', { email: member.email, password: 'brand-new-pass' });
    expect(signedIn.status).toBe(200);
    // A security change: told to the owner, without the administrator's device or address, and on the owner's list.
    const notice = await lastEmailTo(ctx.db, member.email);
    expect(notice?.subject).toBe('Security notice: an administrator set a new password for you');
    expect(notice?.text_body).toContain('An administrator set a new password for your Umrah Committee account, and all your devices were signed out.');
    expect(notice?.text_body).toMatch(/When: /);
    expect(notice?.text_body).not.toMatch(/Device: |Address: /);
    const changes = await api.get('/api/auth/security-changes', signedIn.body.token);
    expect(changes.body.changes).toEqual([expect.objectContaining({ action: 'USER_SET_PASSWORD', byAdmin: true, device: null, ip: null })]);
    const audit = await auditOf(member.user.id);
    expect(audit).toEqual([{ action: 'USER_SET_PASSWORD', actor_id: admin.user.id, entity_type: 'user', entity_id: member.user.id, before_data: null, after_data: null }]);
    // The password itself is never in the audit trail.
    const anywhere = await ctx.db.query(`SELECT 1 FROM audit_log WHERE coalesce(before_data::text, '') || coalesce(after_data::text, '') LIKE '%brand-new-pass%'`);
    expect(anywhere.rowCount).toBe(0);

    const short = await api.put(`/api/users/${member.user.id}/password`, { password: '12345' }, admin.token);
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBe('Password must be at least 6 characters long.');
    expect((await api.put(`/api/users/${UNKNOWN_ID}/password`, { password: 'another-pass' }, admin.token)).status).toBe(404);
  });

  it('answers 403 to members and 401 without a session, on every path', async () => {
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const calls: [string, 'get' | 'put', string, unknown?][] = [
      ['list', 'get', '/api/users'],
      ['admin list', 'get', '/api/admin/users'],
      ['one', 'get', `/api/users/${other.user.id}`],
      ['admin one', 'get', `/api/admin/users/${other.user.id}`],
      ['edit', 'put', `/api/users/${other.user.id}`, { name: 'x', email: other.email, role: 'ADMIN' }],
      ['status', 'put', `/api/users/${other.user.id}/status`, { isActive: false }],
      ['password', 'put', `/api/users/${other.user.id}/password`, { password: 'taken-over' }],
      ['stats', 'get', '/api/users/stats/overview'],
    ];
    for (const [, method, url, body] of calls) {
      const asMember = method === 'get' ? await api.get(url, member.token) : await api.put(url, body, member.token);
      expect(asMember.status, url).toBe(403);
      expect(asMember.body.success).toBe(false);
      const anonymous = method === 'get' ? await api.get(url) : await api.put(url, body);
      expect(anonymous.status, url).toBe(401);
    }
    // Nothing changed for the other user.
    const row = await ctx.db.query<{ role: string; is_active: boolean }>('SELECT role, is_active FROM users WHERE id = $1', [other.user.id]);
    expect(row.rows[0]).toEqual({ role: 'USER', is_active: true });
    expect((await api.post('/api/auth/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'nope']) {
      expect((await api.get(`/api/users/${id}`, admin.token)).status).toBe(404);
      expect((await api.get(`/api/admin/users/${id}`, admin.token)).status).toBe(404);
      expect((await api.put(`/api/users/${id}/status`, { isActive: true }, admin.token)).status).toBe(404);
    }
  });
});
