import { beforeAll, describe, expect, it } from 'vitest';
import { committeeDetailsAnswer, planAnswer } from '../../contract/plans.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

async function plan(name: string, isActive = true) {
  const res = await api.post('/api/committee-plans', { name, monthlyAmount: 2000, duration: 4, totalAmount: 8000, maxMembers: 20, isActive }, admin.token, { answer: planAnswer });
  return res.body.plan.id;
}

describe('/api/committees', () => {
  it('lists plans as committees: active ones for members, all for admins', async () => {
    const active = await plan('Committee Active');
    const paused = await plan('Committee Paused', false);
    const member = await signUpMember(ctx);
    const forMember = await api.get('/api/committees?status=ACTIVE&limit=all', member.token);
    expect(forMember.status).toBe(200);
    const ids = forMember.body.data.committees.map((c: { id: string }) => c.id);
    expect(ids).toContain(active);
    expect(ids).not.toContain(paused);
    expect(forMember.body.data.committees.find((c: { id: string }) => c.id === active)).toMatchObject({ status: 'ACTIVE', monthlyAmount: 2000, currentMembers: 0 });
    const forAdmin = await api.get('/api/committees?status=all&limit=all', admin.token);
    expect(forAdmin.body.data.committees.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([active, paused]));
    expect((await api.get('/api/committees')).status).toBe(401);
  });

  it('shows a committee with its groups and their counts, and to admins its members with their group numbers unless include=groups narrows it', async () => {
    const id = await plan('Committee With Members');
    const member = await signUpMember(ctx, { name: 'Zainab' });
    const other = await signUpMember(ctx, { name: 'Hamza' });
    const b2 = await api.post('/api/admin/groups/create', { planId: id, groupName: 'First', groupNumber: 'B2', maxMembers: 10, startDate: '2026-12-01' }, admin.token);
    const g10 = await api.post('/api/admin/groups/create', { planId: id, groupName: 'Second', groupNumber: '10', maxMembers: 5, startDate: '2026-12-01' }, admin.token);
    await api.post(`/api/admin/groups/create`, { planId: id, groupName: 'Third', groupNumber: '9', maxMembers: 5, startDate: '2026-12-01', isActive: false }, admin.token);
    await api.post(`/api/committee-plans/${id}/add-user`, { userId: member.user.id, groupId: b2.body.group.id }, admin.token);
    await api.post(`/api/committee-plans/${id}/add-user`, { userId: other.user.id, groupId: g10.body.group.id }, admin.token);

    const groups = [
      { id: expect.any(String), groupNumber: '9', memberCount: 0, maxMembers: 5, isActive: false },
      { id: g10.body.group.id, groupNumber: '10', memberCount: 1, maxMembers: 5, isActive: true },
      { id: b2.body.group.id, groupNumber: 'B2', memberCount: 1, maxMembers: 10, isActive: true },
    ];
    const members = [
      { id: expect.any(String), userId: other.user.id, groupId: g10.body.group.id, groupNumber: '10', memberNumber: 1, status: 'ACTIVE', joinedAt: expect.any(String), user: { name: 'Hamza', email: other.email } },
      { id: expect.any(String), userId: member.user.id, groupId: b2.body.group.id, groupNumber: 'B2', memberNumber: 1, status: 'ACTIVE', joinedAt: expect.any(String), user: { name: 'Zainab', email: member.email } },
    ];
    // By default, to an admin: the committee, its groups with their counts in group-number order, and
    // every member with their group number, in group and member order.
    const asAdmin = await api.get(`/api/committees/${id}`, admin.token);
    expect(asAdmin.status).toBe(200);
    // Sent once, under data, where the admin document reads it.
    expect(asAdmin.body).not.toHaveProperty('committee');
    expect(asAdmin.body.data.committee).toMatchObject({ id, name: 'Committee With Members', currentMembers: 2, maxMembers: 20, monthlyAmount: 2000, status: 'ACTIVE', groupCount: 3 });
    expect(asAdmin.body.data.committee.groups).toEqual(groups);
    expect(asAdmin.body.data.committee.members).toEqual(members);

    // Asked for explicitly: the same.
    const withMembers = await api.get(`/api/committees/${id}?include=members`, admin.token);
    expect(withMembers.status).toBe(200);
    expect(withMembers.body.data.committee).toEqual(asAdmin.body.data.committee);

    // Narrowed to the groups: no member records.
    const groupsOnly = await api.get(`/api/committees/${id}?include=groups`, admin.token);
    expect(groupsOnly.status).toBe(200);
    expect(groupsOnly.body.data.committee).not.toHaveProperty('members');
    expect(groupsOnly.body.data.committee.groups).toEqual(groups);

    const asMember = await api.get(`/api/committees/${id}`, member.token);
    expect(asMember.status).toBe(200);
    expect(asMember.body.data.committee).not.toHaveProperty('members');
    expect((await api.get(`/api/committees/${id}?include=groups`, member.token)).body.data.committee).not.toHaveProperty('members');
    expect(asMember.body.data.committee.groups.map((g: { groupNumber: string }) => g.groupNumber)).toEqual(['9', '10', 'B2']);
    // Other members' names and emails are not a member's to read.
    const memberAsks = await api.get(`/api/committees/${id}?include=members`, member.token);
    expect(memberAsks.status).toBe(403);
    expect(memberAsks.body).toMatchObject({ success: false, message: 'Access denied.' });

    const unknown = await api.get('/api/committees/00000000-0000-4000-8000-000000000000', member.token);
    expect(unknown.status).toBe(404);
    // The specification's words for a committee (the same plan under /api/committee-plans is 'Plan not found.').
    expect(unknown.body.message).toBe('Committee not found.');
    expect((await api.get('/api/committees/not-an-id?include=members', admin.token)).status).toBe(404);
    const hidden = await plan('Committee Hidden', false);
    expect((await api.get(`/api/committees/${hidden}`, member.token)).body.message).toBe('Committee not found.');
    expect((await api.get('/api/committee-plans/00000000-0000-4000-8000-000000000000', member.token)).body.message).toBe('Plan not found.');

    const mine = await api.get('/api/committees/user', member.token);
    expect(mine.body).not.toHaveProperty('committees');
    expect(mine.body.data.committees).toEqual([expect.objectContaining({ id, groupNumber: 'B2', memberNumber: 1, memberStatus: 'ACTIVE' })]);
  });

  it("answers the specification's Winner Selection tab, which derives a committee's groups from its members' group numbers", async () => {
    const id = await plan('Committee Old Client');
    const first = await api.post('/api/admin/groups/create', { planId: id, groupName: 'First', groupNumber: 'A1', maxMembers: 5, startDate: '2026-12-01' }, admin.token);
    const joined = [await signUpMember(ctx), await signUpMember(ctx)];
    for (const member of joined) await api.post(`/api/committee-plans/${id}/add-user`, { userId: member.user.id, groupId: first.body.group.id }, admin.token);

    // As the admin document's client reads it: GET /committees/{id} → data.committee with members, each with groupNumber.
    const { data } = (await api.get(`/api/committees/${id}`, admin.token, { answer: committeeDetailsAnswer })).body;
    const derived = new Map<string, number>();
    for (const member of data.committee.members ?? []) derived.set(member.groupNumber, (derived.get(member.groupNumber) ?? 0) + 1);
    expect([...derived]).toEqual([['A1', 2]]);
  });

  it('refuses an unknown include with 400 and its field, and answers 401 without a session', async () => {
    const id = await plan('Committee Refusals');
    const bad = await api.get(`/api/committees/${id}?include=payments`, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.errors).toEqual({ include: 'include can only be members or groups.' });
    expect((await api.get(`/api/committees/${id}`)).status).toBe(401);
    expect((await api.get(`/api/committees/${id}?include=members`)).status).toBe(401);
  });

  it('join opens a plan request; leave withdraws it; a group member cannot leave on their own', async () => {
    const id = await plan('Committee Join');
    const member = await signUpMember(ctx);
    const joined = await api.post(`/api/committees/${id}/join`, undefined, member.token);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ message: 'Successfully joined the committee', data: { status: 'PENDING' } });
    expect((await api.post(`/api/committees/${id}/join`, undefined, member.token)).status).toBe(409);
    const left = await api.delete(`/api/committees/${id}/leave`, member.token);
    expect(left.status).toBe(200);
    expect(left.body.message).toBe('Successfully left the committee');
    expect((await api.delete(`/api/committees/${id}/leave`, member.token)).status).toBe(404);

    const group = await api.post('/api/admin/groups/create', { planId: id, groupName: 'G', maxMembers: 5, startDate: '2026-12-01' }, admin.token);
    await api.post(`/api/committee-plans/${id}/add-user`, { userId: member.user.id, groupId: group.body.group.id }, admin.token);
    expect((await api.delete(`/api/committees/${id}/leave`, member.token)).status).toBe(409);
  });

  it('lets admins create committees and change their status; members get 403', async () => {
    const member = await signUpMember(ctx);
    const body = { name: 'Made as committee', monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 5 };
    expect((await api.post('/api/committees', body, member.token)).status).toBe(403);
    const created = await api.post('/api/committees', body, admin.token);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Committee created successfully');
    const id = created.body.committee.id;
    expect((await api.put(`/api/committees/${id}/status`, { status: 'inactive' }, member.token)).status).toBe(403);
    const paused = await api.put(`/api/committees/${id}/status`, { status: 'inactive' }, admin.token);
    expect(paused.body.committee.status).toBe('INACTIVE');
    expect((await api.put(`/api/committees/${id}/status`, { status: 'sleeping' }, admin.token)).status).toBe(400);
    const audit = await ctx.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at', [id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['PLAN_CREATE', 'PLAN_DEACTIVATE']);
  });
});
