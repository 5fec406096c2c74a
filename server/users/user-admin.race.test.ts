/**
 * Simultaneous user administration on PostgreSQL (RULES §3, §11): two admins demoting each other
 * cannot leave no admin, and simultaneous blocks and unblocks of one user end in a state that the
 * audit trail explains, with no session left to a blocked user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '../../contract/users.ts';
import { createTestContext, socketClient, type ApiClient, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
});
afterAll(() => ctx.close());

type Admin = Awaited<ReturnType<typeof signInAdmin>>;

async function activeAdmins(): Promise<string[]> {
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'ADMIN' AND is_active AND NOT is_blocked`);
  return rows.map((r) => r.id);
}

const demote = (by: Admin, whom: Admin) => api.put(`/api/admin/users/${whom.user.id}`, { name: 'Admin User', email: whom.email, role: 'USER' }, by.token);

/**
 * Whether the audit rows of one user can be put in an order that forms a chain of states from
 * `initial` to `final`: each row's before is the previous row's after. Row locks serialise the
 * changes, so the rows must form such a chain, and the user's state must be its end.
 */
function chainExists(rows: { before: boolean; after: boolean }[], initial: boolean, final: boolean): boolean {
  const walk = (state: boolean, left: { before: boolean; after: boolean }[]): boolean => {
    if (left.length === 0) return state === final;
    return left.some((row, i) => row.before === state && walk(row.after, [...left.slice(0, i), ...left.slice(i + 1)]));
  };
  return walk(initial, rows);
}

/** A new admin who is the only active admin: every other one is demoted, one after another. */
async function soleAdmin(): Promise<Admin> {
  const admin = await signInAdmin(ctx);
  const { rows } = await ctx.db.query<{ id: string; name: string; email: string }>(`SELECT id, name, email FROM users WHERE role = 'ADMIN' AND id <> $1`, [admin.user.id]);
  for (const other of rows) expect((await api.put(`/api/admin/users/${other.id}`, { name: other.name, email: other.email, role: 'USER' }, admin.token)).status).toBe(200);
  expect(await activeAdmins()).toEqual([admin.user.id]);
  return admin;
}

/** The sole admin and a new one demote each other at once; the round's answers and who won. */
async function demotionRound(survivor: Admin) {
  const challenger = await signInAdmin(ctx);
  expect((await activeAdmins()).sort()).toEqual([survivor.user.id, challenger.user.id].sort());
  const [a, b] = await Promise.all([demote(survivor, challenger), demote(challenger, survivor)]);
  const winner = a.status === 200 ? survivor : challenger;
  const loser = a.status === 200 ? b : a;
  const logged = ctx.logLines.filter((line) => typeof loser.body?.requestId === 'string' && line.includes(loser.body.requestId)).join('\n');
  return { a, b, winner, loser, detail: `${JSON.stringify([a.body, b.body])}\n${logged}` };
}

const userUpdates = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'USER_UPDATE'`)).rows[0].n;

describe('races on PostgreSQL', () => {
  it('two admins demoting each other at the same moment: exactly one demotion succeeds and one admin remains', async () => {
    let survivor = await soleAdmin();
    for (let round = 0; round < 5; round++) {
      const auditBefore = await userUpdates();
      const { a, b, winner, detail } = await demotionRound(survivor);
      expect([a.status, b.status].filter((s) => s === 200), detail).toHaveLength(1);
      expect(await activeAdmins()).toEqual([winner.user.id]);
      // Only the change that happened is audited.
      expect(await userUpdates()).toBe(auditBefore + 1);
      survivor = winner;
    }
  });

  it('the refused demotion is answered 409 (or 403 once its caller is no longer an admin), never a server error', async () => {
    // Two admins demoting each other must queue, not deadlock: a deadlock would surface as a 500.
    let survivor = await soleAdmin();
    for (let round = 0; round < 3; round++) {
      const { loser, winner, detail } = await demotionRound(survivor);
      expect(loser.status, detail).not.toBe(500);
      expect([403, 409], detail).toContain(loser.status);
      if (loser.status === 409) expect(loser.body.message).toBe(userMessages.lastAdmin);
      survivor = winner;
    }
  });

  it('simultaneous block, unblock and block requests end in the state of the last audited change, and a blocked user has no session', async () => {
    const admin = await signInAdmin(ctx);
    const other = await signInAdmin(ctx);
    for (let round = 0; round < 4; round++) {
      const member = await signUpMember(ctx);
      // Several open sessions that a block must end.
      for (let i = 0; i < 3; i++) expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);

      const requests = Array.from({ length: 9 }, (_, i) => {
        const by = i % 2 === 0 ? admin : other;
        const body = i % 3 === 1 ? { isBlocked: false } : { isBlocked: true, reason: `Reason ${i}` };
        return api.put(`/api/admin/users/${member.user.id}/block`, body, by.token);
      });
      const results = await Promise.all(requests);
      expect(results.map((r) => r.status)).toEqual(Array(9).fill(200));

      const { rows: audit } = await ctx.db.query<{ action: string; before_data: { isBlocked: boolean }; after_data: { isBlocked: boolean; reason: string | null } }>(
        `SELECT action, before_data, after_data FROM audit_log WHERE entity_id = $1`,
        [member.user.id],
      );
      expect(audit).toHaveLength(9);
      expect(audit.filter((r) => r.action === 'USER_BLOCK')).toHaveLength(6);
      expect(audit.filter((r) => r.action === 'USER_UNBLOCK')).toHaveLength(3);

      const { rows } = await ctx.db.query<{ is_blocked: boolean; blocked_reason: string | null; sessions: number }>(
        `SELECT is_blocked, blocked_reason, (SELECT count(*)::int FROM sessions WHERE user_id = u.id) AS sessions FROM users u WHERE id = $1`,
        [member.user.id],
      );
      const user = rows[0];
      const chain = audit.map((r) => ({ before: r.before_data.isBlocked, after: r.after_data.isBlocked }));
      expect(chainExists(chain, false, user.is_blocked), JSON.stringify({ chain, user })).toBe(true);
      if (user.is_blocked) {
        expect(user.sessions).toBe(0);
        expect(user.blocked_reason).toMatch(/^Reason \d$/);
        expect(audit.some((r) => r.after_data.reason === user.blocked_reason)).toBe(true);
        expect((await api.get('/api/profile', member.token)).status).toBe(401);
        expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(403);
      } else {
        expect(user.blocked_reason).toBeNull();
        // At least one block went through, so the sessions opened before it are gone; logging in works again.
        expect(user.sessions).toBe(0);
        expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
      }
    }
  });
});
