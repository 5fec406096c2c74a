/**
 * Forgot-password does the same work for an unknown email as for a member's (no enumeration by
 * time), shown by structure rather than by the clock: the same statements in the same order, a
 * token drawn and hashed, a message written to the outbox, the worker nudged, and the same answer.
 * Only the member gets a message and a link; nothing is left behind for an unknown email.
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { openTestFile, signInAdmin, signUpMember, uniqueEmail } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

/** The statements one call ran through the app's database, with their values set aside, and how often the worker was nudged. */
async function workOf(call: () => Promise<unknown>): Promise<{ statements: string[]; nudges: number; answer: unknown }> {
  const statements: string[] = [];
  const db = ctx.db;
  const original = db.transaction;
  const record = (sql: string) => statements.push(sql.replace(/\s+/g, ' ').trim());
  db.transaction = (fn) =>
    original.call(db, (tx: Queryable) =>
      fn({
        ...tx,
        query: (sql: string, params?: unknown[]) => {
          record(sql);
          return tx.query(sql, params);
        },
      } as Queryable),
    ) as never;
  const nudgesBefore = ctx.mailQueuedCount();
  try {
    const answer = await call();
    return { statements, nudges: ctx.mailQueuedCount() - nudgesBefore, answer };
  } finally {
    db.transaction = original;
  }
}

const forgot = (email: string) => api.post('/api/auth/forgot-password', { email }).then((res) => ({ status: res.status, body: res.body }));
const outboxTo = async (email: string) => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1', [email])).rows[0].n;

describe('forgot-password', () => {
  it('runs the same statements, token and outbox write for a member, an unknown email and a blocked member', async () => {
    const member = await signUpMember(ctx);
    const blocked = await signUpMember(ctx);
    const admin = await signInAdmin(ctx);
    expect((await api.put(`/api/admin/users/${blocked.user.id}/block`, { isBlocked: true, reason: 'test' }, admin.token)).status).toBe(200);
    const unknownEmail = uniqueEmail('nobody');

    const known = await workOf(() => forgot(member.email));
    const unknown = await workOf(() => forgot(unknownEmail));
    const blockedWork = await workOf(() => forgot(blocked.email));

    expect(known.statements.some((sql) => sql.startsWith('INSERT INTO user_tokens'))).toBe(true);
    expect(known.statements.some((sql) => sql.startsWith('INSERT INTO email_outbox'))).toBe(true);
    expect(unknown.statements).toEqual(known.statements);
    expect(blockedWork.statements).toEqual(known.statements);
    expect(unknown.nudges).toBe(1);
    expect(known.nudges).toBe(1);
    expect(blockedWork.nudges).toBe(1);
    expect(unknown.answer).toEqual(known.answer);
    expect(blockedWork.answer).toEqual(known.answer);
    expect(known.answer).toMatchObject({ status: 200 });

    // Only the member has a message and a live link.
    expect(await outboxTo(member.email)).toBeGreaterThan(0);
    const links = async (userId: string) =>
      (await ctx.db.query(`SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = 'RESET_PASSWORD' AND used_at IS NULL`, [userId])).rowCount;
    expect(await links(member.user.id)).toBe(1);
    expect(await outboxTo(unknownEmail)).toBe(0);
    const blockedMails = await ctx.db.query(`SELECT 1 FROM email_outbox WHERE to_address = $1 AND subject = 'Reset your password'`, [blocked.email]);
    expect(blockedMails.rowCount).toBe(0);
    expect(await links(blocked.user.id)).toBe(0);
  });
});
