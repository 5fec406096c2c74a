/**
 * One-time links used at the same moment on PostgreSQL (WSTG-BUSL-11): of many parallel uses of one
 * reset token, exactly one sets the password; of one verification token, exactly one verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { verifyPassword } from './secrets.ts';
import { createTestContext, socketClient, type ApiClient, lastEmailTo, signUpMember, tokenFromEmail, uniqueEmail, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
});
afterAll(() => ctx.close());

const PARALLEL = 8;

describe('one reset token used at once', () => {
  it.each([1, 2, 3])('sets the password exactly once (round %i)', async () => {
    const member = await signUpMember(ctx);
    expect((await api.post('/api/auth/forgot-password', { email: member.email })).status).toBe(200);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, member.email))!.text_body, '/reset-password');
    const passwords = Array.from({ length: PARALLEL }, (_, i) => `new-password-${i}`);
    const answers = await Promise.all(passwords.map((password) => api.post('/api/auth/reset-password', { token, password, confirmPassword: password })));

    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [passwords[i]] : []));
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(authMessages.resetInvalid);
    }
    const { rows } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [member.user.id]);
    expect(await verifyPassword(rows[0].password_hash, winners[0])).toBe(true);
    const used = await ctx.db.query('SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [member.user.id, 'RESET_PASSWORD']);
    expect(used.rowCount).toBe(0);
  });
});

describe('one verification token used at once', () => {
  it.each([1, 2, 3])('verifies exactly once (round %i)', async () => {
    const email = uniqueEmail('race');
    expect((await api.post('/api/auth/register', { name: 'Race', email, password: 'secret-pass-1' })).status).toBe(201);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, email))!.text_body, '/verify-email');
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => api.get(`/api/auth/verify-email?token=${token}`)));
    // One request verifies; each of the others waits for it, then finds the address already verified.
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    expect(answers.map((a) => a.body.message).sort()).toEqual([...Array(PARALLEL - 1).fill(authMessages.alreadyVerified), authMessages.verified].sort());
    const { rows } = await ctx.db.query<{ email_verified_at: Date | null }>('SELECT email_verified_at FROM users WHERE email = $1', [email]);
    expect(rows[0].email_verified_at).not.toBeNull();
  });
});
