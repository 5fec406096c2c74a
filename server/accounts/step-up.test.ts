/**
 * Step-up (decision 047) through the real routes on a real database: every change that could take an
 * account over (new recovery codes, two-factor set-up, on and off, one's own email and password) asks
 * for the current password, and the current code when two-factor is on, in the same request; a session
 * alone, a wrong password or a wrong code is refused with 400 and a field error. Each change emails the
 * owner a security notice (an email change the old address too) and shows on their list of security
 * changes. An admin's change of a role or of a bank account emails every admin and is marked in the
 * audit trail. Five wrong second-factor codes in a row lock the second step for 15 minutes.
 *
 * Codes are computed from the secret the server hands out; a test that needs a later code moves
 * Date.now (the server runs in this process) on by one 30-second step instead of waiting.
 */
import { generate } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAccountAnswer } from '../../contract/bank-accounts.ts';
import { stepUpMessages, twoFactorMessages, twoFactorSetupAnswer } from '../../contract/accounts.ts';
import { userMessages } from '../../contract/users.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, uniqueEmail, type ApiResponse } from '../test/test-app.ts';

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
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
/** A 6-digit code that is none of the codes the server would accept now. */
async function wrongCodeFor(secret: string) {
  const near = new Set(await Promise.all([-30, 0, 30].map((seconds) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds }))));
  let code = 0;
  while (near.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The security notices queued for an address, oldest first. */
async function noticesTo(address: string) {
  const { rows } = await ctx.db.query<{ subject: string; text_body: string }>(
    `SELECT subject, text_body FROM email_outbox WHERE to_address = $1 AND (subject LIKE 'Security notice:%' OR subject LIKE 'سیکیورٹی اطلاع:%') ORDER BY created_at, id`,
    [address],
  );
  return rows;
}

async function securityAudit(entityId: string) {
  const { rows } = await ctx.db.query<{ action: string; security: boolean; device: string | null; actor_id: string | null }>(
    'SELECT action, security, device, actor_id FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [entityId],
  );
  return rows;
}

const login = (email: string, password: string, code?: string) => api.post('/api/auth/login', code === undefined ? { email, password } : { email, password, code });

/** An admin with two-factor on (the enabling code's step is used), and the secret their app holds. */
async function adminWithTwoFactor() {
  const admin = await signInAdmin(ctx);
  const setup = await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret;
  const enabled = await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret), currentPassword: admin.password }, admin.token);
  expect(enabled.status).toBe(200);
  return { ...admin, secret };
}

function expectRefused(res: ApiResponse<{ success?: boolean; errors?: Record<string, string> }>, errors: Record<string, string>) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.errors).toMatchObject(errors);
}

/** The changes that ask for the password and a code once two-factor is on; each answers the proof it was given. */
const withTwoFactor = [
  {
    name: 'POST /api/auth/two-factor/recovery-codes',
    passwordField: 'currentPassword',
    wrongPassword: userMessages.currentPasswordWrong,
    subject: 'Security notice: new recovery codes were made',
    call: (token: string, proof: { password?: string; code?: string }) =>
      api.post('/api/auth/two-factor/recovery-codes', { currentPassword: proof.password, code: proof.code }, token),
  },
  {
    name: 'POST /api/auth/two-factor/disable',
    passwordField: 'password',
    wrongPassword: twoFactorMessages.passwordWrong,
    subject: 'Security notice: two-factor sign-in was turned off',
    call: (token: string, proof: { password?: string; code?: string }) => api.post('/api/auth/two-factor/disable', { password: proof.password, code: proof.code }, token),
  },
  {
    name: 'PUT /api/profile/password',
    passwordField: 'currentPassword',
    wrongPassword: userMessages.currentPasswordWrong,
    subject: 'Security notice: your password was changed',
    call: (token: string, proof: { password?: string; code?: string }) =>
      api.put('/api/profile/password', { currentPassword: proof.password, code: proof.code, newPassword: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7' }, token),
  },
  {
    name: 'PUT /api/profile with a new email',
    passwordField: 'currentPassword',
    wrongPassword: userMessages.currentPasswordWrong,
    subject: 'Security notice: a change of your email was asked for',
    call: (token: string, proof: { password?: string; code?: string }) =>
      api.put('/api/profile', { name: 'Admin User', email: uniqueEmail('moved'), currentPassword: proof.password, code: proof.code }, token),
  },
];

describe('step-up with two-factor on', () => {
  it.each(withTwoFactor)('$name refuses a session alone, a wrong password and a wrong code; then succeeds and mails a notice', async (route) => {
    const admin = await adminWithTwoFactor();
    const before = (await noticesTo(admin.email)).length;

    const alone = await route.call(admin.token, {});
    expectRefused(alone, { [route.passwordField]: expect.any(String) });
    nextStep();
    const wrongPassword = await route.call(admin.token, { password: 'not-my-password', code: await codeFor(admin.secret) });
    expectRefused(wrongPassword, { [route.passwordField]: route.wrongPassword });
    const noCode = await route.call(admin.token, { password: admin.password });
    expectRefused(noCode, { code: twoFactorMessages.codeRequired });
    // The disable body has always required both fields by its schema: a missing one is a validation failure.
    expect(noCode.body.code).toBe(route.name.endsWith('/disable') ? 'validationFailed' : 'twoFactor.codeRequired');
    const wrongCode = await route.call(admin.token, { password: admin.password, code: await wrongCodeFor(admin.secret) });
    expectRefused(wrongCode, { code: twoFactorMessages.codeInvalid });
    expect(wrongCode.body.code).toBe('twoFactor.codeInvalid');
    // Refused never signs the person out: the session still works.
    expect((await api.get('/api/auth/me', admin.token)).status).toBe(200);
    expect(await noticesTo(admin.email)).toHaveLength(before);

    const code = await codeFor(admin.secret);
    const done = await route.call(admin.token, { password: admin.password, code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const notices = await noticesTo(admin.email);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.subject).toBe(route.subject);
    expect(notices.at(-1)!.text_body).toMatch(/When: \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} \(Pakistan time\)/);
    expect(notices.at(-1)!.text_body).toContain('Address: ');
    // The same code again is a replay (the very code: the clock may have reached the next step meanwhile).
    const replay = await route.call(admin.token, { password: admin.password, code });
    expect(replay.status).not.toBe(200);
  });
});

describe('step-up with two-factor off', () => {
  it('setting up asks for the current password', async () => {
    const admin = await signInAdmin(ctx);
    const alone = await api.post('/api/auth/two-factor/setup', {}, admin.token);
    expectRefused(alone, { currentPassword: stepUpMessages.passwordRequired });
    expect(alone.body.code).toBe('stepUp.passwordRequired');
    expect((await api.post('/api/auth/two-factor/setup', undefined, admin.token)).status).toBe(400);
    expectRefused(await api.post('/api/auth/two-factor/setup', { currentPassword: 'nope-nope' }, admin.token), { currentPassword: userMessages.currentPasswordWrong });
    expect((await api.get('/api/auth/two-factor', admin.token)).body.twoFactor.pending).toBe(false);

    const setup = await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token);
    expect(setup.status).toBe(200);
    expect((await noticesTo(admin.email)).map((n) => n.subject)).toEqual(['Security notice: two-factor sign-in set-up started']);
  });

  it('turning on asks for the current password beside the first code', async () => {
    const admin = await signInAdmin(ctx);
    const secret = (await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer })).body.secret;
    expectRefused(await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret) }, admin.token), { currentPassword: stepUpMessages.passwordRequired });
    expectRefused(await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret), currentPassword: 'nope-nope' }, admin.token), {
      currentPassword: userMessages.currentPasswordWrong,
    });
    expect((await api.get('/api/auth/two-factor', admin.token)).body.twoFactor.enabled).toBe(false);
    const on = await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret), currentPassword: admin.password }, admin.token);
    expect(on.status).toBe(200);
    expect((await noticesTo(admin.email)).map((n) => n.subject)).toEqual([
      'Security notice: two-factor sign-in set-up started',
      'Security notice: two-factor sign-in was turned on',
    ]);
  });

  it('a member changes the password with the current one, and is told in their language', async () => {
    const member = await signUpMember(ctx, { language: 'ur' });
    const wrong = await api.put('/api/profile/password', { currentPassword: 'not-mine-1', newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }, member.token);
    expectRefused(wrong, { currentPassword: userMessages.currentPasswordWrong });
    expect(await noticesTo(member.email)).toEqual([]);
    const changed = await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }, member.token);
    expect(changed.status).toBe(200);
    const [notice] = await noticesTo(member.email);
    expect(notice.subject).toBe('سیکیورٹی اطلاع: آپ کا پاس ورڈ بدلا گیا');
    expect(notice.text_body).toContain('(پاکستانی وقت)');
  });

  it('an email change asks for the password; name and phone alone do not; the old address hears of the request and the change, the new one of the change', async () => {
    const member = await signUpMember(ctx);
    expect((await api.put('/api/profile', { name: 'Renamed Member', email: member.email, phone: '0300-1234567' }, member.token)).status).toBe(200);
    const newEmail = uniqueEmail('new-home');
    const alone = await api.put('/api/profile', { name: 'Renamed Member', email: newEmail }, member.token);
    expectRefused(alone, { currentPassword: stepUpMessages.passwordRequired });
    expectRefused(await api.put('/api/profile', { name: 'Renamed Member', email: newEmail, currentPassword: 'not-mine-1' }, member.token), {
      currentPassword: userMessages.currentPasswordWrong,
    });
    expect(await lastEmailTo(ctx.db, newEmail)).toBeUndefined();
    expect(await noticesTo(member.email)).toEqual([]);

    const asked = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Renamed Member', email: newEmail, currentPassword: member.password },
      headers: { authorization: `Bearer ${member.token}`, 'user-agent': CHROME_ON_WINDOWS },
    });
    expect(asked.statusCode).toBe(200);
    const requested = await noticesTo(member.email);
    expect(requested.map((n) => n.subject)).toEqual(['Security notice: a change of your email was asked for']);
    expect(requested[0].text_body).toContain(newEmail);
    expect(requested[0].text_body).toContain('Device: Chrome on Windows');

    const link = (await lastEmailTo(ctx.db, newEmail))!.text_body;
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(link)![1];
    expect((await api.get(`/api/auth/verify-email?token=${token}`)).status).toBe(200);
    const toOld = await noticesTo(member.email);
    const toNew = await noticesTo(newEmail);
    expect(toOld.map((n) => n.subject)).toEqual(['Security notice: a change of your email was asked for', 'Security notice: your email address was changed']);
    expect(toNew.map((n) => n.subject)).toEqual(['Security notice: your email address was changed']);
    expect(toOld[1].text_body).toContain(`from ${member.email} to ${newEmail}`);

    const changes = await api.get('/api/auth/security-changes', member.token);
    expect(changes.status).toBe(200);
    expect(changes.body.changes.map((c: { action: string }) => c.action)).toEqual(['EMAIL_CHANGE', 'EMAIL_CHANGE_REQUEST']);
    expect(changes.body.changes[1]).toMatchObject({ device: 'Chrome on Windows', ip: expect.any(String), byAdmin: false });
  });
});

describe('wrong second-factor codes in a row', () => {
  async function lockEmails(address: string) {
    return (await noticesTo(address)).filter((n) => n.subject === 'Security notice: two-factor codes locked for 15 minutes');
  }

  it('lock sign-in after five: the sixth is refused even when right, the owner is mailed once, and the lock ends after 15 minutes', async () => {
    const admin = await adminWithTwoFactor();
    nextStep();
    const wrong = await wrongCodeFor(admin.secret);
    // Wrong recovery codes count as wrong codes too.
    for (const code of [wrong, wrong, wrong, 'ABCDE-FGHJK', 'ABCDE-FGHJM']) {
      const res = await login(admin.email, admin.password, code);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(twoFactorMessages.codeInvalid);
    }
    expect(await lockEmails(admin.email)).toHaveLength(1);

    const right = await login(admin.email, admin.password, await codeFor(admin.secret));
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ success: false, code: 'twoFactor.locked', message: twoFactorMessages.locked });
    const retryAt = new Date(right.body.retryAt).getTime();
    expect(retryAt).toBeGreaterThan(realNow() + 14 * 60_000);
    expect(retryAt).toBeLessThanOrEqual(realNow() + clockOffsetMs + 15 * 60_000 + 5_000);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Without a code too: the password was right, and the second step is what is locked.
    expect((await login(admin.email, admin.password)).status).toBe(429);
    expect((await login(admin.email, admin.password, wrong)).status).toBe(429);
    expect(await lockEmails(admin.email)).toHaveLength(1);
    expect((await securityAudit(admin.user.id)).filter((row) => row.action === 'TWO_FACTOR_LOCKED')).toEqual([
      { action: 'TWO_FACTOR_LOCKED', security: true, device: null, actor_id: admin.user.id },
    ]);
    // A wrong password is still just a wrong password: the lock says nothing to who does not know it.
    expect((await login(admin.email, 'not-the-password', await codeFor(admin.secret))).status).toBe(401);

    // 15 minutes later (by the database's clock, the one every server shares).
    await ctx.db.query(`UPDATE second_factor_failures SET locked_until = now() - interval '1 second' WHERE user_id = $1`, [admin.user.id]);
    expect((await login(admin.email, admin.password, await codeFor(admin.secret))).status).toBe(200);
  });

  it('a right code resets the count', async () => {
    const admin = await adminWithTwoFactor();
    nextStep();
    const wrong = await wrongCodeFor(admin.secret);
    for (let i = 0; i < 4; i++) expect((await login(admin.email, admin.password, wrong)).status).toBe(401);
    expect((await login(admin.email, admin.password, await codeFor(admin.secret))).status).toBe(200);
    nextStep();
    for (let i = 0; i < 4; i++) expect((await login(admin.email, admin.password, wrong)).status).toBe(401);
    expect((await login(admin.email, admin.password, await codeFor(admin.secret))).status).toBe(200);
    expect(await lockEmails(admin.email)).toEqual([]);
    const { rows } = await ctx.db.query('SELECT 1 FROM second_factor_failures WHERE user_id = $1', [admin.user.id]);
    expect(rows).toEqual([]);
  });

  it('count on a step-up too, and lock it and sign-in alike', async () => {
    const admin = await adminWithTwoFactor();
    nextStep();
    const wrong = await wrongCodeFor(admin.secret);
    const renew = (code: string) => api.post('/api/auth/two-factor/recovery-codes', { currentPassword: admin.password, code }, admin.token);
    for (let i = 0; i < 5; i++) expectRefused(await renew(wrong), { code: twoFactorMessages.codeInvalid });
    const refused = await renew(await codeFor(admin.secret));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('twoFactor.locked');
    expect((await login(admin.email, admin.password, await codeFor(admin.secret))).status).toBe(429);
    expect(await lockEmails(admin.email)).toHaveLength(1);
    // Locked is not signed out.
    expect((await api.get('/api/auth/me', admin.token)).status).toBe(200);
  });
});

describe('admins told of admin-level changes', () => {
  async function threeAdmins() {
    const [actor, second, third] = [await signInAdmin(ctx), await signInAdmin(ctx), await signInAdmin(ctx)];
    return { actor, others: [second, third], all: [actor, second, third] };
  }
  const subjectsTo = async (address: string) => (await noticesTo(address)).map((n) => n.subject);

  it('a role change emails every admin (the actor and the new admin included) and is marked in the audit log; a name change is not', async () => {
    const { actor, all } = await threeAdmins();
    const member = await signUpMember(ctx, { name: 'Rising Member' });
    const renamed = await api.put(`/api/admin/users/${member.user.id}`, { name: 'Rising Member Two', email: member.email, role: 'USER' }, actor.token);
    expect(renamed.status).toBe(200);
    for (const admin of all) expect(await subjectsTo(admin.email)).toEqual([]);

    const promoted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${member.user.id}`,
      payload: { name: 'Rising Member Two', email: member.email, role: 'ADMIN' },
      headers: { authorization: `Bearer ${actor.token}`, 'user-agent': CHROME_ON_WINDOWS },
    });
    expect(promoted.statusCode).toBe(200);
    for (const address of [...all.map((a) => a.email), member.email]) {
      const notices = await noticesTo(address);
      expect(notices.map((n) => n.subject)).toEqual(['Security notice: a user’s role was changed']);
      expect(notices[0].text_body).toContain(`changed the role of Rising Member Two (${member.email}) from User to Administrator`);
      expect(notices[0].text_body).toContain('Device: Chrome on Windows');
    }
    expect((await securityAudit(member.user.id)).map((row) => [row.action, row.security, row.device])).toEqual([
      ['USER_UPDATE', false, null],
      ['USER_UPDATE', true, 'Chrome on Windows'],
    ]);
    const listed = await api.get(`/api/admin/audit?entityId=${member.user.id}`, actor.token);
    expect(listed.body.data.entries.map((e: { security: boolean; device: string | null }) => [e.security, e.device])).toEqual([
      [true, 'Chrome on Windows'],
      [false, null],
    ]);
    // The member sees it on their own list, made by an admin.
    const changes = await api.get('/api/auth/security-changes', member.token);
    // The administrator's device and address stay in the trail, not on the member's list.
    expect(changes.body.changes).toEqual([expect.objectContaining({ action: 'USER_UPDATE', byAdmin: true, device: null, ip: null })]);
  });

  it('creating, editing, deactivating and making default a bank account each email every admin and are marked in the audit log', async () => {
    const { actor, all } = await threeAdmins();
    const body = { accountName: 'Committee Main', accountNumber: '01234567890123', bankName: 'Meezan Bank', accountType: 'Current' };
    const created = await api.post('/api/bank-accounts', body, actor.token, { answer: bankAccountAnswer });
    expect(created.status).toBe(201);
    const id = created.body.data.bankAccount.id;
    for (const admin of all) {
      const [notice] = await noticesTo(admin.email);
      expect(notice.subject).toBe('Security notice: a bank account members pay into was changed');
      expect(notice.text_body).toContain('Admin User added a bank account members pay into: Committee Main, Meezan Bank, account number 01234567890123.');
    }
    const edited = await api.put(`/api/bank-accounts/${id}`, { ...body, accountNumber: '99999999999999' }, actor.token);
    expect(edited.status).toBe(200);
    expect((await api.put(`/api/bank-accounts/${id}/set-default`, undefined, actor.token)).status).toBe(200);
    expect((await api.put(`/api/bank-accounts/${id}/toggle-status`, undefined, actor.token)).status).toBe(200);
    for (const admin of all) {
      const notices = await noticesTo(admin.email);
      expect(notices).toHaveLength(4);
      expect(notices[1].text_body).toContain('changed a bank account members pay into: Committee Main, Meezan Bank, account number 99999999999999.');
      expect(notices[2].text_body).toContain('made the default a bank account');
      expect(notices[3].text_body).toContain('deactivated a bank account');
    }
    expect((await securityAudit(id)).map((row) => [row.action, row.security])).toEqual([
      ['BANK_ACCOUNT_CREATE', true],
      ['BANK_ACCOUNT_UPDATE', true],
      ['BANK_ACCOUNT_SET_DEFAULT', true],
      ['BANK_ACCOUNT_TOGGLE', true],
    ]);
  });

  it('deleting a bank account, for good or kept for the payments made into it, emails every admin and is marked in the audit log', async () => {
    const { actor, all } = await threeAdmins();
    const unused = { accountName: 'Committee Spare', accountNumber: '11112222333344', bankName: 'Meezan Bank', accountType: 'Current' };
    const paidInto = { accountName: 'Committee Old', accountNumber: '55556666777788', bankName: 'Habib Bank Limited', accountType: 'Savings' };
    const unusedId = (await api.post('/api/bank-accounts', unused, actor.token, { answer: bankAccountAnswer })).body.data.bankAccount.id;
    const paidIntoId = (await api.post('/api/bank-accounts', paidInto, actor.token, { answer: bankAccountAnswer })).body.data.bankAccount.id;
    const member = await signUpMember(ctx);
    const plan = await api.post('/api/committee-plans', { name: 'Bank Notice Plan', monthlyAmount: 5000, duration: 10, totalAmount: 50000, maxMembers: 50 }, actor.token);
    expect((await api.post('/api/plan-payments', { planId: plan.body.data.plan.id, amount: 5000, bankAccountId: paidIntoId }, member.token)).status).toBe(201);

    const removed = await api.delete(`/api/bank-accounts/${unusedId}`, actor.token);
    expect(removed.status).toBe(200);
    expect(removed.body.data.kept).toBe(false);
    const kept = await api.delete(`/api/bank-accounts/${paidIntoId}`, actor.token);
    expect(kept.status).toBe(200);
    expect(kept.body.data.kept).toBe(true);

    for (const admin of all) {
      const notices = await noticesTo(admin.email);
      // Two creations, then the two deletions.
      expect(notices).toHaveLength(4);
      expect(notices[2].subject).toBe('Security notice: a bank account members pay into was changed');
      expect(notices[2].text_body).toContain('Admin User deleted a bank account members pay into: Committee Spare, Meezan Bank, account number 11112222333344.');
      expect(notices[3].subject).toBe('Security notice: a bank account members pay into was changed');
      expect(notices[3].text_body).toContain('Admin User deleted a bank account members pay into: Committee Old, Habib Bank Limited, account number 55556666777788.');
    }
    expect((await securityAudit(unusedId)).map((row) => [row.action, row.security, row.actor_id])).toEqual([
      ['BANK_ACCOUNT_CREATE', true, actor.user.id],
      ['BANK_ACCOUNT_DELETE', true, actor.user.id],
    ]);
    expect((await securityAudit(paidIntoId)).map((row) => [row.action, row.security, row.actor_id])).toEqual([
      ['BANK_ACCOUNT_CREATE', true, actor.user.id],
      ['BANK_ACCOUNT_DELETE', true, actor.user.id],
    ]);
  });
});

describe('GET /api/auth/security-changes', () => {
  it('lists one’s own changes newest first, never another person’s; 401 without a session', async () => {
    expect((await api.get('/api/auth/security-changes')).status).toBe(401);
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    expect((await api.get('/api/auth/security-changes', member.token)).body).toEqual({ success: true, changes: [], data: { changes: [] } });
    expect((await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'fresh-pass-2', confirmPassword: 'fresh-pass-2' }, member.token)).status).toBe(200);
    const mine = await api.get('/api/auth/security-changes', member.token);
    expect(mine.body.changes).toEqual([{ id: expect.any(String), action: 'PASSWORD_CHANGE', createdAt: expect.any(String), device: null, ip: expect.any(String), byAdmin: false }]);
    expect((await api.get('/api/auth/security-changes', other.token)).body.changes).toEqual([]);
  });
});
