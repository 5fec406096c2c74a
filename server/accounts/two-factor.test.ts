/**
 * Two-factor sign-in for administrators: the code check itself against RFC 6238's test vectors, then
 * set-up, turning on, signing in with codes (missing, wrong, replayed), turning off, the guards and
 * the audit trail, through the real routes on a real database.
 *
 * Codes are computed here from the secret the server hands out, with the same library. Where a test
 * needs a code from a later 30-second step, it moves Date.now (the server runs in this process) on by
 * one step instead of waiting.
 */
import { generate } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages, twoFactorMessages, twoFactorSetupAnswer } from '../../contract/accounts.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, tokenFromEmail } from '../test/test-app.ts';
import { matchCode, otpauthUrl, TWO_FACTOR_ISSUER, turnOffTwoFactorFromConsole } from './two-factor.ts';

const { ctx, api } = await openTestFile();

const realNow = Date.now.bind(Date);
let clockOffsetMs = 0;
afterEach(() => {
  clockOffsetMs = 0;
  vi.restoreAllMocks();
});
/** Moves the clock of the test and of the server on by one 30-second step. */
function nextStep() {
  clockOffsetMs += 30_000;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffsetMs);
}
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code an authenticator app shows now, or `steps` steps away. */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });
/** A 6-digit code that is none of the codes the server would accept now. */
async function wrongCodeFor(secret: string) {
  const near = new Set(await Promise.all([-1, 0, 1].map((steps) => codeFor(secret, steps))));
  let code = 0;
  while (near.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

async function twoFactorColumns(userId: string) {
  const { rows } = await ctx.db.query<{ two_factor_secret: string | null; two_factor_enabled_at: Date | null; two_factor_last_step: string | number | null }>(
    'SELECT two_factor_secret, two_factor_enabled_at, two_factor_last_step FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}
async function auditOf(userId: string) {
  const { rows } = await ctx.db.query<{ action: string; actor_id: string | null; entity_type: string; entity_id: string; before_data: unknown; after_data: unknown }>(
    `SELECT action, actor_id, entity_type, entity_id, before_data, after_data FROM audit_log WHERE entity_id = $1 AND action LIKE 'TWO_FACTOR_%' ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}
async function sessionsOf(userId: string) {
  const { rows } = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE user_id = $1', [userId]);
  return rows[0].count;
}
const login = (email: string, password: string, code?: string) => api.post('/api/auth/login', code === undefined ? { email, password } : { email, password, code });

/** An admin with two-factor on, and the secret their app holds. */
async function adminWithTwoFactor() {
  const admin = await signInAdmin(ctx);
  const setup = await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret;
  const enabled = await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret), currentPassword: admin.password }, admin.token);
  expect(enabled.status).toBe(200);
  return { ...admin, secret };
}

describe('the code check', () => {
  // RFC 6238 appendix B, SHA-1: the 20-byte ASCII key "12345678901234567890"; 6-digit codes are the
  // last six digits of the RFC's 8-digit values.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('accepts the RFC 6238 code at T=%i and answers its time step', async (time, code) => {
    expect(await matchCode(rfcSecret, code, { nowSeconds: time })).toBe(Math.floor(time / 30));
    expect(await generate({ secret: rfcSecret, epoch: time })).toBe(code);
  });

  it('accepts the step before and after, not two steps away, and nothing up to a used step', async () => {
    expect(await matchCode(rfcSecret, '287082', { nowSeconds: 59 + 30 })).toBe(1);
    expect(await matchCode(rfcSecret, '287082', { nowSeconds: 59 - 30 })).toBe(1);
    expect(await matchCode(rfcSecret, '287082', { nowSeconds: 59 + 60 })).toBeUndefined();
    expect(await matchCode(rfcSecret, '287082', { nowSeconds: 59, afterStep: 1 })).toBeUndefined();
    expect(await matchCode(rfcSecret, '287082', { nowSeconds: 59, afterStep: 0 })).toBe(1);
    expect(await matchCode(rfcSecret, '287083', { nowSeconds: 59 })).toBeUndefined();
    expect(await matchCode(rfcSecret, 'abcdef', { nowSeconds: 59 })).toBeUndefined();
    expect(await matchCode(rfcSecret, '28708', { nowSeconds: 59 })).toBeUndefined();
  });

  it('builds the otpauth address authenticator apps read', () => {
    expect(otpauthUrl('admin@example.com', rfcSecret)).toBe(
      `otpauth://totp/${encodeURIComponent(TWO_FACTOR_ISSUER)}:admin%40example.com?secret=${rfcSecret}&issuer=${encodeURIComponent(TWO_FACTOR_ISSUER)}`,
    );
  });
});

describe('turning two-factor sign-in on and signing in with it', () => {
  it('sets up, turns on with a code, then asks for a code at sign-in and accepts each code once', async () => {
    const admin = await signInAdmin(ctx);
    const otherDevice = await login(admin.email, admin.password);
    expect(otherDevice.status).toBe(200);

    const before = await api.get('/api/auth/two-factor', admin.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ success: true, code: 'ok', twoFactor: { enabled: false, enabledAt: null, pending: false }, data: { twoFactor: { enabled: false, enabledAt: null, pending: false } } });

    const setup = await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(otpauthUrl(admin.email, secret));
    expect(setup.body.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/Umrah%20Committee:${encodeURIComponent(admin.email)}\\?secret=${secret}&issuer=Umrah%20Committee$`));
    expect(setup.body.data).toEqual({ secret, otpauthUrl: setup.body.otpauthUrl });
    expect((await api.get('/api/auth/two-factor', admin.token)).body.twoFactor).toEqual({ enabled: false, enabledAt: null, pending: true });
    // A pending set-up changes nothing at sign-in.
    expect((await login(admin.email, admin.password)).status).toBe(200);

    const wrong = await api.post('/api/auth/two-factor/enable', { code: await wrongCodeFor(secret), currentPassword: admin.password }, admin.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeInvalid, errors: { code: twoFactorMessages.codeInvalid } });
    expect((await twoFactorColumns(admin.user.id)).two_factor_enabled_at).toBeNull();

    const enableCode = await codeFor(secret);
    const enabled = await api.post('/api/auth/two-factor/enable', { code: enableCode, currentPassword: admin.password }, admin.token);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ success: true, message: twoFactorMessages.enabled, twoFactor: { enabled: true, pending: false } });
    expect(Date.parse(enabled.body.twoFactor.enabledAt!)).not.toBeNaN();
    expect((await api.get('/api/auth/two-factor', admin.token)).body.twoFactor).toEqual(enabled.body.twoFactor);
    // This device stays signed in; every other session ended.
    expect((await api.get('/api/auth/me', admin.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', otherDevice.body.token)).status).toBe(401);
    expect(await sessionsOf(admin.user.id)).toBe(1);

    const noCode = await login(admin.email, admin.password);
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeRequired, twoFactorRequired: true });
    const emptyCode = await login(admin.email, admin.password, '');
    expect(emptyCode.body).toEqual(noCode.body);
    const wrongCode = await login(admin.email, admin.password, await wrongCodeFor(secret));
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeInvalid, twoFactorRequired: true });
    // The code that turned it on has been used.
    const usedForEnabling = await login(admin.email, admin.password, enableCode);
    expect(usedForEnabling.status).toBe(401);
    expect(usedForEnabling.body.message).toBe(twoFactorMessages.codeInvalid);
    expect(await sessionsOf(admin.user.id)).toBe(1);

    nextStep();
    const code = await codeFor(secret);
    const signedIn = await login(admin.email, admin.password, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ success: true, message: authMessages.loggedIn, user: { email: admin.email, role: 'ADMIN' } });
    expect((await api.get('/api/auth/me', signedIn.body.token)).status).toBe(200);
    // The same code again, and a code of the step before (still inside the window), are refused.
    const replay = await login(admin.email, admin.password, code);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeInvalid, twoFactorRequired: true });
    expect((await login(admin.email, admin.password, await codeFor(secret, -1))).status).toBe(401);
    // Spaces as apps show them ("123 456") are fine; a code two steps old is not.
    expect((await login(admin.email, admin.password, await codeFor(secret, -2))).status).toBe(401);
    const spaced = (await codeFor(secret, 1)).replace(/^(\d{3})/, '$1 ');
    expect((await login(admin.email, admin.password, spaced)).status).toBe(200);

    expect((await auditOf(admin.user.id)).map((row) => [row.action, row.actor_id, row.entity_type])).toEqual([
      ['TWO_FACTOR_SETUP', admin.user.id, 'user'],
      ['TWO_FACTOR_ENABLE', admin.user.id, 'user'],
    ]);
    // The secret never reaches the audit trail.
    const leaked = await ctx.db.query(`SELECT 1 FROM audit_log WHERE coalesce(before_data::text, '') || coalesce(after_data::text, '') LIKE $1`, [`%${secret}%`]);
    expect(leaked.rowCount).toBe(0);
  });

  it('answers a wrong password exactly as before, whether or not a code is sent', async () => {
    const admin = await adminWithTwoFactor();
    const plainAdmin = await signInAdmin(ctx);
    const expected = { success: false, code: 'auth.invalidCredentials', message: authMessages.invalidCredentials };
    for (const [email, code] of [
      [admin.email, undefined],
      [admin.email, await codeFor(admin.secret, 1)],
      [admin.email, '000000'],
      [plainAdmin.email, undefined],
    ] as const) {
      const res = await login(email, 'not-the-password', code);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(expected);
    }
    // The right code sent with a wrong password was not used up.
    expect((await login(admin.email, admin.password, await codeFor(admin.secret, 1))).status).toBe(200);
  });

  it('lets exactly one of many sign-ins with the same code through, even at the same moment', async () => {
    const admin = await adminWithTwoFactor();
    const code = await codeFor(admin.secret, 1);
    const parallel = 6;
    const answers = await Promise.all(Array.from({ length: parallel }, () => login(admin.email, admin.password, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(parallel - 1).fill(401)]);
    for (const refused of answers.filter((res) => res.status === 401)) expect(refused.body.message).toBe(twoFactorMessages.codeInvalid);
    // The session the admin enabled it from, and the one winner.
    expect(await sessionsOf(admin.user.id)).toBe(2);
  });

  it('asks members for no code, and ignores one they send', async () => {
    const member = await signUpMember(ctx);
    expect((await login(member.email, member.password, '123456')).status).toBe(200);
  });

  it('refuses a second set-up or turning on while on, and turning on without a set-up (409)', async () => {
    const admin = await adminWithTwoFactor();
    const again = await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.alreadyEnabled });
    const enableAgain = await api.post('/api/auth/two-factor/enable', { code: await codeFor(admin.secret, 1), currentPassword: admin.password }, admin.token);
    expect(enableAgain.status).toBe(409);
    expect(enableAgain.body.message).toBe(twoFactorMessages.alreadyEnabled);
    expect((await twoFactorColumns(admin.user.id)).two_factor_secret).toBe(admin.secret);

    const fresh = await signInAdmin(ctx);
    const noSetup = await api.post('/api/auth/two-factor/enable', { code: '123456', currentPassword: fresh.password }, fresh.token);
    expect(noSetup.status).toBe(409);
    expect(noSetup.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.noPendingSetup });
    expect(await auditOf(fresh.user.id)).toEqual([]);
  });

  it('a new set-up replaces a pending one: codes of the old secret stop working', async () => {
    const admin = await signInAdmin(ctx);
    const first = (await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer })).body.secret;
    const second = (await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer })).body.secret;
    expect(second).not.toBe(first);
    const oldCode = await codeFor(first);
    if (oldCode !== (await codeFor(second))) {
      expect((await api.post('/api/auth/two-factor/enable', { code: oldCode, currentPassword: admin.password }, admin.token)).status).toBe(400);
    }
    expect((await api.post('/api/auth/two-factor/enable', { code: await codeFor(second), currentPassword: admin.password }, admin.token)).status).toBe(200);
    expect((await twoFactorColumns(admin.user.id)).two_factor_secret).toBe(second);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs both the password and a current code; then ends other sessions and sign-in needs no code', async () => {
    const admin = await adminWithTwoFactor();
    nextStep();
    // Kept, not recomputed later: the real clock may cross a step boundary while the test runs.
    const signInCode = await codeFor(admin.secret);
    const otherDevice = await login(admin.email, admin.password, signInCode);
    expect(otherDevice.status).toBe(200);
    nextStep();
    const code = await codeFor(admin.secret);

    const wrongPassword = await api.post('/api/auth/two-factor/disable', { password: 'not-the-password', code }, admin.token);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.passwordWrong, errors: { password: twoFactorMessages.passwordWrong } });
    const wrongCode = await api.post('/api/auth/two-factor/disable', { password: admin.password, code: await wrongCodeFor(admin.secret) }, admin.token);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeInvalid, errors: { code: twoFactorMessages.codeInvalid } });
    const bothWrong = await api.post('/api/auth/two-factor/disable', { password: 'nope', code: await wrongCodeFor(admin.secret) }, admin.token);
    expect(bothWrong.body.errors).toEqual({ password: twoFactorMessages.passwordWrong, code: twoFactorMessages.codeInvalid });
    // A code already used at sign-in does not turn it off either.
    const used = await api.post('/api/auth/two-factor/disable', { password: admin.password, code: signInCode }, admin.token);
    expect(used.status).toBe(400);
    expect((await api.get('/api/auth/two-factor', admin.token)).body.twoFactor.enabled).toBe(true);
    expect((await auditOf(admin.user.id)).map((row) => row.action)).toEqual(['TWO_FACTOR_SETUP', 'TWO_FACTOR_ENABLE']);

    const off = await api.post('/api/auth/two-factor/disable', { password: admin.password, code }, admin.token);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      success: true,
      code: 'twoFactor.disabled',
      message: twoFactorMessages.disabled,
      twoFactor: { enabled: false, enabledAt: null, pending: false },
      data: { twoFactor: { enabled: false, enabledAt: null, pending: false } },
    });
    expect(await twoFactorColumns(admin.user.id)).toEqual({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null });
    expect((await api.get('/api/auth/me', admin.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', otherDevice.body.token)).status).toBe(401);
    expect((await login(admin.email, admin.password)).status).toBe(200);

    const again = await api.post('/api/auth/two-factor/disable', { password: admin.password, code }, admin.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.notEnabled });

    const audit = await auditOf(admin.user.id);
    expect(audit.map((row) => row.action)).toEqual(['TWO_FACTOR_SETUP', 'TWO_FACTOR_ENABLE', 'TWO_FACTOR_DISABLE']);
    expect(audit[2]).toMatchObject({ actor_id: admin.user.id, entity_type: 'user', before_data: { enabled: true }, after_data: { enabled: false, pending: false } });
  });

  it('stays on through a password reset: the emailed link sets the password, and sign-in still asks for a code', async () => {
    const admin = await adminWithTwoFactor();
    expect((await api.post('/api/auth/forgot-password', { email: admin.email })).status).toBe(200);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, admin.email))!.text_body, '/reset-password');
    const reset = await api.post('/api/auth/reset-password', { token, password: 'a-new-password-1', confirmPassword: 'a-new-password-1' });
    expect(reset.status).toBe(200);
    expect(reset.body).not.toHaveProperty('token');

    const withoutCode = await login(admin.email, 'a-new-password-1');
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeRequired, twoFactorRequired: true });
    nextStep();
    expect((await login(admin.email, 'a-new-password-1', await codeFor(admin.secret))).status).toBe(200);
  });

  it('can be turned off from the server command line for an admin who lost the phone', async () => {
    const admin = await adminWithTwoFactor();
    expect(await turnOffTwoFactorFromConsole(ctx.db, admin.user.id)).toBe(true);
    expect(await twoFactorColumns(admin.user.id)).toEqual({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null });
    // Every session ends: whoever has the phone may have had one open.
    expect((await api.get('/api/auth/me', admin.token)).status).toBe(401);
    expect((await login(admin.email, admin.password)).status).toBe(200);
    expect(await turnOffTwoFactorFromConsole(ctx.db, admin.user.id)).toBe(false);
    expect((await auditOf(admin.user.id)).map((row) => [row.action, row.actor_id])).toEqual([
      ['TWO_FACTOR_SETUP', admin.user.id],
      ['TWO_FACTOR_ENABLE', admin.user.id],
      ['TWO_FACTOR_DISABLE', null],
    ]);
  });
});

describe('who may, and what is checked', () => {
  const routes = [
    ['GET', '/api/auth/two-factor', undefined],
    ['POST', '/api/auth/two-factor/setup', { currentPassword: 'secret-pass-1' }],
    ['POST', '/api/auth/two-factor/enable', { code: '123456', currentPassword: 'secret-pass-1' }],
    ['POST', '/api/auth/two-factor/disable', { password: 'secret-pass-1', code: '123456' }],
  ] as const;

  it.each(routes)('%s %s: visitors 401, members 403', async (method, url, body) => {
    const member = await signUpMember(ctx);
    const call = (token?: string) => (method === 'GET' ? api.get(url, token) : api.post(url, body, token));
    const visitor = await call();
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ success: false, code: expect.any(String), message: authMessages.sessionRequired });
    const asMember = await call(member.token);
    expect(asMember.status).toBe(403);
    expect(asMember.body).toEqual({ success: false, code: expect.any(String), message: authMessages.adminRequired });
    expect(await twoFactorColumns(member.user.id)).toEqual({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null });
  });

  it.each([
    ['/api/auth/two-factor/enable', {}, { code: twoFactorMessages.codeRequired }],
    ['/api/auth/two-factor/enable', { code: '12a456' }, { code: twoFactorMessages.codeRequired }],
    ['/api/auth/two-factor/enable', { code: '1234567' }, { code: twoFactorMessages.codeRequired }],
    ['/api/auth/two-factor/enable', { code: 123456 }, { code: twoFactorMessages.codeRequired }],
    ['/api/auth/two-factor/enable', { code: '1'.repeat(40) }, { code: twoFactorMessages.codeRequired }],
    ['/api/auth/two-factor/disable', {}, { password: 'Please enter your password.', code: twoFactorMessages.codeRequired }],
    ['/api/auth/two-factor/disable', { password: '', code: '12345' }, { password: 'Please enter your password.', code: twoFactorMessages.codeRequired }],
    ['/api/auth/login', { email: 'admin@example.com', password: 'x', code: 'abcdef' }, { code: twoFactorMessages.codeRequired }],
    ['/api/auth/login', { email: 'admin@example.com', password: 'x', code: ['123456'] }, { code: twoFactorMessages.codeRequired }],
  ])('%s refuses %j with 400 and one error per field', async (url, body, errors) => {
    const admin = await signInAdmin(ctx);
    const res = await api.post(url, body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: expect.any(String), message: Object.values(errors)[0], errors });
  });

  it('refuses more than a few password or code attempts per admin in a window (429)', async () => {
    const admin = await signInAdmin(ctx);
    // The set-up's password check is the first of the window's ten.
    const secret = (await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer })).body.secret;
    const wrong = await wrongCodeFor(secret);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt++) statuses.push((await api.post('/api/auth/two-factor/enable', { code: wrong, currentPassword: admin.password }, admin.token)).status);
    expect(statuses).toEqual(Array(9).fill(400));
    // Now even the right code is refused unread until the window ends.
    const refused = await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret), currentPassword: admin.password }, admin.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, code: expect.any(String), message: authMessages.tooManyRequests });
    expect((await twoFactorColumns(admin.user.id)).two_factor_enabled_at).toBeNull();
  });
});
