/**
 * A password everybody tries first is refused wherever one is chosen (ASVS 6.2.4): registration,
 * reset, one's own change and an admin setting one. The refusal is a 400 on the field, and nothing is
 * lost: the reset link still works, the old password still signs in.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../contract/accounts.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, tokenFromEmail, uniqueEmail } from '../test/test-app.ts';
import { isCommonPassword } from './common-passwords.ts';

const { ctx, api } = await openTestFile();

const TOO_COMMON = accountMessages.passwordTooCommon;

describe('the common-password list', () => {
  it('holds the passwords tried first, whatever their case, and not an ordinary passphrase', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'PASSWORD', 'iloveyou', 'pakistan']) expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['secret-pass-1', 'kaaba dates camel 42', 'Umrah-2026-Ayesha']) expect(isCommonPassword(password), password).toBe(false);
  });
});

describe('choosing a common password', () => {
  it('register: 400 on password, and no account is made', async () => {
    const email = uniqueEmail('common');
    const res = await api.post('/api/auth/register', { name: 'Common Choice', email, password: 'password1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: TOO_COMMON, errors: { password: TOO_COMMON } });
    const { rows } = await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('reset: 400 on password, and the link still works for a better one', async () => {
    const member = await signUpMember(ctx);
    expect((await api.post('/api/auth/forgot-password', { email: member.email })).status).toBe(200);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, member.email))!.text_body, '/reset-password');
    const common = await api.post('/api/auth/reset-password', { token, password: 'qwerty123', confirmPassword: 'qwerty123' });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual({ password: TOO_COMMON });
    expect((await api.post('/api/auth/reset-password', { token, password: 'a-better-pass-7', confirmPassword: 'a-better-pass-7' })).status).toBe(200);
    expect((await api.post('/api/auth/login', { email: member.email, password: 'a-better-pass-7' })).status).toBe(200);
  });

  it('own change: 400 on newPassword, and the old password still signs in', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'iloveyou', confirmPassword: 'iloveyou' }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ newPassword: TOO_COMMON });
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
  });

  it("an admin setting a member's password: 400 on password, and the member's own still signs in", async () => {
    const admin = await signInAdmin(ctx);
    const member = await signUpMember(ctx);
    const res = await api.put(`/api/users/${member.user.id}/password`, { password: 'pakistan' }, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: TOO_COMMON });
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
  });
});
