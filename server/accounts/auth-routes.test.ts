import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountMessages, authMessages } from '../../contract/accounts.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, tokenFromEmail, uniqueEmail } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

async function userByEmail(email: string) {
  const { rows } = await ctx.db.query<Record<string, unknown> & { id: string; referral_code: string }>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0];
}

/** The parts of the OpenAPI document (served by the documentation plugin, not a contract route) the tests read. */
const openApiDocument = z.object({
  openapi: z.string(),
  paths: z.looseObject({
    '/api/auth/register': z.object({ post: z.object({ requestBody: z.object({ content: z.object({ 'application/json': z.object({ schema: z.object({ required: z.array(z.string()) }) }) }) }) }) }),
  }),
});

const registerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ayesha Khan',
  email: uniqueEmail(),
  password: 'secret-pass-1',
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates an unverified member with a referral code and queues a verification link', async () => {
    const email = uniqueEmail();
    const res = await api.post('/api/auth/register', registerBody({ email: `  ${email.toUpperCase()} `, phone: '+92 300 1234567', cnic: '35202-1234567-1' }));
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body).toEqual({ success: true, code: 'auth.registered', message: authMessages.registered });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ email, name: 'Ayesha Khan', cnic: '3520212345671', phone: '+92 300 1234567', role: 'USER', email_verified_at: null, is_active: true, is_blocked: false });
    expect(user.referral_code).toMatch(/^[A-HJ-KM-NP-Z2-9]{8}$/);

    const mail = await lastEmailTo(ctx.db, email);
    expect(mail?.subject).toBe('Verify your email address');
    expect(tokenFromEmail(mail!.text_body, '/verify-email')).toHaveLength(43);
    expect(ctx.mailQueuedCount()).toBeGreaterThan(0);
    const stored = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['name', { name: '   ' }, accountMessages.nameRequired],
    ['email', { email: 'not-an-email' }, accountMessages.emailInvalid],
    ['email', { email: '' }, accountMessages.emailRequired],
    ['password', { password: '12345' }, accountMessages.passwordTooShort],
    ['cnic', { cnic: '12345-123' }, accountMessages.cnicInvalid],
    ['cnic', { cnic: '1234512345678x' }, accountMessages.cnicInvalid],
    ['phone', { phone: 'call me' }, accountMessages.phoneInvalid],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const res = await api.post('/api/auth/register', registerBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(res.body.errors[field]).toBe(message);
  });

  it('reports every bad field at once and never a 500 for wrong types', async () => {
    const res = await api.post('/api/auth/register', { name: 42, email: ['x'], password: null, cnic: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['cnic', 'email', 'name', 'password']);
  });

  it('treats empty optional fields as not given', async () => {
    const body = registerBody({ cnic: '', phone: '', referralCode: '' });
    const res = await api.post('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(await userByEmail(body.email as string)).toMatchObject({ cnic: null, phone: null });
  });

  it('answers a taken email or CNIC exactly as a new registration, and tells the right inbox by email', async () => {
    const email = uniqueEmail();
    const fresh = await api.post('/api/auth/register', registerBody({ email, cnic: '1111122222333' }));
    expect(fresh.status).toBe(201);
    const original = await userByEmail(email);

    const sameEmail = await api.post('/api/auth/register', registerBody({ email: email.toUpperCase(), name: 'Someone Else', password: 'other-pass-2' }));
    expect(sameEmail.status).toBe(fresh.status);
    expect(sameEmail.body).toEqual(fresh.body);
    // The owner hears of it; the account is unchanged (same name, same password hash).
    expect((await lastEmailTo(ctx.db, email))?.subject).toBe('You already have an account');
    expect(await userByEmail(email)).toEqual(original);

    const newAddress = uniqueEmail();
    const sameCnic = await api.post('/api/auth/register', registerBody({ email: newAddress, cnic: '11111-2222233-3' }));
    expect(sameCnic.status).toBe(fresh.status);
    expect(sameCnic.body).toEqual(fresh.body);
    expect(await userByEmail(newAddress)).toBeUndefined();
    expect((await lastEmailTo(ctx.db, newAddress))?.subject).toBe('Your registration was not completed');
  });

  it('ignores fields a member may not set, such as role', async () => {
    const body = registerBody({ role: 'ADMIN', isBlocked: true, emailVerified: true });
    const res = await api.post('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(await userByEmail(body.email as string)).toMatchObject({ role: 'USER', is_blocked: false, email_verified_at: null });
  });

  it('refuses a referral code that matches nobody', async () => {
    const res = await api.post('/api/auth/register', registerBody({ referralCode: 'NOBODY99' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid referral code.');
    expect(res.body.errors.referralCode).toBe('Invalid referral code.');
  });

  it('links a new member to up to three referrers above them, matching codes case-insensitively', async () => {
    const chain: { id: string; referralCode: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const referralCode = chain[i - 1]?.referralCode.toLowerCase();
      const body = registerBody({ name: `Chain ${i}`, referralCode });
      const res = await api.post('/api/auth/register', body);
      expect(res.status).toBe(201);
      const user = await userByEmail(body.email as string);
      chain.push({ id: user.id, referralCode: user.referral_code });
    }
    const { rows } = await ctx.db.query<{ referrer_id: string; level: number; status: string }>(
      'SELECT referrer_id, level, status FROM referrals WHERE referred_user_id = $1 ORDER BY level',
      [chain[4].id],
    );
    expect(rows).toEqual([
      { referrer_id: chain[3].id, level: 1, status: 'PENDING' },
      { referrer_id: chain[2].id, level: 2, status: 'PENDING' },
      { referrer_id: chain[1].id, level: 3, status: 'PENDING' },
    ]);
  });
});

describe('email verification', () => {
  it('verifies once; the same link opened again says the address is already verified', async () => {
    const body = registerBody();
    await api.post('/api/auth/register', body);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, body.email))!.text_body, '/verify-email');
    const first = await api.get(`/api/auth/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(authMessages.verified);
    const again = await api.get(`/api/auth/verify-email?token=${token}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, code: 'auth.alreadyVerified', message: authMessages.alreadyVerified });
    expect((await api.post('/api/auth/login', { email: body.email, password: body.password })).status).toBe(200);
  });

  it('calls a used link invalid while its account is not verified (its address changed since)', async () => {
    const body = registerBody();
    await api.post('/api/auth/register', body);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, body.email))!.text_body, '/verify-email');
    expect((await api.get(`/api/auth/verify-email?token=${token}`)).status).toBe(200);
    await ctx.db.query('UPDATE users SET email_verified_at = NULL WHERE email = $1', [body.email]);
    const again = await api.get(`/api/auth/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'auth.verificationInvalid', message: authMessages.verificationInvalid });
  });

  it('refuses an expired link', async () => {
    const body = registerBody();
    await api.post('/api/auth/register', body);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, body.email))!.text_body, '/verify-email');
    await ctx.db.query(
      `UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [body.email],
    );
    expect((await api.get(`/api/auth/verify-email?token=${token}`)).status).toBe(400);
  });

  it('refuses a missing or made-up token with 400', async () => {
    expect((await api.get('/api/auth/verify-email')).status).toBe(400);
    expect((await api.get('/api/auth/verify-email?token=made-up-token')).status).toBe(400);
  });

  it('resend sends a fresh link and retires the old one; answers the same for unknown emails', async () => {
    const body = registerBody();
    await api.post('/api/auth/register', body);
    const oldToken = tokenFromEmail((await lastEmailTo(ctx.db, body.email))!.text_body, '/verify-email');
    const known = await api.post('/api/auth/resend-verification', { email: body.email });
    const unknown = await api.post('/api/auth/resend-verification', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const newToken = tokenFromEmail((await lastEmailTo(ctx.db, body.email))!.text_body, '/verify-email');
    expect(newToken).not.toBe(oldToken);
    expect((await api.get(`/api/auth/verify-email?token=${oldToken}`)).status).toBe(400);
    expect((await api.get(`/api/auth/verify-email?token=${newToken}`)).status).toBe(200);
  });
});

describe('POST /api/auth/login', () => {
  it('signs a verified member in with a session token and their user', async () => {
    const member = await signUpMember(ctx, { name: 'Bilal' });
    expect(member.token.length).toBeGreaterThanOrEqual(43);
    const me = await api.get('/api/auth/me', member.token);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: member.email, name: 'Bilal', emailVerified: true });
    expect(me.body.user.lastLoginAt).not.toBeNull();
    expect(me.body.data.user).toEqual(me.body.user);
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const member = await signUpMember(ctx);
    const wrongPassword = await api.post('/api/auth/login', { email: member.email, password: 'wrong-password' });
    const unknownEmail = await api.post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'wrong-password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.message).toBe(authMessages.invalidCredentials);
  });

  it('tells an unverified member to verify, with their email', async () => {
    const body = registerBody();
    await api.post('/api/auth/register', body);
    const res = await api.post('/api/auth/login', { email: body.email, password: body.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: authMessages.needsVerification, needsVerification: true, email: body.email });
  });

  it('refuses blocked and inactive accounts with their messages', async () => {
    const blocked = await signUpMember(ctx);
    const inactive = await signUpMember(ctx);
    const admin = await signInAdmin(ctx);
    expect((await api.put(`/api/admin/users/${blocked.user.id}/block`, { isBlocked: true, reason: 'Fake receipts' }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/admin/users/${inactive.user.id}/status`, { isActive: false }, admin.token)).status).toBe(200);
    const b = await api.post('/api/auth/login', { email: blocked.email, password: blocked.password });
    expect(b.status).toBe(403);
    expect(b.body.message).toBe(authMessages.blocked);
    const i = await api.post('/api/auth/login', { email: inactive.email, password: inactive.password });
    expect(i.status).toBe(403);
    expect(i.body.message).toBe(authMessages.inactive);
    // The blocking admin gave a reason and the member reads it; the deactivating one gave none.
    expect(b.body).toMatchObject({ code: 'auth.blocked', reason: 'Fake receipts' });
    expect(i.body).toMatchObject({ code: 'auth.inactive' });
    expect(i.body).not.toHaveProperty('reason');
    // Their sessions opened before are dead at once.
    expect((await api.get('/api/auth/me', blocked.token)).status).toBe(401);
    expect((await api.get('/api/auth/me', inactive.token)).status).toBe(401);
  });

  it('verifies very long and non-ASCII passwords exactly', async () => {
    const password = `${'ٱلسَّلَامُ عَلَيْكُمْ '.repeat(40)}Umrah-café-ö-🕋`;
    expect(password.normalize('NFD')).not.toBe(password);
    const member = await signUpMember(ctx, { password });
    expect((await api.post('/api/auth/login', { email: member.email, password: Array.from(password).slice(0, -1).join('') })).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: member.email, password: password.normalize('NFD') })).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: member.email, password })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('logout ends that session only', async () => {
    const member = await signUpMember(ctx);
    const second = await api.post('/api/auth/login', { email: member.email, password: member.password });
    const out = await api.post('/api/auth/logout', undefined, member.token);
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(authMessages.loggedOut);
    expect((await api.get('/api/auth/me', member.token)).status).toBe(401);
    expect((await api.get('/api/auth/me', second.body.token)).status).toBe(200);
  });

  it('answers 401 without a session, with a malformed header, or with an unknown or expired token', async () => {
    const member = await signUpMember(ctx);
    expect((await api.get('/api/auth/me')).status).toBe(401);
    expect((await api.post('/api/auth/logout')).status).toBe(401);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
    expect((await api.get('/api/auth/me', 'x'.repeat(43))).status).toBe(401);
    await ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [member.user.id]);
    const expired = await api.get('/api/auth/me', member.token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ success: false, code: expect.any(String), message: authMessages.sessionRequired });
  });

  it('stores only a hash of the session token', async () => {
    const member = await signUpMember(ctx);
    const { rows } = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [member.user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(member.token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a verification or reset token never works as a session', async () => {
    const body = registerBody();
    await api.post('/api/auth/register', body);
    const verifyToken = tokenFromEmail((await lastEmailTo(ctx.db, body.email))!.text_body, '/verify-email');
    expect((await api.get('/api/auth/me', verifyToken)).status).toBe(401);
  });
});

describe('password reset', () => {
  it('emails a one-hour single-use link that sets the password and ends every session', async () => {
    const member = await signUpMember(ctx);
    const forgot = await api.post('/api/auth/forgot-password', { email: member.email });
    expect(forgot.status).toBe(200);
    expect(JSON.stringify(forgot.body)).not.toMatch(/token|reset-password\?/i);
    const mail = await lastEmailTo(ctx.db, member.email);
    expect(mail?.subject).toBe('Reset your password');
    const token = tokenFromEmail(mail!.text_body, '/reset-password');

    const mismatch = await api.post('/api/auth/reset-password', { token, password: 'new-secret-1', confirmPassword: 'other' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe(accountMessages.passwordsDoNotMatch);
    const short = await api.post('/api/auth/reset-password', { token, password: '123', confirmPassword: '123' });
    expect(short.body.errors.password).toBe(accountMessages.passwordTooShort);

    const reset = await api.post('/api/auth/reset-password', { token, password: 'new-secret-1', confirmPassword: 'new-secret-1' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(authMessages.resetDone);
    expect((await api.get('/api/auth/me', member.token)).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: member.email, password: 'new-secret-1' })).status).toBe(200);

    const reuse = await api.post('/api/auth/reset-password', { token, password: 'third-secret', confirmPassword: 'third-secret' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(authMessages.resetInvalid);
  });

  it('refuses an expired reset link', async () => {
    const member = await signUpMember(ctx);
    await api.post('/api/auth/forgot-password', { email: member.email });
    const token = tokenFromEmail((await lastEmailTo(ctx.db, member.email))!.text_body, '/reset-password');
    await ctx.db.query(`UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'RESET_PASSWORD' AND user_id = $1`, [member.user.id]);
    const res = await api.post('/api/auth/reset-password', { token, password: 'new-secret-1', confirmPassword: 'new-secret-1' });
    expect(res.status).toBe(400);
  });

  it('answers forgot-password the same for unknown emails, and sends nothing', async () => {
    const member = await signUpMember(ctx);
    const ghost = uniqueEmail('ghost');
    const known = await api.post('/api/auth/forgot-password', { email: member.email });
    const unknown = await api.post('/api/auth/forgot-password', { email: ghost });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await lastEmailTo(ctx.db, ghost)).toBeUndefined();
  });

  it('validates the forgot-password email', async () => {
    const empty = await api.post('/api/auth/forgot-password', { email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(accountMessages.emailRequired);
    const bad = await api.post('/api/auth/forgot-password', { email: 'nope' });
    expect(bad.body.message).toBe(accountMessages.emailInvalid);
  });
});

describe('bad requests never become server errors', () => {
  it('malformed JSON is a 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('an oversized body is a 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: 'The request is too large.' });
  });

  it('an unsupported content type is a 415, a missing body a 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect((await api.post('/api/auth/login')).status).toBe(400);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await api.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: 'Resource not found.' });
  });

  it('never writes passwords or tokens to the log', async () => {
    const password = 'log-canary-password-9';
    const member = await signUpMember(ctx, { password });
    await api.get('/api/auth/me', member.token);
    await api.post('/api/auth/forgot-password', { email: member.email });
    const token = tokenFromEmail((await lastEmailTo(ctx.db, member.email))!.text_body, '/reset-password');
    await api.get(`/api/auth/verify-email?token=${token}`);
    const log = ctx.logLines.join('\n');
    expect(log).toContain('/api/auth/verify-email?token=[redacted]');
    expect(log).not.toContain(password);
    expect(log).not.toContain(member.token);
    expect(log).not.toContain(token);
  });
});

describe('service endpoints', () => {
  it('GET /api/health reports the database as reachable', async () => {
    const res = await api.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: 'reachable' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('/api/docs serves the OpenAPI document generated from the route schemas', async () => {
    const doc = await api.get('/api/docs/json', undefined, { answer: openApiDocument });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/me', '/api/auth/reset-password', '/api/health']) {
      expect(doc.body.paths).toHaveProperty([path]);
    }
    expect(doc.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });

  it('sets security headers on API answers', async () => {
    const res = await api.get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers of pages', () => {
  it('do not force https, so an installation on a plain-http address still loads', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
