/**
 * GET /api/admin/audit and the audit trail itself (RULES §11): filtered and paged in the database,
 * entries with their actor and before/after, admins only, and append-only in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestContext, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let second: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signUpMember>>;
let target: Awaited<ReturnType<typeof signUpMember>>;

/** The date of a moment in Karachi, the business time zone, as YYYY-MM-DD; days may be added. */
function karachiDate(at: Date, addDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at.getTime() + addDays * 86_400_000));
}

beforeAll(async () => {
  ctx = await createTestContext();
  api = client(ctx);
  admin = await signInAdmin(ctx);
  second = await signInAdmin(ctx);
  member = await signUpMember(ctx, { name: 'Plain Member' });
  target = await signUpMember(ctx, { name: 'Audited Member' });
  // A few admin changes by two admins, on a user and on a plan.
  expect((await api.put(`/api/admin/users/${target.user.id}/block`, { isBlocked: true, reason: 'Spam' }, admin.token)).status).toBe(200);
  expect((await api.put(`/api/admin/users/${target.user.id}/block`, { isBlocked: false }, second.token)).status).toBe(200);
  expect((await api.put(`/api/admin/users/${target.user.id}`, { name: 'Renamed Member', email: target.email, role: 'USER' }, second.token)).status).toBe(200);
  expect((await api.put(`/api/admin/users/${target.user.id}/status`, { isActive: false }, admin.token)).status).toBe(200);
  expect((await api.post('/api/committee-plans', { name: 'Audited Plan', monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 5 }, admin.token)).status).toBe(201);
});
afterAll(() => ctx.close());

async function entries(query: string, token = admin.token) {
  const res = await api.get(`/api/admin/audit?${query}`, token);
  expect(res.status).toBe(200);
  // One copy of the page, under data.
  expect(res.body).not.toHaveProperty('entries');
  return res.body.data.entries;
}

async function total(where = 'true', params: unknown[] = []): Promise<number> {
  return (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`, params)).rows[0].n;
}

describe('GET /api/admin/audit', () => {
  it('lists every entry newest first, with its actor, record, before and after', async () => {
    const res = await api.get('/api/admin/audit', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 50, total: await total(), pages: 1, exact: true });
    const list = res.body.data.entries;
    const stamps = list.map((e) => Date.parse(e.createdAt));
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);

    const userEntries = list.filter((e) => e.entityId === target.user.id).reverse();
    expect(userEntries.map((e) => e.action)).toEqual(['USER_BLOCK', 'USER_UNBLOCK', 'USER_UPDATE', 'USER_DEACTIVATE']);
    expect(userEntries[0]).toMatchObject({
      entityType: 'user',
      before: { isBlocked: false },
      after: { isBlocked: true, reason: 'Spam' },
      actor: { id: admin.user.id, name: 'Admin User', email: admin.email },
    });
    expect(userEntries[1].actor).toEqual({ id: second.user.id, name: 'Admin User', email: second.email });
    expect(userEntries[2]).toMatchObject({ before: { name: 'Audited Member' }, after: { name: 'Renamed Member' } });
    expect(userEntries[3]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(typeof userEntries[0].ip).toBe('string');
    expect(list.some((e) => e.entityType !== 'user' && e.actor?.id === admin.user.id)).toBe(true);
  });

  it('filters by actor', async () => {
    const bySecond = await entries(`actorId=${second.user.id}`);
    expect(bySecond.map((e) => e.action).sort()).toEqual(['USER_UNBLOCK', 'USER_UPDATE']);
    expect(bySecond.every((e) => e.actor?.id === second.user.id)).toBe(true);
    const byAdmin = await entries(`actorId=${admin.user.id}`);
    expect(byAdmin).toHaveLength(await total('actor_id = $1', [admin.user.id]));
    expect(byAdmin.every((e) => e.actor?.id === admin.user.id)).toBe(true);
    expect(await entries(`actorId=${member.user.id}`)).toEqual([]);
    // A malformed id matches nobody; it is no error.
    expect(await entries('actorId=not-a-uuid')).toEqual([]);
  });

  it('filters by action in any case, by entity type and by entity id', async () => {
    for (const action of ['USER_BLOCK', 'user_block', 'User_Block']) {
      const found = await entries(`action=${action}`);
      expect(found.map((e) => [e.action, e.entityId])).toEqual([['USER_BLOCK', target.user.id]]);
    }
    const users = await entries('entityType=user');
    expect(users).toHaveLength(await total(`entity_type = 'user'`));
    expect(users.every((e) => e.entityType === 'user')).toBe(true);
    const plans = await entries('entityType=plan');
    expect(plans).toHaveLength(await total(`entity_type = 'plan'`));
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((e) => e.entityType === 'plan')).toBe(true);

    const one = await entries(`entityId=${target.user.id}`);
    expect(one).toHaveLength(4);
    expect(one.every((e) => e.entityId === target.user.id)).toBe(true);
    expect(await entries(`entityId=${member.user.id}`)).toEqual([]);
    const combined = await entries(`entityId=${target.user.id}&actorId=${admin.user.id}&action=user_deactivate&entityType=user`);
    expect(combined.map((e) => e.action)).toEqual(['USER_DEACTIVATE']);
    expect(await entries('action=NO_SUCH_ACTION')).toEqual([]);
  });

  it('filters by dates, whole days in Karachi time', async () => {
    // Today's entries (measured from the first of them, so that a test run across midnight still holds).
    const first = new Date((await ctx.db.query<{ at: Date }>('SELECT min(created_at) AS at FROM audit_log')).rows[0].at);
    expect(await entries(`from=${karachiDate(first)}&to=${karachiDate(new Date())}`)).toHaveLength(await total());
    expect(await entries(`from=${karachiDate(new Date(), 1)}`)).toEqual([]);
    expect(await entries(`to=${karachiDate(first, -1)}`)).toEqual([]);

    // Older entries, written as the product writes them (inserting is allowed: only changing is not).
    const insert = (at: string, action: string) =>
      ctx.db.query(`INSERT INTO audit_log (actor_id, action, entity_type, entity_id, created_at) VALUES ($1, $2, 'user', $3, $4::timestamptz)`, [admin.user.id, action, member.user.id, at]);
    await insert('2025-03-14T23:30:00+05:00', 'OLD_BEFORE'); // the evening before, in Karachi
    await insert('2025-03-15T00:30:00+05:00', 'OLD_EARLY'); // still the 14th in UTC
    await insert('2025-03-15T23:30:00+05:00', 'OLD_LATE');
    await insert('2025-03-16T00:10:00+05:00', 'OLD_AFTER');

    expect((await entries('from=2025-03-15&to=2025-03-15')).map((e) => e.action)).toEqual(['OLD_LATE', 'OLD_EARLY']);
    expect((await entries('from=2025-03-14&to=2025-03-14')).map((e) => e.action)).toEqual(['OLD_BEFORE']);
    expect((await entries('from=2025-03-16&to=2025-03-31')).map((e) => e.action)).toEqual(['OLD_AFTER']);
    expect((await entries('to=2025-12-31')).map((e) => e.action)).toEqual(['OLD_AFTER', 'OLD_LATE', 'OLD_EARLY', 'OLD_BEFORE']);
    expect((await entries(`from=2025-03-15&entityId=${member.user.id}`)).map((e) => e.action)).toEqual(['OLD_AFTER', 'OLD_LATE', 'OLD_EARLY']);

    const bad = await api.get('/api/admin/audit?from=15-03-2025', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.from).toBeDefined();
    expect((await api.get('/api/admin/audit?to=2025-02-30', admin.token)).status).toBe(400);
  });

  it('pages in the database', async () => {
    const all = await total();
    const all50 = await entries('limit=100');
    expect(all50).toHaveLength(all);
    const page1 = await api.get('/api/admin/audit?limit=3&page=1', admin.token);
    const page2 = await api.get('/api/admin/audit?limit=3&page=2', admin.token);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 3, total: all, pages: Math.ceil(all / 3), exact: true });
    expect(page2.body.data.pagination).toMatchObject({ page: 2, total: all });
    expect([...page1.body.data.entries, ...page2.body.data.entries].map((e) => e.id)).toEqual(all50.slice(0, 6).map((e) => e.id));
    expect((await api.get('/api/admin/audit?limit=101', admin.token)).status).toBe(400);
    expect((await api.get('/api/admin/audit?page=0', admin.token)).status).toBe(400);
  });

  it('is for admins only: 403 for a member, 401 without a session', async () => {
    const res = await api.get('/api/admin/audit', member.token);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.data).toBeUndefined();
    expect((await api.get('/api/admin/audit')).status).toBe(401);
  });
});

describe('the audit trail is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and the row stays as it was', async () => {
    const { rows } = await ctx.db.query<{ id: string; action: string; after_data: unknown }>(
      'SELECT id, action, after_data FROM audit_log WHERE entity_id = $1 ORDER BY created_at LIMIT 1',
      [target.user.id],
    );
    const row = rows[0];
    expect(row.action).toBe('USER_BLOCK');
    const count = await total();

    await expect(ctx.db.query(`UPDATE audit_log SET action = 'NOTHING_HAPPENED' WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`UPDATE audit_log SET after_data = '{}'::jsonb`)).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM audit_log WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    // TRUNCATE fires no row trigger: a statement trigger refuses it.
    await expect(ctx.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    // Nor inside a transaction that would otherwise commit.
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query(`DELETE FROM audit_log WHERE actor_id = $1`, [second.user.id]);
      }),
    ).rejects.toThrow(/append-only/);

    const after = await ctx.db.query<{ action: string; after_data: unknown }>('SELECT action, after_data FROM audit_log WHERE id = $1', [row.id]);
    expect(after.rows[0]).toEqual({ action: row.action, after_data: row.after_data });
    expect(await total()).toBe(count);
    expect(await total('actor_id = $1', [second.user.id])).toBe(2);
  });
});
